import type { ReactNode } from 'react'
import { Pagination } from './Pagination.tsx'

/**
 * A server-paginated list's body: its table in a panel, or a message when the
 * page is empty, then the pagination links.
 */
export function ListPanel({
	empty,
	emptyMessage,
	page,
	noun,
	children,
}: {
	/** Whether the page has no rows. */
	empty: boolean
	/** What an empty page says ("No matching data" when searched, "No Data" otherwise, as a rule). */
	emptyMessage: ReactNode
	page: { page: number; pageSize: number; total: number }
	/** The plural noun of the pagination's "No …" line. */
	noun: string
	children: ReactNode
}) {
	return (
		<>
			{empty ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">{emptyMessage}</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">{children}</div>
			)}
			<Pagination page={page.page} pageSize={page.pageSize} total={page.total} noun={noun} />
		</>
	)
}
