import { data, Link } from 'react-router'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { formatDate } from '#app/lib/format.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { listSchools, SCHOOL_SORTS } from '#app/services/schools.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const list = readList(new URL(request.url), { sorts: SCHOOL_SORTS, sort: 'name' })
	const { rows, total } = await unlessIllegal(list, () => listSchools(app, list.query), NO_ROWS)
	return data({ rows, total, query: list.query, illegal: list.illegal }, listStatus(list))
}

export default function Schools({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, illegal } = loaderData
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1
	const last = Math.min(total, query.page * query.pageSize)
	return (
		<>
			<div className="flex flex-wrap items-start justify-between gap-4">
				<PageHeader title="Schools">Every school on Spencer, its students and staff.</PageHeader>
				<ButtonLink to="/spencer-admin/schools/create">Add school</ButtonLink>
			</div>
			<ListSearch id="school-search" label="Search by name, subdomain or URN" name="Schools" q={query.q} sort={query} width="w-72" className="mb-4" illegal={illegal} />
			<ListPanel empty={rows.length === 0} emptyMessage={query.q ? 'No matching data' : 'No data'} illegal={illegal} page={{ ...query, total }} noun="schools">
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
			</ListPanel>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Schools · Spencer' }]
