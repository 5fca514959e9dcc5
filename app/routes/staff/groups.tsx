import { Form, Link, useLocation } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { HOMES } from '#app/services/auth.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { seesWholeSchool } from '#app/services/need-to-know.server.ts'
import { GROUP_SORTS, listVisibleGroups } from '#app/services/visible-groups.server.ts'
import type { Route } from './+types/groups.ts'

/** The groups of the need-manager and professional areas (one module, two routes): read-only, within need-to-know. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	const query = readListQuery(new URL(request.url), GROUP_SORTS, 'name')
	const { rows, total } = await listVisibleGroups(app, query)
	return { rows, total, query, area: HOMES[app.auth.role!], wholeSchool: seesWholeSchool(app.auth) }
}

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

export default function Groups({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, area, wholeSchool } = loaderData
	const location = useLocation()
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	return (
		<>
			<PageHeader title="Groups">
				{wholeSchool ? 'The groups of your school.' : 'The groups you support or that hold students you work with; each shows only those students.'}
			</PageHeader>
			<Form key={location.search} method="get" role="search" aria-label="Groups" className="mb-4 flex flex-wrap items-end gap-3">
				<input type="hidden" name="sort" value={query.sort} />
				<input type="hidden" name="dir" value={query.dir} />
				<div className="flex flex-col gap-1">
					<label htmlFor="group-search" className="text-sm font-medium text-slate-900">
						Search by name
					</label>
					<input id="group-search" type="search" name="q" defaultValue={query.q} className={`w-64 ${controlClass}`} />
				</div>
				<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
					Search
				</button>
			</Form>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">{query.q ? 'No matching data' : 'No Data'}</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
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
										<Link to={`${area}/groups/${group.id}`} className="font-medium text-brand underline underline-offset-2">
											{group.name}
										</Link>
									</RowHeader>
									<Cell>{group.description ?? '—'}</Cell>
									<Cell numeric>{group.students}</Cell>
									<Cell numeric>{group.staff}</Cell>
								</Row>
							))}
						</TableBody>
					</Table>
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="groups" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Groups · Spencer' }]
