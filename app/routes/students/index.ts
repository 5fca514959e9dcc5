import { redirect } from 'react-router'
import { homeFor } from '#app/services/auth.server.ts'
import { requireUser } from '#app/services/guards.server.ts'
import type { Route } from './+types/index.ts'

/** Student pages live under /students/profile/:id; the bare path goes home. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const { auth } = await requireUser(context, request)
	return redirect(homeFor(auth.role))
}
