import { X } from 'lucide-react'
import { useLayoutEffect, useSyncExternalStore } from 'react'
import {
	Button as AriaButton,
	Text,
	UNSTABLE_Toast as AriaToast,
	UNSTABLE_ToastContent as AriaToastContent,
	UNSTABLE_ToastQueue as ToastQueue,
	UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components'
import { DEFAULT_TOAST_POSITION, TOAST_POSITIONS, TOAST_TIMEOUT_MS, toastRegionLabel, type Toast, type ToastPosition } from '#app/lib/toast.ts'
import { regionStyles, ToastIcon, toastStyles } from './StaticToasts.tsx'
import { Icon } from './Icon.tsx'

// One queue per corner, for the page's life: a toast in one corner never moves another corner's, and a toast stays
// until it closes, whatever navigations happen meanwhile.
const QUEUES = Object.fromEntries(TOAST_POSITIONS.map((position) => [position, new ToastQueue<Toast>({ maxVisibleToasts: 5 })])) as Record<
	ToastPosition,
	ToastQueue<Toast>
>
// Each toast received is queued once (a loader's answer stays in the router's state across renders), and a toast
// flashed again under the same id while it shows is not shown twice (e.g. the impersonation-ended warning).
const received = new WeakSet<Toast>()
const showing = new Set<string>()

/**
 * The toast regions once hydrated (React Aria), one per corner, each shown only while it has toasts: a success or
 * info toast closes itself after 4 s (paused while hovered or focused), a warning or error with its close button only, the others in its corner
 * close up (16 px apart), and F6 reaches each region. Loaded on demand by Toasts.tsx, which renders the same toasts
 * as plain HTML on the server and without JavaScript.
 */
export function ToastRegions({ toasts }: { toasts: Toast[] }) {
	// Before paint, so the plain-HTML toasts this replaces never blink.
	useLayoutEffect(() => {
		for (const toast of toasts) {
			if (received.has(toast)) continue
			received.add(toast)
			if (showing.has(toast.id)) continue
			showing.add(toast.id)
			// A success or a note goes by itself; a warning or an error stays until closed: what it says may be nowhere else
			// on the page, and 4 s is too short to read for some (WCAG 2.2.1, ADR 096).
			const timeout = toast.type === 'success' || toast.type === 'info' ? TOAST_TIMEOUT_MS : undefined
			QUEUES[toast.position ?? DEFAULT_TOAST_POSITION].add(toast, { timeout, onClose: () => showing.delete(toast.id) })
		}
	}, [toasts])

	return TOAST_POSITIONS.map((position) => <ToastRegion key={position} position={position} />)
}

function ToastRegion({ position }: { position: ToastPosition }) {
	const queue = QUEUES[position]
	// Mounted only while it has toasts: React Aria registers the region for F6 when it mounts, and only if it is
	// in the page then (an empty region is not), so an empty one mounted early would never be reachable.
	const shown = useSyncExternalStore(
		(onChange) => queue.subscribe(onChange),
		() => queue.visibleToasts.length > 0,
		() => false,
	)
	if (!shown) return null
	return (
		<AriaToastRegion
			queue={queue}
			aria-label={toastRegionLabel(position)}
			data-toast-region={position}
			className={(renderProps) => regionStyles({ ...renderProps, position })}
		>
			{({ toast }) => (
				<AriaToast toast={toast} className={(renderProps) => toastStyles({ ...renderProps, type: toast.content.type })}>
					<ToastIcon type={toast.content.type} />
					<AriaToastContent className="flex min-w-0 flex-1 flex-col gap-1">
						<Text slot="title" className="font-semibold">
							{toast.content.title}
						</Text>
						{toast.content.description ? (
							<Text slot="description" className="text-sm text-slate-700">
								{toast.content.description}
							</Text>
						) : null}
					</AriaToastContent>
					<AriaButton
						slot="close"
						className="-m-1 flex size-8 shrink-0 cursor-pointer items-center justify-center rounded text-slate-700 hover:bg-slate-100 hover:text-slate-900"
					>
						<Icon icon={X} className="size-4" />
					</AriaButton>
				</AriaToast>
			)}
		</AriaToastRegion>
	)
}
