import { csvDownload } from '#app/lib/csv.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { importErrorsCsv } from '#app/services/imports.server.ts'
import type { Route } from './+types/import-errors.ts'

/** A job's refused rows as CSV (row, column, message), cells safe to open in a spreadsheet. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const { fileName, csv } = await importErrorsCsv(app, 'students', params.id)
	return csvDownload(csv, fileName)
}
