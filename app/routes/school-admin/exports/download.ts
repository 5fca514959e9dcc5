import { downloadExport } from '#app/services/exports.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { zipDownload } from '#app/services/respond.server.ts'
import type { Route } from './+types/download.ts'

/** A ready subject access export's ZIP, streamed from the database; audited on the student. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return zipDownload(await downloadExport(app, { kind: 'student' }, params.id))
}
