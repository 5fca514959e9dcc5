import { redirect } from 'react-router'
import { getAppContext } from '#app/context.ts'
import { homeFor } from '#app/services/auth.server.ts'
import type { Route } from './+types/index.ts'

/** `/` is the signed-in user's home, or the login screen. */
export function loader({ context }: Route.LoaderArgs) {
	const { auth } = getAppContext(context)
	return redirect(auth ? homeFor(auth.role) : '/auth/login')
}
