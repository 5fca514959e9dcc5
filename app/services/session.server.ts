import { createHash, randomBytes } from 'node:crypto'
import { expressionBuilder, type Expression } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { ActiveMembership, AuthUser } from '#app/lib/auth.ts'
import type { SessionEnds } from '#app/context.ts'
import { TOUCH_AFTER_MS, type SessionTimes } from '#app/lib/session-timeout.ts'
import { Session, type User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { readTokenCookie, SESSION_COOKIE, tokenCookie } from './cookies.server.ts'
import { jsonColumn, type Em } from './database.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

export const SESSION_IDLE_MS = 30 * 60_000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000

const sessionCookie = tokenCookie(SESSION_COOKIE, SESSION_ABSOLUTE_MS / 1000)

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const newToken = () => randomBytes(32).toString('base64url')

/** Opens a session for a user: a fresh 256-bit token every time (so sign-in rotates the id). */
export async function createSession(em: Em, user: User, now = new Date(), absoluteEnd?: Date): Promise<{ session: Session; setCookie: string }> {
	const token = newToken()
	const absoluteExpiresAt = absoluteEnd ?? new Date(now.getTime() + SESSION_ABSOLUTE_MS)
	const session = em.create(Session, {
		user,
		tokenHash: hashToken(token),
		expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime())),
		absoluteExpiresAt,
		lastSeenAt: now,
	})
	await em.flush()
	return { session, setCookie: await sessionCookie.serialize(token) }
}

/** Signs in a user who has just proven who they are (a password, a code, an invitation's link): a new session, audited. */
export async function completeSignIn(em: Em, user: User): Promise<Headers> {
	user.lastSignInAt = new Date()
	audit(em, { userId: user.id }, 'auth.sign-in', { type: 'User', id: user.id, schoolId: null })
	const { setCookie } = await createSession(em, user)
	return new Headers([['Set-Cookie', setCookie]])
}

export type SessionLookup =
	| { state: 'none' }
	| { state: 'expired' }
	| {
			state: 'active'
			sessionId: string
			user: AuthUser
			memberships: ActiveMembership[]
			activeMembershipId: string | null
			/** When the session ends without another request (after this one's touch), and when it ends regardless. */
			expiresAt: Date
			absoluteExpiresAt: Date
	  }

/**
 * A user's memberships with access (active, in a school not archived), oldest first, with their school's name (for
 * the school switcher), as one json column: what authOf needs. `userId` is the user's id in the query.
 */
export function activeMemberships(userId: Expression<string>) {
	const eb = expressionBuilder<Database>()
	return jsonArrayFrom(
		eb
			.selectFrom('school_membership as m')
			.innerJoin('school as sc', 'sc.id', 'm.school_id')
			.select(['m.id', 'm.role', 'm.school_id as schoolId', 'sc.name as schoolName'])
			.where('m.user_id', '=', userId)
			.where('m.access', '=', 'active')
			.where('sc.archived', '=', false)
			.orderBy('m.created_at')
			.orderBy('m.id'),
	)
}

/**
 * The request's session, sliding its idle expiry forward; expired sessions are deleted. Every signed-in request starts
 * here, so one statement reads the session, its user and the user's memberships with access (what authOf needs)
 * and the membership the session acts in. The idle end slides at most once a minute (TOUCH_AFTER_MS), or on every
 * request that asks to stay signed in (`extend`, the session warning's button: ADR 099), in the same one write.
 */
export async function readSession(em: Em, request: Request, { now = new Date(), extend = false } = {}): Promise<SessionLookup> {
	const token = await readTokenCookie(sessionCookie, request)
	if (!token) return { state: 'none' }
	const row = await typedSql(em)
		.selectFrom('session as s')
		.innerJoin('users as u', 'u.id', 's.user_id')
		.select((eb) => [
			's.id',
			's.expires_at',
			's.absolute_expires_at',
			's.last_seen_at',
			's.active_membership_id',
			'u.id as user_id',
			'u.email',
			'u.first_name',
			'u.last_name',
			'u.system_role',
			'u.mfa_enabled',
			activeMemberships(eb.ref('u.id')).as('memberships'),
		])
		.where('s.token_hash', '=', hashToken(token))
		.executeTakeFirst()
	if (!row) return { state: 'expired' }
	const absoluteExpiresAt = new Date(row.absolute_expires_at)
	if (new Date(row.expires_at) <= now || absoluteExpiresAt <= now) {
		await em.nativeDelete(Session, { id: row.id })
		return { state: 'expired' }
	}
	let expiresAt = new Date(row.expires_at)
	if (extend || now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
		expiresAt = idleEndFrom(now, absoluteExpiresAt)
		await em.nativeUpdate(Session, { id: row.id }, { lastSeenAt: now, expiresAt })
	}
	const user: AuthUser = {
		id: row.user_id,
		email: row.email,
		firstName: row.first_name,
		lastName: row.last_name,
		systemRole: row.system_role,
		mfaEnabled: row.mfa_enabled,
	}
	return {
		state: 'active',
		sessionId: row.id,
		user,
		memberships: jsonColumn(row.memberships),
		activeMembershipId: row.active_membership_id,
		expiresAt,
		absoluteExpiresAt,
	}
}

/** A session's idle end after a request at `now`: the idle length on, never past its absolute end. */
function idleEndFrom(now: Date, absoluteExpiresAt: Date): Date {
	return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, absoluteExpiresAt.getTime()))
}

/** What the page's session warning needs (ADR 099): the ends as durations from now, as the browser's clock may differ. */
export function sessionTimes(ends: SessionEnds, now = Date.now()): SessionTimes {
	return {
		idleMs: SESSION_IDLE_MS,
		idleEndsInMs: ends.idleAt.getTime() - now,
		hardEndsInMs: ends.hardAt.getTime() - now,
		hardEnd: ends.hardEnd,
	}
}

/**
 * A new session id for the same sign-in, as privileges change (impersonation starts or ends): the request's session row
 * is deleted and a new one made that keeps its absolute end, so that no session outlives its sign-in's 12 hours
 * however often it is replaced. Returns the cookie that clears the old one, and the new session with its cookie.
 */
export async function replaceSession(em: Em, request: Request, user: User): Promise<{ clearOld: string; session: Session; setCookie: string }> {
	const token = await readTokenCookie(sessionCookie, request)
	const old = token ? await em.findOne(Session, { tokenHash: hashToken(token) }) : null
	if (old) await em.nativeDelete(Session, { id: old.id })
	const { session, setCookie } = await createSession(em, user, new Date(), old?.absoluteExpiresAt)
	return { clearOld: await clearSessionCookie(), session, setCookie }
}

/** Deletes the request's session row (server-side revocation) and returns the cookie that clears it. */
export async function destroySession(em: Em, request: Request): Promise<string> {
	const token = await readTokenCookie(sessionCookie, request)
	if (token) await em.nativeDelete(Session, { tokenHash: hashToken(token) })
	return clearSessionCookie()
}

export function clearSessionCookie(): Promise<string> {
	return sessionCookie.serialize('', { maxAge: 0 })
}

/** Ends every other session of a user (after a password change). */
export async function endOtherSessions(em: Em, userId: string, keepSessionId: string | null): Promise<number> {
	return em.nativeDelete(Session, keepSessionId ? { user: userId, id: { $ne: keepSessionId } } : { user: userId })
}
