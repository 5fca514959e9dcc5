import type { AppContext } from '#app/context.ts'
import { audit } from './audit.server.ts'
import { clearCarriedImpersonation, closeImpersonation } from './impersonation.server.ts'
import { destroySession } from './session.server.ts'

/**
 * Sign-out deletes the session row (real revocation), ends any impersonation and clears its cookie; the headers
 * carry the cleared cookies. An impersonation already ended reaches here as the user themselves (request.server.ts).
 */
export async function signOut({ em, auth }: AppContext, request: Request): Promise<Headers> {
	// The impersonation cookie's clearing before the transaction: it reads the signing secret, never made inside one.
	const cleared = await clearCarriedImpersonation(em, request)
	// The impersonation's end, the audit line and the session's deletion: all or none, never a session left alive.
	return em.transactional(async (tx) => {
		if (auth) {
			await closeImpersonation(tx, auth)
			audit(tx, auth, 'auth.sign-out', { type: 'User', id: auth.userId, schoolId: null })
			await tx.flush()
		}
		const headers = new Headers()
		headers.append('Set-Cookie', await destroySession(tx, request))
		for (const header of cleared) headers.append('Set-Cookie', header)
		return headers
	})
}
