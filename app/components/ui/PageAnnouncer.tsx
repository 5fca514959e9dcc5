import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * Marks a heading that its page focuses after a navigation, and so announces itself (the questionnaire's steps: their
 * heading and their own message say where the user is). While one is on the page, the title is not said as well.
 */
export const ANNOUNCES_ITS_ARRIVAL = 'data-announces-its-arrival'

/**
 * Says the new page's title to screen readers after a navigation made in the browser (a link followed once hydrated, a
 * form's redirect, Back): a page load is announced by the browser itself, a navigation made by the router is not. Only
 * a new address's path counts: a list's filters, its pages and a URL modal keep their page (a dialog says its own name).
 * The same title twice (one student's profile, then another's) still changes the region's text, so it is said again.
 * A page that moves the focus to its own heading on arrival (ANNOUNCES_ITS_ARRIVAL) is read by that, and not twice.
 */
export function PageAnnouncer() {
	const { pathname } = useLocation()
	const previous = useRef<string | null>(null)
	const [said, setSaid] = useState({ title: '', count: 0 })
	useEffect(() => {
		if (previous.current !== null && previous.current !== pathname) {
			// Emptied rather than left with the last page's title when the page says where the user is (not announced).
			const announcedByThePage = document.querySelector(`main [${ANNOUNCES_ITS_ARRIVAL}]`) !== null
			const title = announcedByThePage ? '' : document.title.replace(/ · Spencer$/, '')
			setSaid((last) => ({ title, count: last.count + (title ? 1 : 0) }))
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
