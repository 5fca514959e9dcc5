import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true afterwards. Components that
 * need the DOM (overlays, charts) render their no-JavaScript form until then,
 * so the first client render matches the server's HTML.
 * Once a page has hydrated, React re-renders each caller synchronously (the
 * snapshot differs from the server's), with everything it renders: call it in
 * the smallest component that differs, never in a frame or a page (ADR 085).
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => true,
		() => false,
	)
}
