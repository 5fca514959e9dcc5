import { Pagination } from '#app/components/lists/Pagination.tsx'
import { SuggestionsTable } from '#app/components/recommendations/SuggestionsTable.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { readPlainList } from '#app/services/list-params.server.ts'
import { profilesWithSuggestions } from '#app/services/suggestions.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager')
	const { page } = readPlainList(new URL(request.url), { sorts: ['name'], sort: 'name' })
	return profilesWithSuggestions(app, page)
}

export default function RecommendationsWaiting({ loaderData }: Route.ComponentProps) {
	const { rows, total, page, pageSize } = loaderData
	return (
		<>
			<PageHeader title="Recommendations">
				Students whose latest completed round suggests strategies you have not yet added or dismissed. Open one to review its
				suggestions.
			</PageHeader>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">No suggested recommendations are waiting.</p>
			) : (
				<SuggestionsTable rows={rows} />
			)}
			<Pagination page={page} pageSize={pageSize} total={total} noun="profiles" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Recommendations · Spencer' }]
