import { redirect } from 'react-router'
import { ERROR_CATALOGUE, type ErrorCode } from '#app/lib/errors.ts'
import type { Toast } from '#app/lib/toast.ts'
import { Impersonation, SchoolMembership, User } from '#app/models/index.ts'
import { isApiPath, jsonError } from './api.server.ts'
import { audit } from './audit.server.ts'
import type { Auth } from '#app/lib/auth.ts'
import { loadAuth } from './auth.server.ts'
import { hasCookie, impersonationCookie, impersonationCookieName, LEGACY_IMPERSONATION_COOKIE } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { isUuid } from './ids.server.ts'
import { getSecret } from './secrets.server.ts'
import { replaceSession } from './session.server.ts'
import { toastHeader } from './toast.server.ts'
import { notFound } from './tenancy.server.ts'

export const IMPERSONATION_MS = 60 * 60_000
export const EXIT_TO = '/spencer-admin/schools'

async function cookieFor(em: Em) {
	return impersonationCookie(await getSecret(em, 'cookies'))
}

/**
 * A platform admin starts acting as a member of a school's staff, from that
 * school's page: an Impersonation row bound to a fresh session of the admin,
 * pointed to by the signed impersonation cookie, for one hour. Only someone on
 * that school's staff (anyone else: 404), never a platform admin or oneself.
 */
export async function startImpersonation(app: SignedIn, request: Request, schoolId: string, targetUserId: string): Promise<Response> {
	const { em, auth } = app
	const membership = await em.findOne(SchoolMembership, { school: schoolId, user: targetUserId }, { populate: ['user', 'school'] })
	if (!membership) throw notFound()
	const target = membership.user
	if (target.systemRole === 'spencerAdmin' || target.id === auth.userId) {
		throw new Response('A platform admin cannot be impersonated.', { status: 403 })
	}
	// Only someone who can use Spencer at this school, and only as this school's staff member: a member without access
	// (invited, access removed) would otherwise be seen as they are at another of their schools, or as no one.
	if (membership.access !== 'active' || membership.school.archived) {
		// Not named: a refusal's text goes into its report (monitoring.server.ts), and a name is personal data.
		throw new Response('This staff member has no access to Spencer at this school, so they cannot be impersonated here.', { status: 409 })
	}
	const admin = await em.findOneOrFail(User, { id: auth.userId })
	// The cookie's signing secret first, outside the transaction: without SESSION_SECRET its first use stores it, which
	// must not wait on, or vanish with, the transaction below.
	const cookie = await cookieFor(em)
	// A new session id as impersonation starts (docs/architecture.md#security): the old session's end, the new one, the
	// impersonation and its audit line in one transaction, so a failure leaves the admin signed in as before.
	const headers = await em.transactional(async (tx) => {
		const { clearOld, session, setCookie } = await replaceSession(tx, request, admin)
		// The impersonation acts in the school it was started from, whatever the user last chose for themselves.
		session.activeMembership = membership
		const now = new Date()
		const impersonation = tx.create(Impersonation, {
			admin,
			target,
			sessionId: session.id,
			startedAt: now,
			expiresAt: new Date(now.getTime() + IMPERSONATION_MS),
		})
		audit(tx, { userId: admin.id }, 'impersonation.start', { type: 'User', id: target.id, schoolId: membership.school.id })
		await tx.flush()
		return new Headers([
			['Set-Cookie', clearOld],
			['Set-Cookie', setCookie],
			['Set-Cookie', await cookie.serialize(impersonation.id, { maxAge: IMPERSONATION_MS / 1000 })],
		])
	})
	return redirect('/', { headers })
}

export type ImpersonationLookup =
	| { state: 'none' }
	| { state: 'active'; auth: Auth; expiresAt: Date }
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
 * admin) is `ended`: the caller answers 10002, and a copied cookie gains
 * nothing. It only reads: an expired row is over by its `expiresAt` and is
 * left as it is (ADR 026).
 */
export async function readImpersonation(em: Em, request: Request, admin: Auth): Promise<ImpersonationLookup> {
	if (!carriesImpersonation(request)) return { state: 'none' }
	if (hasCookie(request, LEGACY_IMPERSONATION_COOKIE) || admin.systemRole !== 'spencerAdmin') return { state: 'ended' }
	const id: unknown = await (await cookieFor(em)).parse(request.headers.get('Cookie'))
	if (!isUuid(id)) return { state: 'ended' }
	const row = await em.findOne(Impersonation, { id, admin: admin.userId, sessionId: admin.sessionId }, { populate: ['target'] })
	if (!row || row.endedAt || row.expiresAt <= new Date()) return { state: 'ended' }
	const targetAuth = await loadAuth(em, row.target, admin.sessionId)
	return { state: 'active', auth: { ...targetAuth, impersonatorId: admin.userId }, expiresAt: row.expiresAt }
}

