import { type ReactNode } from 'react'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { Badge, type BadgeVariant } from '#app/components/ui/Badge.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { type SortState } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { IllegalInput, ListQuery } from '#app/lib/pagination.ts'
import { TRANSFER_STATUS_LABELS, type TransferStatus } from '#app/models/enums.ts'
import type { TransferRow } from '#app/services/transfers.server.ts'

const STATUS_VARIANT: Record<TransferStatus, BadgeVariant> = { created: 'neutral', approved: 'success', rejected: 'danger' }

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
	return <Badge variant={STATUS_VARIANT[status]}>{TRANSFER_STATUS_LABELS[status]}</Badge>
}

/** A page of transfer requests with search, sort links and the actions each pending row allows. */
export function TransferTable({
	caption,
	schoolColumn,
	rows,
	total,
	query,
	illegal,
	actions,
}: {
	caption: string
	schoolColumn: string
	rows: TransferRow[]
	total: number
	query: ListQuery<string>
	illegal: IllegalInput | null
	actions: (row: TransferRow) => ReactNode
}) {
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	return (
		<>
			<ListSearch id="transfer-search" label="Search by student, UPN or school" name={caption} q={query.q} sort={query} width="w-72" className="mb-4" illegal={illegal} />
			<ListPanel empty={rows.length === 0} emptyMessage={query.q ? 'No matching data' : 'No requests yet'} illegal={illegal} page={{ ...query, total }} noun="requests">
				<DataTable
					caption={caption}
					hideCaption
					sortState={sortState}
					rows={rows}
					columns={[
						{
							header: 'Student',
							sortKey: 'student',
							rowHeader: true,
							cell: (row) => (
								<>
									<span className="font-medium">{row.student}</span>
									<span className="block font-mono text-sm text-slate-700">{row.upn}</span>
									<span className="block text-sm text-slate-700">{row.yearGroup}</span>
								</>
							),
						},
						{ header: schoolColumn, cell: (row) => row.school },
						{
							header: 'Note',
							className: 'max-w-xs text-sm text-slate-800',
							cell: (row) => (
								<>
									{row.note ?? '—'}
									{row.requestedBy ? <span className="block text-slate-700">Sent by {row.requestedBy}</span> : null}
								</>
							),
						},
						{ header: 'Sent', sortKey: 'created', cell: (row) => formatDate(row.createdAt) },
						{
							header: 'Status',
							sortKey: 'status',
							cell: (row) => (
								<>
									<TransferStatusBadge status={row.status} />
									{row.decidedAt ? <span className="block text-sm text-slate-700">{formatDate(row.decidedAt)}</span> : null}
									{row.reason ? <span className="block max-w-xs text-sm text-slate-800">Reason: {row.reason}</span> : null}
								</>
							),
						},
						{ header: 'Actions', cell: (row) => (row.status === 'created' ? actions(row) : null) },
					]}
				/>
			</ListPanel>
		</>
	)
}

/** One of the transfers tabs: its heading (for screen readers: the tab names it on screen), what it lists, the list. */
export function TransferPane({ id, heading, intro, children }: { id: string; heading: string; intro: string; children: ReactNode }) {
	return (
		<section aria-labelledby={id}>
			<h2 id={id} className="sr-only">
				{heading}
			</h2>
			<p className="mb-4 text-slate-700">{intro}</p>
			{children}
		</section>
	)
}
