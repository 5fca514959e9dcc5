import { csvDownload, toCsv } from '#app/lib/csv.ts'
import { WHAT_HELPS_COLUMNS, whatHelpsCells } from '#app/lib/what-helps.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { readFilters } from '#app/services/list-params.server.ts'
import { WHAT_HELPS_FILTERS, whatHelps } from '#app/services/what-helps.server.ts'
import type { Route } from './+types/what-helps-csv.ts'

/** The report as CSV with the page's filters: the same cells as its table, suppressed rows included as "fewer than 5". */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'schoolAdmin')
	const { filters, illegal } = readFilters(new URL(request.url), WHAT_HELPS_FILTERS)
	if (illegal) return new Response(illegal.message, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const { rows, missing } = await whatHelps(app, filters)
	if (missing) return new Response(missing.message, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const csv = toCsv([[...WHAT_HELPS_COLUMNS], ...rows.map(whatHelpsCells)])
	return csvDownload(csv, 'what-helps.csv')
}
