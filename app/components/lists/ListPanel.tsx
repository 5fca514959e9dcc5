import type { ReactNode } from 'react'
import type { IllegalInput } from '#app/lib/pagination.ts'
import { Pagination } from './Pagination.tsx'

/** The label of a list the server refused to search (ADR 023), beside "No data" and "No matching data". */
const ILLEGAL_INPUT = 'Illegal input'

/**
 * A server-paginated list's body: its table in a panel, or a message when the
 * page is empty, then the pagination links. A search or filter the server
 * refused (`illegal`) shows "Illegal input" and the field's message instead.
 */
export function ListPanel({
	empty,
	emptyMessage,
	illegal,
	page,
	noun,
	children,
}: {
	/** Whether the page has no rows. */
	empty: boolean
	/** What an empty page says ("No matching data" when searched, "No data" otherwise, as a rule). */
	emptyMessage: ReactNode
	illegal?: IllegalInput | null
	page: { page: number; pageSize: number; total: number }
	/** The plural noun of the pagination's "No …" line. */
	noun: string
	children: ReactNode
}) {
	if (illegal) return <IllegalInputPanel illegal={illegal} />
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

/** The empty list of a refused search or filter: "Illegal input", then what was wrong. */
export function IllegalInputPanel({ illegal, className }: { illegal: IllegalInput; className?: string }) {
	return (
		<div className={`rounded-lg border border-slate-200 bg-white p-8 text-center ${className ?? ''}`.trim()}>
			<p className="font-semibold text-slate-900">{ILLEGAL_INPUT}</p>
			<p className="mt-1 text-slate-700">{illegal.message}</p>
		</div>
	)
}
