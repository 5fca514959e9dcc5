import { redirect } from 'react-router'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/index.ts'

/** The transfers tab opens on the requests sent to this school. */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return redirect('/school-admin/students/transfer-students/incoming')
}
