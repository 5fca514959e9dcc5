import { redirect } from 'react-router'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/index.ts'

/** The students area opens on its first tab. */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return redirect('/school-admin/students/list')
}
