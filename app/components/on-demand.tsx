import { use, type ComponentType } from 'react'

export type OnDemand<Props> = ComponentType<Props> & {
	/** Fetches the component's code (once); a route's clientLoader awaits it beside its data. */
	preload: () => Promise<unknown>
}

/**
 * A component whose code is a chunk of its own, fetched by the browser only when a page needs it (ADR 059): a URL
 * modal, which most visits never open. Unlike React.lazy it renders at once when its code is already here, as on the
 * server (which loads it as it starts) and after a clientLoader has preloaded it, so neither the server's render nor
 * a navigation's waits. Rendered before its code is here (a page loaded with the modal open, while it hydrates) it
 * suspends, with no boundary of its own: the whole page then hydrates once the chunk has come, the modal included,
 * as the server rendered it.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>): OnDemand<Props> {
	let loading: (Promise<ComponentType<Props>> & { status?: 'fulfilled'; value?: ComponentType<Props> }) | undefined
	// A chunk that fails to load (a deploy replaced it) makes the page load again (chunk-recovery.client.ts).
	// The promise says it is fulfilled as React reads it, so use() returns the component at once, without suspending.
	const preload = () =>
		(loading ??= load().then((component) => {
			Object.assign(loading!, { status: 'fulfilled', value: component })
			return component
		}))
	function OnDemandComponent(props: Props) {
		// use() on every render, never only on some: a render that suspended in use() must call it again when retried.
		const Component = use(preload())
		return <Component {...props} />
	}
	if (typeof document === 'undefined') void preload()
	return Object.assign(OnDemandComponent, { preload })
}
