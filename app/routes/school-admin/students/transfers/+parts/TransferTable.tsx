import { type ReactNode } from 'react'
import { Form, useLocation } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Badge, type BadgeVariant } from '#app/components/ui/Badge.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { formatDate } from '#app/lib/format.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { MODAL_PARAM } from '#app/lib/modals.ts'
import { TRANSFER_STATUS_LABELS, type TransferStatus } from '#app/models/enums.ts'

export type TransferRowData = {
	id: string
	student: string
	upn: string
	yearGroup: string
	school: string
	requestedBy: string | null
	note: string | null
	status: TransferStatus
	reason: string | null
	createdAt: string
	decidedAt: string | null
}

const STATUS_VARIANT: Record<TransferStatus, BadgeVariant> = { created: 'neutral', approved: 'success', rejected: 'danger' }

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
	return <Badge variant={STATUS_VARIANT[status]}>{TRANSFER_STATUS_LABELS[status]}</Badge>
}

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

/** A page of transfer requests with search, sort links and the actions each pending row allows. */
export function TransferTable({
	caption,
	schoolColumn,
	rows,
	total,
	query,
	actions,
}: {
	caption: string
	schoolColumn: string
	rows: TransferRowData[]
	total: number
	query: ListQuery<string>
	actions: (row: TransferRowData) => ReactNode
}) {
	const location = useLocation()
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	return (
		<>
			<Form key={location.search} method="get" role="search" aria-label={caption} className="mb-4 flex flex-wrap items-end gap-3">
				<input type="hidden" name="sort" value={query.sort} />
				<input type="hidden" name="dir" value={query.dir} />
				<div className="flex flex-col gap-1">
					<label htmlFor="transfer-search" className="text-sm font-medium text-slate-900">
						Search by student, UPN or school
					</label>
					<input id="transfer-search" type="search" name="q" defaultValue={query.q} className={`w-72 ${controlClass}`} />
				</div>
				<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
					Search
				</button>
			</Form>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">{query.q ? 'No matching data' : 'No requests yet'}</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
					<Table caption={caption} hideCaption>
						<TableHeader>
							<tr>
								<Column sortKey="student" sortState={sortState}>Student</Column>
								<Column>{schoolColumn}</Column>
								<Column>Note</Column>
								<Column sortKey="created" sortState={sortState}>Sent</Column>
								<Column sortKey="status" sortState={sortState}>Status</Column>
								<Column>Actions</Column>
							</tr>
						</TableHeader>
						<TableBody>
							{rows.map((row) => (
								<Row key={row.id}>
									<RowHeader>
										<span className="font-medium">{row.student}</span>
										<span className="block font-mono text-sm text-slate-700">{row.upn}</span>
										<span className="block text-sm text-slate-700">{row.yearGroup}</span>
									</RowHeader>
									<Cell>{row.school}</Cell>
									<Cell className="max-w-xs text-sm text-slate-800">
										{row.note ?? '—'}
										{row.requestedBy ? <span className="block text-slate-700">Sent by {row.requestedBy}</span> : null}
									</Cell>
									<Cell>{formatDate(row.createdAt)}</Cell>
									<Cell>
										<TransferStatusBadge status={row.status} />
										{row.decidedAt ? <span className="block text-sm text-slate-700">{formatDate(row.decidedAt)}</span> : null}
										{row.reason ? <span className="block max-w-xs text-sm text-slate-800">Reason: {row.reason}</span> : null}
									</Cell>
									<Cell>{row.status === 'created' ? actions(row) : null}</Cell>
								</Row>
							))}
						</TableBody>
					</Table>
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="requests" />
		</>
	)
}

/** The page's URL without any modal and its target id: where a confirmed action posts. */
export function withoutModal(location: { pathname: string; search: string }): string {
	const search = new URLSearchParams(location.search)
	search.delete(MODAL_PARAM)
	search.delete('id')
	const query = search.toString()
	return query ? `${location.pathname}?${query}` : location.pathname
}

/** The same URL with modal `name` open on request `id`. */
export function modalOn(location: { pathname: string; search: string }, name: string, id: string): string {
	const search = new URLSearchParams(location.search)
	search.delete(MODAL_PARAM)
	search.set(MODAL_PARAM, name)
	search.set('id', id)
	return `${location.pathname}?${search}`
}

/** "Are you sure?" for one request: a real form post, closed whatever the answer. */
export function ConfirmTransferModal({
	name,
	title,
	intent,
	id,
	confirmLabel,
	variant,
	children,
}: {
	name: string
	title: string
	intent: string
	id: string
	confirmLabel: string
	variant: 'primary' | 'danger'
	children: ReactNode
}) {
	const location = useLocation()
	return (
		<UrlModal name={name} title={title} size="sm" closeLabel="Keep it">
			<Form method="post" action={withoutModal(location)} className="flex flex-col gap-4">
				<input type="hidden" name="id" value={id} />
				<div>{children}</div>
				<div>
					<SubmitButton intent={intent} variant={variant}>
						{confirmLabel}
					</SubmitButton>
				</div>
			</Form>
		</UrlModal>
	)
}
