import { useState, useSyncExternalStore } from 'react'

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

export type FocusHandover = {
	/** The ref of the no-JavaScript control: notes, as it leaves the page, whether it had the focus. */
	from: (element: HTMLElement | null) => (() => void) | undefined
	/** The ref of the hydrated control: takes the focus as it arrives when the other had it. */
	to: (element: HTMLElement | null) => void
}

/** The props of both forms of a swapped control: the handover they share. */
export type HandedOver = { handover: FocusHandover }

/**
 * The focus, handed from a control's no-JavaScript form to its hydrated one as `useHydrated` swaps them: someone who
 * reached a select before the page's JavaScript ran, or a refused field the page focused as it loaded (ADR 101), keeps
 * their place rather than finding the focus on the page's body. Call it in the component that swaps them.
 */
export function useFocusHandover(): FocusHandover {
	const [handover] = useState<FocusHandover>(() => {
		let hadFocus = false
		return {
			from: (element) => {
				if (!element) return undefined
				return () => {
					hadFocus = element === document.activeElement
				}
			},
			to: (element) => {
				if (!element || !hadFocus) return
				hadFocus = false
				element.focus()
			},
		}
	})
	return handover
}
