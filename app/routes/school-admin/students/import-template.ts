import { studentTemplateCsv } from '#app/lib/student-import.ts'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/import-template.ts'

/** The CSV template with our headers and one example row. */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return new Response(studentTemplateCsv(), {
		headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="spencer-students-template.csv"' },
	})
}