/**
 * Back to oneself: the request's session is replaced by a new one of the
 * same user (a new session id as their privileges change, docs/architecture.md#security) and
 * every impersonation cookie it carries is cleared.
 */
async function backToSelf(em: Em, request: Request, userId: string): Promise<Headers> {
	const user = await em.findOneOrFail(User, { id: userId })
	const headers = new Headers()
	const { clearOld, setCookie } = await replaceSession(em, request, user)
	headers.append('Set-Cookie', clearOld)
	headers.append('Set-Cookie', setCookie)
	const names = new Set([impersonationCookieName(), ...carriedNames(request)])
	for (const name of names) headers.append('Set-Cookie', await clearImpersonationCookie(em, name))
	return headers
}

/** Closes the impersonation the session carries, if any (its row stays, with when it ended). */
export async function closeImpersonation(em: Em, auth: Auth): Promise<void> {
	if (!auth.impersonatorId) return
	await em.nativeUpdate(Impersonation, { admin: auth.impersonatorId, sessionId: auth.sessionId, endedAt: null }, { endedAt: new Date() })
}

/**
 * The banner's exit: the row is closed and audited, and the admin is back as themselves on the schools list. Someone
 * not impersonating goes home.
 */
export async function exitImpersonation(em: Em, request: Request, auth: Auth): Promise<Response> {
	const adminId = auth.impersonatorId
	if (!adminId) return redirect('/')
	// The signing secret read before the transaction (backToSelf clears the cookie with it): never made inside one.
	await cookieFor(em)
	// The row's end, its audit line and the session's replacement: all or none.
	const headers = await em.transactional(async (tx) => {
		await closeImpersonation(tx, auth)
		audit(tx, auth, 'impersonation.end', { type: 'User', id: auth.userId, schoolId: null })
		await tx.flush()
		return backToSelf(tx, request, adminId)
	})
	return redirect(EXIT_TO, { headers })
}

/** The catalogue's code for an impersonation that has ended (docs/architecture.md#errors). */
export const IMPERSONATION_ENDED = 10002 satisfies ErrorCode
/** The interstitial that says so, then moves on to the schools list (app/routes/impersonation-ended.tsx). */
export const ENDED_PATH = '/impersonation/ended'
/**
 * The warning, with one id wherever it is flashed: shown on the interstitial and flashed again
 * for the schools list, the toast region (which skips an id it has queued) shows it once.
 */
export const ENDED_TOAST: Toast = {
	id: 'impersonation-ended',
	type: 'warning',
	title: 'Impersonation ended',
	description: 'Session expired. Please start impersonation again.',
}

/**
 * The answer to a request whose impersonation is expired or not valid
 * (`readImpersonation` said `ended`), whatever it asked for: nothing it asked
 * runs. The cookie is cleared and the session renewed, so the user is back
 * as themselves; the row is not touched. Under /api: 401 `{ code: 10002,
 * message }`. Anything else (a page, a client-side navigation, a form post):
 * the interstitial, with the warning toast (ADR 026).
 */
export async function impersonationEnded(em: Em, request: Request, auth: Auth): Promise<Response> {
	const headers = await backToSelf(em, request, auth.userId)
	headers.set('Cache-Control', 'no-store')
	if (isApiPath(request)) {
		return jsonError(401, IMPERSONATION_ENDED, ERROR_CATALOGUE[IMPERSONATION_ENDED], { headers })
	}
	headers.append('Set-Cookie', await toastHeader(em, ENDED_TOAST))
	return redirect(ENDED_PATH, { headers })
}

export async function clearImpersonationCookie(em: Em, name = impersonationCookieName()): Promise<string> {
	return impersonationCookie(await getSecret(em, 'cookies'), name).serialize('', { maxAge: 0 })
}

const carriedNames = (request: Request) => [impersonationCookieName(), LEGACY_IMPERSONATION_COOKIE].filter((name) => hasCookie(request, name))

/** The headers that clear whichever impersonation cookies the request carries. */
export async function clearCarriedImpersonation(em: Em, request: Request): Promise<string[]> {
	return Promise.all(carriedNames(request).map((name) => clearImpersonationCookie(em, name)))
}
