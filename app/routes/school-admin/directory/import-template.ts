import { csvDownload } from '#app/lib/csv.ts'
import { directoryTemplateCsv } from '#app/lib/directory-import.ts'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/import-template.ts'

/** The staff CSV template with our headers and one example row. */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return csvDownload(directoryTemplateCsv(), 'spencer-staff-template.csv')
}
