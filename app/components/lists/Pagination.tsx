import { Link, useLocation } from 'react-router'
import { pageHref, pageRange } from '#app/lib/pagination.ts'

const pageLink = 'rounded-md border border-slate-500 px-3 py-1 font-medium hover:bg-slate-100'

/** "Showing 26–50 of 120" and previous/next links that keep the list's search, filters and sort. */
export function Pagination({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: string }) {
	const location = useLocation()
	const pages = Math.max(1, Math.ceil(total / pageSize))
	const { first, last } = pageRange(page, pageSize, total)
	// A page past the end (an old bookmark, an edited address, rows deleted since): said, with the way to the last one.
	const pastTheEnd = total > 0 && page > pages
	return (
		<nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
			<p aria-live="polite">
				{total === 0 ? `No ${noun}` : pastTheEnd ? `Page ${page} is past the end: there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`} of ${total} ${noun}.` : `Showing ${first}–${last} of ${total}`}
			</p>
			<div className="flex gap-2">
				{pastTheEnd ? (
					<Link to={pageHref(location.search, pages)} className={pageLink}>
						Last page
					</Link>
				) : page > 1 ? (
					<Link to={pageHref(location.search, page - 1)} className={pageLink}>
						Previous page
					</Link>
				) : null}
				{page < pages ? (
					<Link to={pageHref(location.search, page + 1)} className={pageLink}>
						Next page
					</Link>
				) : null}
			</div>
		</nav>
	)
}
