import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from '#app/components/ui/hydrated.ts'

/**
 * Where focus goes when the questionnaire's pages change by navigation (a saved domain, the review step):
 * to the page's heading, `headingRef` (an element with tabIndex -1), while `message` is written into the
 * live region `liveRef`. A link to `#question-…` focuses that question's first choice instead. `step` names
 * the page: focus moves each time it changes, not on a reload of the same step (a refused save, a toast).
 * The page as the server sent it keeps the browser's focus, so hydrating late on a slow device never pulls
 * focus back from where the user has already gone.
 */
export function useArrivalFocus(step: string, message = '') {
	const headingRef = useRef<HTMLHeadingElement>(null)
	const liveRef = useRef<HTMLParagraphElement>(null)
	const location = useLocation()
	// False while hydrating the server's page (its first effects run then), true when mounted by a navigation.
	const hydrated = useHydrated()
	const arrived = useRef(hydrated)
	useEffect(() => {
		if (!arrived.current) {
			arrived.current = true
			return
		}
		const target = location.hash ? document.getElementById(idOfHash(location.hash)) : null
		const choice = target?.querySelector<HTMLElement>('input:not([disabled])')
		;(choice ?? headingRef.current)?.focus()
		// Written after the region is on the page, so screen readers hear the change.
		if (liveRef.current) liveRef.current.textContent = message
		// Only a new step moves focus; its message and location belong to it.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [step])
	return { headingRef, liveRef }
}

/** The element id a `#…` names; a malformed escape (`#%`) is taken as typed rather than thrown. */
export function idOfHash(hash: string): string {
	const raw = hash.replace(/^#/, '')
	try {
		return decodeURIComponent(raw)
	} catch {
		return raw
	}
}
