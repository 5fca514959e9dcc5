import type { AppContext } from '#app/context.ts'
import { audit } from './audit.server.ts'
import { clearCarriedImpersonation, closeImpersonation } from './impersonation.server.ts'
import { destroySession } from './session.server.ts'

/**
 * Sign-out deletes the session row (real revocation), ends any impersonation and clears its cookie; the headers
 * carry the cleared cookies. An impersonation already ended reaches here as the user themselves (request.server.ts).
 */
export async function signOut({ em, auth }: AppContext, request: Request): Promise<Headers> {
	if (auth) {
		await closeImpersonation(em, auth)
		audit(em, auth, 'auth.sign-out', { type: 'User', id: auth.userId, schoolId: null })
		await em.flush()
	}
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySession(em, request))
	for (const header of await clearCarriedImpersonation(em, request)) headers.append('Set-Cookie', header)
	return headers
}
