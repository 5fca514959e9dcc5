import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Says the new page's title to screen readers after a navigation made in the browser (a link followed once hydrated, a
 * form's redirect, Back): a page load is announced by the browser itself, a navigation made by the router is not. Only
 * a new address's path counts: a list's filters, its pages and a URL modal keep their page (a dialog says its own name).
 * The same title twice (one student's profile, then another's) still changes the region's text, so it is said again.
 */
export function PageAnnouncer() {
	const { pathname } = useLocation()
	const previous = useRef<string | null>(null)
	const [said, setSaid] = useState({ title: '', count: 0 })
	useEffect(() => {
		if (previous.current !== null && previous.current !== pathname) {
			const title = document.title.replace(/ · Spencer$/, '')
			setSaid((last) => ({ title, count: last.count + 1 }))
		}
		previous.current = pathname
	}, [pathname])
	return (
		<p aria-live="assertive" aria-atomic="true" className="sr-only" data-page-announcer="">
			{said.title}
			{said.count % 2 ? '\u00a0' : ''}
		</p>
	)
}
