import { Link } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { StudentFilters } from '#app/components/students/StudentFilters.tsx'
import { Badge } from '#app/components/ui/Badge.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { SEN_STATUS_LABELS } from '#app/models/enums.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listGroupOptions, listStudents, readStudentFilters, STUDENT_SORTS } from '#app/services/students.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const url = new URL(request.url)
	const query = readListQuery(url, STUDENT_SORTS, 'name')
	const filters = readStudentFilters(url)
	const [{ rows, total }, groups] = await Promise.all([listStudents(app, query, filters), listGroupOptions(app)])
	return { rows, total, query, filters, groups }
}

export default function Students({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, groups } = loaderData
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1
	const last = Math.min(total, query.page * query.pageSize)
	const filtered = Boolean(query.q || filters.yearGroup || filters.groupId || filters.senStatus)
	return (
		<>
			<div className="mb-4 flex flex-wrap items-end justify-between gap-4">
				<StudentFilters query={query} filters={filters} groups={groups} />
				<div className="flex gap-3">
					<ButtonLink to="/school-admin/students/import" variant="secondary">
						Import students
					</ButtonLink>
					<ButtonLink to="/school-admin/students/list/create">Add student</ButtonLink>
				</div>
			</div>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">{filtered ? 'No matching data' : 'No Data'}</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
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
							{rows.map((student) => (
								<Row key={student.id}>
									<RowHeader>
										<Link to={`/school-admin/students/list/${student.id}`} className="font-medium text-brand underline underline-offset-2">
											{student.name}
										</Link>
										{student.archived ? <Badge className="ml-2">Archived</Badge> : null}
									</RowHeader>
									<Cell className="font-mono">{student.upn}</Cell>
									<Cell>{student.yearGroup}</Cell>
									<Cell>{SEN_STATUS_LABELS[student.senStatus]}</Cell>
									<Cell>{student.keyProfessional ?? '—'}</Cell>
									<Cell>{student.groups.length ? student.groups.join(', ') : '—'}</Cell>
								</Row>
							))}
						</TableBody>
					</Table>
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="students" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Students · Spencer' }]
