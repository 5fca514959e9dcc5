import { redirect } from 'react-router'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/index.ts'

/** The area opens on its home, whose tabs show what needs the user now. */
export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'needManager')
	return redirect('/need-manager/home')
}
