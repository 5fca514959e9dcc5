import { data } from 'react-router'
import { GroupTable } from '#app/components/groups/GroupTable.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { HOMES } from '#app/services/auth.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { seesWholeSchool } from '#app/services/need-to-know.server.ts'
import { GROUP_SORTS, listVisibleGroups } from '#app/services/visible-groups.server.ts'
import type { Route } from './+types/groups.ts'

/** The groups of the need-manager and professional areas (one module, two routes): read-only, within need-to-know. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	const list = readList(new URL(request.url), { sorts: GROUP_SORTS, sort: 'name' })
	const { rows, total } = await unlessIllegal(list, () => listVisibleGroups(app, list.query), NO_ROWS)
	return data(
		{ rows, total, query: list.query, illegal: list.illegal, area: HOMES[app.auth.role!], wholeSchool: seesWholeSchool(app.auth) },
		listStatus(list),
	)
}

export default function Groups({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, illegal, area, wholeSchool } = loaderData
	return (
		<>
			<PageHeader title="Groups">
				{wholeSchool ? 'The groups of your school.' : 'The groups you support or that hold students you work with; each shows only those students.'}
			</PageHeader>
			<ListSearch id="group-search" label="Search by name" name="Groups" q={query.q} sort={query} illegal={illegal} className="mb-4" />
			<GroupTable rows={rows} total={total} query={query} illegal={illegal} href={(id) => `${area}/groups/${id}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Groups · Spencer' }]
