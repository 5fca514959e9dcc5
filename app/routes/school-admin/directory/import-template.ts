import { directoryTemplateCsv } from '#app/lib/directory-import.ts'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/import-template.ts'

/** The staff CSV template with our headers and one example row. */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return new Response(directoryTemplateCsv(), {
		headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="spencer-staff-template.csv"' },
	})
}
