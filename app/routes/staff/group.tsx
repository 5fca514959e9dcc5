import { Link } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { ROLE_LABELS } from '#app/lib/roles.ts'
import { HOMES } from '#app/services/auth.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { readPlainList } from '#app/services/list-params.server.ts'
import { seesWholeSchool } from '#app/services/need-to-know.server.ts'
import { getVisibleGroup } from '#app/services/visible-groups.server.ts'
import type { Route } from './+types/group.ts'

/** One group, read-only: the students the user may see in it, and its staff (one module, two routes). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	const query = readPlainList(new URL(request.url), { sorts: ['name'], sort: 'name' })
	const group = await getVisibleGroup(app, params.id, query)
	return { group, page: query.page, pageSize: query.pageSize, area: HOMES[app.auth.role!], wholeSchool: seesWholeSchool(app.auth) }
}

export default function Group({ loaderData }: Route.ComponentProps) {
	const { group, page, pageSize, area, wholeSchool } = loaderData
	return (
		<>
			<BackLink to={`${area}/groups`}>Groups</BackLink>
			<PageHeader title={group.name}>{group.description ?? undefined}</PageHeader>
			<section aria-labelledby="group-students" className="mb-8">
				<h2 id="group-students" className="mb-3 text-lg font-semibold text-slate-900">
					Students
				</h2>
				{wholeSchool ? null : <p className="mb-3 text-sm text-slate-700">Only the students you work with are shown.</p>}
				{group.students.total === 0 ? (
					<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">No data</p>
				) : (
					<div className="rounded-lg border border-slate-200 bg-white">
						<Table caption={`Students in ${group.name}`} hideCaption>
							<TableHeader>
								<tr>
									<Column>Name</Column>
									<Column>UPN</Column>
									<Column>Year group</Column>
								</tr>
							</TableHeader>
							<TableBody>
								{group.students.rows.map((student) => (
									<Row key={student.id}>
										<RowHeader>
											<Link to={`/students/profile/${student.id}`} className="font-medium text-brand underline underline-offset-2">
												{student.name}
											</Link>
										</RowHeader>
										<Cell className="font-mono">{student.upn}</Cell>
										<Cell>{student.yearGroup}</Cell>
									</Row>
								))}
							</TableBody>
						</Table>
						<div className="px-4 pb-4">
							<Pagination page={page} pageSize={pageSize} total={group.students.total} noun="students" />
						</div>
					</div>
				)}
			</section>
			<section aria-labelledby="group-staff">
				<h2 id="group-staff" className="mb-3 text-lg font-semibold text-slate-900">
					Staff
				</h2>
				{group.staff.total === 0 ? (
					<p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">No data</p>
				) : (
					<div className="rounded-lg border border-slate-200 bg-white">
						<Table caption={`Staff of ${group.name}`} hideCaption>
							<TableHeader>
								<tr>
									<Column>Name</Column>
									<Column>Role</Column>
									<Column>Job title</Column>
								</tr>
							</TableHeader>
							<TableBody>
								{group.staff.rows.map((member) => (
									<Row key={member.id}>
										<RowHeader>{member.name}</RowHeader>
										<Cell>{ROLE_LABELS[member.role]}</Cell>
										<Cell>{member.jobTitle ?? '—'}</Cell>
									</Row>
								))}
							</TableBody>
						</Table>
						{group.staff.total > group.staff.rows.length ? (
							<p className="p-4 text-sm text-slate-700">
								Showing the first {group.staff.rows.length} of {group.staff.total} staff. Search the directory to find the others.
							</p>
						) : null}
					</div>
				)}
			</section>
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.group.name ?? 'Group'} · Spencer` }]
