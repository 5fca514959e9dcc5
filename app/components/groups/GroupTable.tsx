import { Link } from 'react-router'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import type { IllegalInput } from '#app/lib/pagination.ts'

type GroupRow = { id: string; name: string; description: string | null; students: number; staff: number }

/**
 * One page of a groups list (school admin's and the staff areas'): sortable by
 * name and head counts, each name linking to `href(id)`, then the pagination.
 */
export function GroupTable({
	rows,
	total,
	query,
	illegal,
	href,
}: {
	rows: GroupRow[]
	total: number
	query: { q: string; sort: string; dir: 'asc' | 'desc'; page: number; pageSize: number }
	/** A search the server refused: the list says "Illegal input". */
	illegal: IllegalInput | null
	href: (id: string) => string
}) {
	const sortState = { sort: query.sort, dir: query.dir }
	return (
		<ListPanel empty={rows.length === 0} emptyMessage={query.q ? 'No matching data' : 'No data'} illegal={illegal} page={{ ...query, total }} noun="groups">
			<Table caption="Groups" hideCaption>
				<TableHeader>
					<tr>
						<Column sortKey="name" sortState={sortState}>Name</Column>
						<Column>Description</Column>
						<Column sortKey="students" sortState={sortState} numeric>Students</Column>
						<Column sortKey="staff" sortState={sortState} numeric>Staff</Column>
					</tr>
				</TableHeader>
				<TableBody>
					{rows.map((group) => (
						<Row key={group.id}>
							<RowHeader>
								<Link to={href(group.id)} className="font-medium text-brand underline underline-offset-2">
									{group.name}
								</Link>
							</RowHeader>
							<Cell className="max-w-md text-slate-700">{group.description ?? '—'}</Cell>
							<Cell numeric>{group.students}</Cell>
							<Cell numeric>{group.staff}</Cell>
						</Row>
					))}
				</TableBody>
			</Table>
		</ListPanel>
	)
}
