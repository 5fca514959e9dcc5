import { useLayoutEffect, useReducer, useSyncExternalStore, ViewTransition, type ReactNode } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { openModals } from '#app/lib/modals.ts'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

function subscribeToMotionPreference(onChange: () => void) {
	const query = window.matchMedia(REDUCED_MOTION)
	query.addEventListener('change', onChange)
	return () => query.removeEventListener('change', onChange)
}

/** Whether the user asks for less motion (false on the server and while hydrating). */
function useReducedMotion(): boolean {
	return useSyncExternalStore(
		subscribeToMotionPreference,
		() => window.matchMedia(REDUCED_MOTION).matches,
		() => false,
	)
}

type Shown = { key: string; pathname: string; search: string }

// The location on screen: set once a commit shows it, so the render that brings the next one can tell.
let shown: Shown | null = null

/**
 * Whether going from `from` to `to` is a route change that fades: any navigation (even to the same URL, as a form's
 * redirect back to its page), except a URL modal opening, closing or stacking over the same page — the page stays,
 * and React Aria's modal must see its DOM change and its effects in one go to leave the new modal reachable.
 */
export function fadesBetween(from: Shown, to: Shown): boolean {
	if (from.key === to.key) return false
	const modalOnly = from.pathname === to.pathname && (openModals(from.search).length > 0 || openModals(to.search).length > 0)
	return !modalOnly
}

/**
 * Every route change fades, whatever made it: a link, a tab, a form's redirect, Back or Forward (ADR 024). React
 * Router commits each navigation in a React transition, and React runs a view transition for a <ViewTransition>
 * whose content such a commit changes. This one animates only the commit that brings a new location (class `page`,
 * app.css), not pending states, revalidations or content revealed later, and none for reduced motion, so for them
 * `document.startViewTransition` is never called.
 */
export function RouteTransition({ children }: { children: ReactNode }) {
	const location = useLocation()
	// Re-renders on every router state change (submitting, loading, fetchers…), each of which is left unanimated.
	const navigation = useNavigation()
	const reducedMotion = useReducedMotion()
	// Once the fade has started, one more render turns it off before anything else can change the page.
	const [, settle] = useReducer((count: number) => count + 1, 0)
	useLayoutEffect(() => {
		shown = { key: location.key, pathname: location.pathname, search: location.search }
	})
	const fade = !reducedMotion && navigation.state === 'idle' && shown !== null && fadesBetween(shown, location)
	return (
		<ViewTransition default="none" update={fade ? 'page' : 'none'} onUpdate={settle}>
			{children}
		</ViewTransition>
	)
}
