import { data, useLocation } from 'react-router'
import { GroupTable } from '#app/components/groups/GroupTable.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { modalHref } from '#app/lib/modals.ts'
import { createGroup, GROUP_SORTS, listGroups } from '#app/services/groups.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { GroupForm } from './+parts/GroupForm.tsx'
import { saveGroupForm } from './+parts/save-group.server.ts'
import type { Route } from './+types/list.ts'

const ADD_GROUP = 'add-group'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const list = readList(new URL(request.url), { sorts: GROUP_SORTS, sort: 'name' })
	const { rows, total } = await unlessIllegal(list, () => listGroups(app, list.query), NO_ROWS)
	return data({ rows, total, query: list.query, illegal: list.illegal }, listStatus(list))
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const formData = await request.formData()
	if (formData.get('intent') !== 'create-group') return data({ intent: null, result: null }, { status: 400 })
	const saved = await saveGroupForm(formData, 'create-group', (input) => createGroup(app, input))
	if (!saved.ok) return saved.response
	return redirectWithToast(app.em, `/school-admin/groups/${saved.value.id}`, { type: 'success', title: 'Group created', description: 'Now add its students and staff.' })
}

export default function Groups({ loaderData, actionData }: Route.ComponentProps) {
	const { rows, total, query, illegal } = loaderData
	const location = useLocation()
	return (
		<>
			<PageHeader title="Groups">Groups of students and the staff who work with them: nurture groups, clubs, interventions.</PageHeader>
			<div className="mb-4 flex flex-wrap items-end justify-between gap-4">
				<ListSearch id="group-search" label="Search groups" name="Groups" q={query.q} sort={query} illegal={illegal} />
				<ButtonLink to={modalHref(location, ADD_GROUP)} preventScrollReset>
					Add new group
				</ButtonLink>
			</div>
			<GroupTable rows={rows} total={total} query={query} illegal={illegal} href={(id) => `/school-admin/groups/${id}`} />
			<UrlModal name={ADD_GROUP} title="Add new group">
				<GroupForm intent="create-group" submitLabel="Add group" lastResult={actionData?.intent === 'create-group' ? actionData.result : undefined} />
			</UrlModal>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Groups · Spencer' }]
