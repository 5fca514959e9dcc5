import { GroupTable } from '#app/components/groups/GroupTable.tsx'
import { ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
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

export default function Groups({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, area, wholeSchool } = loaderData
	return (
		<>
			<PageHeader title="Groups">
				{wholeSchool ? 'The groups of your school.' : 'The groups you support or that hold students you work with; each shows only those students.'}
			</PageHeader>
			<ListSearch id="group-search" label="Search by name" name="Groups" q={query.q} sort={query} className="mb-4" />
			<GroupTable rows={rows} total={total} query={query} href={(id) => `${area}/groups/${id}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Groups · Spencer' }]
