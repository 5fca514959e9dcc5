import { redirect } from 'react-router'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/index.ts'

/** The area opens on the students list, the school admin's daily work; the overview is a sidebar item of its own (ADR 022). */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return redirect('/school-admin/students/list')
}
