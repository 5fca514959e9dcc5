import { redirect } from 'react-router'
import type { ErrorCode } from '#app/lib/errors.ts'
import { Impersonation, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { loadAuth, type Auth } from './auth.server.ts'
import { hasCookie, impersonationCookie, impersonationCookieName, LEGACY_IMPERSONATION_COOKIE } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { isUuid } from './ids.server.ts'
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
 * impersonation cookie, for one hour. Never on a platform admin.
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

/** Whether the request carries an impersonation cookie, valid or not (its old name too). */
export function carriesImpersonation(request: Request): boolean {
	return hasCookie(request, impersonationCookieName()) || hasCookie(request, LEGACY_IMPERSONATION_COOKIE)
}

/**
 * The impersonation a signed-in request carries. Active only while the
 * cookie's row belongs to this admin's current session, not ended, not
 * expired; any other cookie (expired, a bad signature, an unknown row,
 * another session's row, the old cookie name, a user who is no platform
 * admin) is `ended`: the caller ends it, and a copied cookie gains nothing.
 */
export async function readImpersonation(em: Em, request: Request, admin: Auth): Promise<ImpersonationLookup> {
	if (!carriesImpersonation(request)) return { state: 'none' }
	if (hasCookie(request, LEGACY_IMPERSONATION_COOKIE) || admin.systemRole !== 'spencerAdmin') return { state: 'ended' }
	const id: unknown = await (await cookieFor(em)).parse(request.headers.get('Cookie'))
	if (!isUuid(id)) return { state: 'ended' }
	const row = await em.findOne(Impersonation, { id, admin: admin.userId, sessionId: admin.sessionId }, { populate: ['target'] })
	if (!row) return { state: 'ended' }
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
	if (hasCookie(request, LEGACY_IMPERSONATION_COOKIE)) headers.append('Set-Cookie', await clearImpersonationCookie(em, LEGACY_IMPERSONATION_COOKIE))
	if (reason === 'expired') {
		headers.append(
			'Set-Cookie',
			await toastHeader(em, {
				type: 'warning',
				title: 'Impersonation Ended',
				description: `Session expired. Please start impersonation again. (Error ${IMPERSONATION_ENDED})`,
			}),
		)
	}
	return redirect(EXIT_TO, { headers })
}

/** The catalogue's code for an impersonation that has ended (lib/errors.ts). */
const IMPERSONATION_ENDED: ErrorCode = 10002

export async function clearImpersonationCookie(em: Em, name = impersonationCookieName()): Promise<string> {
	return impersonationCookie(await getSecret(em, 'cookies'), name).serialize('', { maxAge: 0 })
}

/** The headers that clear whichever impersonation cookies the request carries. */
export async function clearCarriedImpersonation(em: Em, request: Request): Promise<string[]> {
	const names = [impersonationCookieName(), LEGACY_IMPERSONATION_COOKIE].filter((name) => hasCookie(request, name))
	return Promise.all(names.map((name) => clearImpersonationCookie(em, name)))
}
