import { downloadExport } from '#app/services/exports.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { zipDownload } from '#app/services/respond.server.ts'
import type { Route } from './+types/export-download.ts'

/** A ready whole-school export's ZIP (offboarding's step 2), streamed from the database; audited on the school. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	return zipDownload(await downloadExport(app, { kind: 'school', schoolId: params.id }, params.exportId))
}
