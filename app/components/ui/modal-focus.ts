import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * Focus return for URL modals (issue 14.3, ADR 033). A URL modal closes by navigating (Escape, Close/Cancel, Back,
 * a submit that redirects), and the page behind may re-render, so the element that had focus when it opened may be
 * gone or replaced. What stays is the opener's address: the link that opened the modal points at the URL the modal
 * was open at. So on close the link to that URL gets focus; failing that (the row was deleted, the modal was opened
 * from a pasted address), the page's h1, else its main.
 */
export function useModalFocusReturn(open: boolean) {
	const { pathname, search } = useLocation()
	const openedAt = useRef<string | null>(null)
	useEffect(() => {
		if (open) openedAt.current = pathname + search
		else if (openedAt.current !== null) {
			returnFocus(openedAt.current)
			openedAt.current = null
		}
	}, [open, pathname, search])
	useEffect(() => {
		// Unmounted while open: its page stopped rendering it (a submit redirected, the route changed).
		const ref = openedAt
		return () => {
			if (ref.current !== null) returnFocus(ref.current)
		}
	}, [])
}

/** Same pathname and the same params (each key's values in their order): the opener's href and the open URL. */
function sameAddress(a: string, b: string): boolean {
	const key = (href: string) => {
		const url = new URL(href, 'http://x')
		const params = [...url.searchParams.entries()].sort(([k1], [k2]) => (k1 < k2 ? -1 : k1 > k2 ? 1 : 0))
		return `${url.pathname}?${new URLSearchParams(params).toString()}`
	}
	return key(a) === key(b)
}

function visible(element: HTMLElement): boolean {
	return element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0
}

/** The top modal dialog; a toast (an `alertdialog` that is not modal) is not one, and the page's focus is not its. */
function topDialog(): Element | null {
	const dialogs = [...document.querySelectorAll('[role="dialog"]:not([aria-modal="false"]), [role="alertdialog"]:not([aria-modal="false"])')]
	return dialogs.at(-1) ?? null
}

/** Focuses the opener of the modal that was open at `openedAt`, once the close navigation has rendered. */
function returnFocus(openedAt: string) {
	// After React Aria's own restore (scheduled in a layout effect's cleanup, so before this).
	requestAnimationFrame(() => {
		const dialog = topDialog()
		const opener = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
			(link) => sameAddress(link.getAttribute('href') ?? '', openedAt) && visible(link) && (!dialog || dialog.contains(link)),
		)
		if (opener) {
			opener.focus()
			return
		}
		// Another modal took over (one replaced this one): it holds the focus.
		if (dialog) return
		const target = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('main')
		if (!target) return
		if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
		target.focus()
	})
}
