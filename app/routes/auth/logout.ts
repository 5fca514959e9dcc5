import { redirect } from 'react-router'
import { getAppContext } from '#app/context.ts'
import { Impersonation } from '#app/models/index.ts'
import { audit } from '#app/services/audit.server.ts'
import { clearCarriedImpersonation } from '#app/services/impersonation.server.ts'
import { destroySession } from '#app/services/session.server.ts'
import type { Route } from './+types/logout.ts'

/**
 * Sign-out deletes the session row (real revocation), ends any impersonation and clears its cookie, then shows the
 * login screen. An impersonation already ended reaches here as the user themselves (request.server.ts).
 */
export async function action({ context, request }: Route.ActionArgs) {
	const { em, auth } = getAppContext(context)
	if (auth) {
		if (auth.impersonatorId) {
			await em.nativeUpdate(Impersonation, { admin: auth.impersonatorId, sessionId: auth.sessionId, endedAt: null }, { endedAt: new Date() })
		}
		audit(em, auth, 'auth.sign-out', { type: 'User', id: auth.userId, schoolId: null })
		await em.flush()
	}
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySession(em, request))
	for (const header of await clearCarriedImpersonation(em, request)) headers.append('Set-Cookie', header)
	return redirect('/auth/login', { headers })
}

export function loader() {
	return redirect('/')
}
