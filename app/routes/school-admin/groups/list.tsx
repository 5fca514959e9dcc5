import { data, Form, Link, useLocation } from 'react-router'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader, type SortState } from '#app/components/ui/Table.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { modalHref } from '#app/lib/modals.ts'
import { readListQuery } from '#app/lib/pagination.ts'
import { createGroup, GROUP_SORTS, listGroups } from '#app/services/groups.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { GroupForm } from './+parts/GroupForm.tsx'
import { saveGroupForm } from './+parts/save-group.server.ts'
import type { Route } from './+types/list.ts'

const ADD_GROUP = 'add-group'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const query = readListQuery(new URL(request.url), GROUP_SORTS, 'name')
	const { rows, total } = await listGroups(app, query)
	return { rows, total, query }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const formData = await request.formData()
	if (formData.get('intent') !== 'create-group') return data({ intent: null, result: null }, { status: 400 })
	const saved = await saveGroupForm(formData, 'create-group', (input) => createGroup(app, input))
	if (!saved.ok) return saved.response
	return redirectWithToast(app.em, `/school-admin/groups/${saved.value.id}`, { type: 'success', title: 'Group created', description: 'Now add its students and staff.' })
}

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

export default function Groups({ loaderData, actionData }: Route.ComponentProps) {
	const { rows, total, query } = loaderData
	const location = useLocation()
	const sortState: SortState = { sort: query.sort, dir: query.dir }
	return (
		<>
			<PageHeader title="Groups">Groups of students and the staff who work with them: nurture groups, clubs, interventions.</PageHeader>
			<div className="mb-4 flex flex-wrap items-end justify-between gap-4">
				<Form key={location.search} method="get" role="search" aria-label="Groups" className="flex flex-wrap items-end gap-3">
					<input type="hidden" name="sort" value={query.sort} />
					<input type="hidden" name="dir" value={query.dir} />
					<div className="flex flex-col gap-1">
						<label htmlFor="group-search" className="text-sm font-medium text-slate-900">
							Search groups
						</label>
						<input id="group-search" type="search" name="q" defaultValue={query.q} className={`w-64 ${controlClass}`} />
					</div>
					<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
						Search
					</button>
				</Form>
				<ButtonLink to={modalHref(location, ADD_GROUP)} preventScrollReset>
					Add new group
				</ButtonLink>
			</div>
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
										<Link to={`/school-admin/groups/${group.id}`} className="font-medium text-brand underline underline-offset-2">
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
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="groups" />
			<UrlModal name={ADD_GROUP} title="Add new group">
				<GroupForm intent="create-group" submitLabel="Add group" lastResult={actionData?.intent === 'create-group' ? actionData.result : undefined} />
			</UrlModal>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Groups · Spencer' }]
