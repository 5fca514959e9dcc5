import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { RowModalButton } from '#app/components/ui/ModalButton.tsx'
import { type SortState } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { pageRange, type ListQuery } from '#app/lib/pagination.ts'
import { DUE_WINDOW_DAYS } from '#app/lib/retention-schema.ts'
import type { DueRow } from '#app/services/retention.server.ts'
import { HOLD_MODAL, holdUntil } from './HoldModal.tsx'

/**
 * The students whose records are due to be erased within DUE_WINDOW_DAYS, soonest first: when they were archived,
 * the day their records go, and any hold, with the button that opens the hold modal.
 */
export function DueTable({ rows, total, query, today, windowEnd }: { rows: DueRow[]; total: number; query: ListQuery<string>; today: string; windowEnd: string }) {
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	const { first, last } = pageRange(query.page, query.pageSize, total)
	return (
		<section aria-labelledby="due-heading">
			<h2 id="due-heading" className="mb-2 text-lg font-semibold text-slate-900">
				Due in the next {DUE_WINDOW_DAYS} days
			</h2>
			<p className="mb-4 max-w-prose text-slate-800">
				Students whose records are erased by {formatDate(windowEnd)}, overnight on the day shown. Those on hold
				are listed too, even past their date, until their hold ends.
			</p>
			<ListPanel empty={rows.length === 0} emptyMessage={`No student’s records are due to be erased in the next ${DUE_WINDOW_DAYS} days.`} page={{ ...query, total }} noun="students">
				<DataTable
					caption={`Students due to be erased, ${first}–${last} of ${total}`}
					hideCaption
					sortState={sortState}
					rows={rows}
					columns={[
						{ header: 'Student', sortKey: 'name', rowHeader: true, cell: (row) => <span className="font-medium">{row.name}</span> },
						{ header: 'Year group', cell: (row) => row.yearGroup },
						{ header: 'Archived on', cell: (row) => formatDate(row.archivedOn) },
						{
							header: 'Due on',
							sortKey: 'due',
							cell: (row) => (
								<>
									{formatDate(row.dueOn)}
									{row.dueOn <= today && !row.hold ? <span className="block text-sm text-slate-700">At the next nightly erasure</span> : null}
								</>
							),
						},
						{
							header: 'Hold',
							cell: (row) => (row.hold ? <Badge variant="warning">On hold {holdUntil(row.hold.until)}</Badge> : <span className="text-slate-700">None</span>),
						},
						{
							header: <span className="sr-only">Actions</span>,
							cell: (row) => (
								<RowModalButton modal={HOLD_MODAL} id={row.id} of={`for ${row.name}`}>
									{row.hold ? 'Change hold' : 'Place hold'}
								</RowModalButton>
							),
						},
					]}
				/>
			</ListPanel>
		</section>
	)
}
