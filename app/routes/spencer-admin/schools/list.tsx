import { Form, Link } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { readListQuery } from '#app/lib/pagination.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listSchools, SCHOOL_SORTS } from '#app/services/schools.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const query = readListQuery(new URL(request.url), SCHOOL_SORTS, 'name')
	const { rows, total } = await listSchools(app, query)
	return { rows, total, query }
}

export default function Schools({ loaderData }: Route.ComponentProps) {
	const { rows, total, query } = loaderData
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1
	const last = Math.min(total, query.page * query.pageSize)
	return (
		<>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<PageHeader title="Schools">Every school on Spencer, its students and staff.</PageHeader>
				<ButtonLink to="/spencer-admin/schools/create">Add school</ButtonLink>
			</div>
			<Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
				<input type="hidden" name="sort" value={query.sort} />
				<input type="hidden" name="dir" value={query.dir} />
				<div className="flex flex-col gap-1">
					<label htmlFor="school-search" className="text-sm font-medium text-slate-900">
						Search by name, subdomain or URN
					</label>
					<input
						id="school-search"
						type="search"
						name="q"
						defaultValue={query.q}
						className="w-72 rounded-md border border-slate-500 px-3 py-2 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700"
					/>
				</div>
				<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
					Search
				</button>
			</Form>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
					{query.q ? 'No matching data' : 'No Data'}
				</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
					<Table caption={`Schools, ${first}–${last} of ${total}`} hideCaption>
						<TableHeader>
							<tr>
								<Column sortKey="name" sortState={sortState}>Name</Column>
								<Column sortKey="subdomain" sortState={sortState}>Subdomain</Column>
								<Column sortKey="type" sortState={sortState}>Type</Column>
								<Column sortKey="students" sortState={sortState} numeric>Students</Column>
								<Column sortKey="staff" sortState={sortState} numeric>Staff</Column>
								<Column sortKey="created" sortState={sortState}>Created</Column>
							</tr>
						</TableHeader>
						<TableBody>
							{rows.map((school) => (
								<Row key={school.id}>
									<RowHeader>
										<Link to={`/spencer-admin/schools/${school.id}`} className="font-medium text-brand underline underline-offset-2">
											{school.name}
										</Link>
										{school.archived ? <Badge className="ml-2">Archived</Badge> : null}
									</RowHeader>
									<Cell className="font-mono">{school.subdomain}</Cell>
									<Cell>{school.type}</Cell>
									<Cell numeric>{school.students}</Cell>
									<Cell numeric>{school.staff}</Cell>
									<Cell>{formatDate(school.createdAt)}</Cell>
								</Row>
							))}
						</TableBody>
					</Table>
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="schools" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Schools · Spencer' }]
