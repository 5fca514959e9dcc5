import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { Column, RowLink, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { pageRange, type IllegalInput } from '#app/lib/pagination.ts'
import { SEN_STATUS_LABELS } from '#app/models/enums.ts'
import type { StudentRow } from '#app/services/students.server.ts'

/**
 * One page of a students list (school admin's and the staff areas'): sortable
 * columns, each name linking to `href(id)`, then the pagination.
 */
export function StudentTable({
	rows,
	total,
	query,
	filtered,
	illegal,
	href,
}: {
	rows: StudentRow[]
	total: number
	query: { sort: string; dir: 'asc' | 'desc'; page: number; pageSize: number }
	/** Whether a search or filter is applied (the empty message says "No matching data"). */
	filtered: boolean
	/** A search or filter the server refused: the list says "Illegal input". */
	illegal: IllegalInput | null
	href: (id: string) => string
}) {
	const sortState = { sort: query.sort, dir: query.dir }
	const { first, last } = pageRange(query.page, query.pageSize, total)
	return (
		<ListPanel empty={rows.length === 0} emptyMessage={filtered ? 'No matching data' : 'No data'} illegal={illegal} page={{ ...query, total }} noun="students">
			<Table caption={`Students, ${first}–${last} of ${total}`} hideCaption>
				<TableHeader>
					<tr>
						<Column sortKey="name" sortState={sortState}>Name</Column>
						<Column sortKey="upn" sortState={sortState}>UPN</Column>
						<Column sortKey="yearGroup" sortState={sortState}>Year group</Column>
						<Column sortKey="senStatus" sortState={sortState}>SEN status</Column>
						<Column>Key professional</Column>
						<Column>Groups</Column>
					</tr>
				</TableHeader>
				<TableBody>
					{/* Plain elements, styled by TableBody's rule, and a RowLink: a page may hold 100 rows, and TableBody hands the links to the router. */}
					{rows.map((student) => (
						<tr key={student.id}>
							<th scope="row">
								<RowLink href={href(student.id)}>{student.name}</RowLink>
								{student.archived ? <Badge className="ml-2">Archived</Badge> : null}
							</th>
							<td className="font-mono">{student.upn}</td>
							<td>{student.yearGroup}</td>
							<td>{SEN_STATUS_LABELS[student.senStatus]}</td>
							<td>{student.keyProfessional ?? '—'}</td>
							<td>{student.groups.length ? student.groups.join(', ') : '—'}</td>
						</tr>
					))}
				</TableBody>
			</Table>
		</ListPanel>
	)
}

/** Whether a students list's search or any of its filters is applied. */
export function isFiltered(query: { q: string }, filters: { yearGroup: string | null; groupId: string | null; senStatus: string | null }): boolean {
	return Boolean(query.q || filters.yearGroup || filters.groupId || filters.senStatus)
}
