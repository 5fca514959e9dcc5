import { redirect } from 'react-router'
import { Impersonation, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { loadAuth, type Auth } from './auth.server.ts'
import { impersonationCookie } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { getSecret } from './secrets.server.ts'
import { createSession, destroySession } from './session.server.ts'
import { toastHeader } from './toast.server.ts'

export const IMPERSONATION_MS = 60 * 60_000
export const EXIT_TO = '/spencer-admin/schools'

async function cookieFor(em: Em) {
	return impersonationCookie(await getSecret(em, 'cookies'))
}

/**
 * A platform admin starts acting as a school staff member: an Impersonation
 * row bound to a fresh session of the admin, pointed to by the signed
 * `impersonateToken` cookie, for one hour. Never on a platform admin.
 */
export async function startImpersonation(app: SignedIn, request: Request, targetUserId: string): Promise<Response> {
	const { em, auth } = app
	const target = await em.findOne(User, { id: targetUserId })
	if (!target) throw new Response('Not found', { status: 404 })
	if (target.systemRole === 'spencerAdmin' || target.id === auth.userId) {
		throw new Response('A platform admin cannot be impersonated.', { status: 403 })
	}
	const admin = await em.findOneOrFail(User, { id: auth.userId })
	// A new session id as impersonation starts (DESIGN.md §8).
	const clearOld = await destroySession(em, request)
	const { session, setCookie } = await createSession(em, admin)
	const now = new Date()
	const impersonation = em.create(Impersonation, {
		admin,
		target,
		sessionId: session.id,
		startedAt: now,
		expiresAt: new Date(now.getTime() + IMPERSONATION_MS),
	})
	audit(em, { userId: admin.id }, 'impersonation.start', { type: 'User', id: target.id, schoolId: null })
	await em.flush()
	const headers = new Headers()
	headers.append('Set-Cookie', clearOld)
	headers.append('Set-Cookie', setCookie)
	headers.append('Set-Cookie', await (await cookieFor(em)).serialize(impersonation.id, { maxAge: IMPERSONATION_MS / 1000 }))
	return redirect('/', { headers })
}

export type ImpersonationLookup =
	| { state: 'none' }
	| { state: 'active'; auth: Auth }
	| { state: 'ended' }

/**
 * The impersonation a request carries, if it is still valid: the cookie's
 * row must belong to this admin's current session, not ended, not expired.
 * A copied cookie used with another session does nothing.
 */
export async function readImpersonation(em: Em, request: Request, admin: Auth): Promise<ImpersonationLookup> {
	const header = request.headers.get('Cookie')
	if (!header?.includes('impersonateToken')) return { state: 'none' }
	const id: unknown = await (await cookieFor(em)).parse(header)
	if (typeof id !== 'string' || admin.systemRole !== 'spencerAdmin') return { state: 'none' }
	const row = await em.findOne(Impersonation, { id, admin: admin.userId, sessionId: admin.sessionId }, { populate: ['target'] })
	if (!row) return { state: 'none' }
	if (row.endedAt || row.expiresAt <= new Date()) {
		if (!row.endedAt) {
			row.endedAt = row.expiresAt
			await em.flush()
		}
		return { state: 'ended' }
	}
	const targetAuth = await loadAuth(em, row.target, admin.sessionId)
	return { state: 'active', auth: { ...targetAuth, impersonatorId: admin.userId } }
}

/** Ends the impersonation: the row is closed, the cookie deleted, a new session id issued. */
export async function exitImpersonation(em: Em, request: Request, auth: Auth, reason: 'exit' | 'expired'): Promise<Response> {
	if (auth.impersonatorId) {
		await em.nativeUpdate(Impersonation, { admin: auth.impersonatorId, sessionId: auth.sessionId, endedAt: null }, { endedAt: new Date() })
		audit(em, auth, 'impersonation.end', { type: 'User', id: auth.userId, schoolId: null })
		await em.flush()
	}
	const adminId = auth.impersonatorId ?? auth.userId
	const admin = await em.findOneOrFail(User, { id: adminId })
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySession(em, request))
	headers.append('Set-Cookie', (await createSession(em, admin)).setCookie)
	headers.append('Set-Cookie', await clearImpersonationCookie(em))
	if (reason === 'expired') {
		headers.append(
			'Set-Cookie',
			await toastHeader(em, { type: 'warning', title: 'Impersonation Ended', description: 'Session expired. Please start impersonation again.' }),
		)
	}
	return redirect(EXIT_TO, { headers })
}

export async function clearImpersonationCookie(em: Em): Promise<string> {
	return (await cookieFor(em)).serialize('', { maxAge: 0 })
}
