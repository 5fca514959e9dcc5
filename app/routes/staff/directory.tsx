import { data } from 'react-router'
import { StaffSearch } from '#app/components/directory/StaffSearch.tsx'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { pageRange } from '#app/lib/pagination.ts'
import { ROLE_LABELS } from '#app/lib/roles.ts'
import { listDirectory } from '#app/services/directory.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import type { Route } from './+types/directory.ts'

const READ_SORTS = ['name', 'email', 'role', 'jobTitle'] as const

/** The school's staff, read-only, for need managers and professionals (one module, two routes). */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	const list = readList(new URL(request.url), { sorts: READ_SORTS, sort: 'name' })
	const { rows, total } = await unlessIllegal(list, () => listDirectory(app, list.query), NO_ROWS)
	// Access and sign-in times are the school admin's business: only what a colleague needs.
	return data(
		{ rows: rows.map(({ id, name, email, role, jobTitle }) => ({ id, name, email, role, jobTitle })), total, query: list.query, illegal: list.illegal },
		listStatus(list),
	)
}

export default function Directory({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, illegal } = loaderData
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	const { first, last } = pageRange(query.page, query.pageSize, total)
	return (
		<>
			<PageHeader title="Directory">The staff of your school and how to reach them.</PageHeader>
			<div className="mb-4">
				<StaffSearch q={query.q} sort={query.sort} dir={query.dir} illegal={illegal} />
			</div>
			<ListPanel empty={rows.length === 0} emptyMessage={query.q ? 'No matching data' : 'No data'} illegal={illegal} page={{ ...query, total }} noun="staff">
				<Table caption={`Staff, ${first}–${last} of ${total}`} hideCaption>
					<TableHeader>
						<tr>
							<Column sortKey="name" sortState={sortState}>Name</Column>
							<Column sortKey="role" sortState={sortState}>Role</Column>
							<Column sortKey="jobTitle" sortState={sortState}>Job title</Column>
							<Column sortKey="email" sortState={sortState}>Email</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{rows.map((row) => (
							<Row key={row.id}>
								<RowHeader>{row.name}</RowHeader>
								<Cell>{ROLE_LABELS[row.role]}</Cell>
								<Cell>{row.jobTitle ?? '—'}</Cell>
								<Cell>
									<a href={`mailto:${row.email}`} className="text-brand underline underline-offset-2">
										{row.email}
									</a>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			</ListPanel>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Directory · Spencer' }]
