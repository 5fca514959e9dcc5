import { redirect } from 'react-router'
import { getAppContext } from '#app/context.ts'
import { audit } from '#app/services/audit.server.ts'
import { destroySession } from '#app/services/session.server.ts'
import type { Route } from './+types/logout.ts'

/** Sign-out deletes the session row (real revocation), then shows the login screen. */
export async function action({ context, request }: Route.ActionArgs) {
	const { em, auth } = getAppContext(context)
	if (auth) {
		audit(em, auth, 'auth.sign-out', { type: 'User', id: auth.userId, schoolId: null })
		await em.flush()
	}
	return redirect('/auth/login', { headers: { 'Set-Cookie': await destroySession(em, request) } })
}

export function loader() {
	return redirect('/')
}
