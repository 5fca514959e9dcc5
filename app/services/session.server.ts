import { createHash, randomBytes } from 'node:crypto'
import { Session, type User } from '#app/models/index.ts'
import { readTokenCookie, SESSION_COOKIE, tokenCookie } from './cookies.server.ts'
import type { Em } from './database.server.ts'

export const SESSION_IDLE_MS = 30 * 60_000
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000
/** How stale lastSeenAt may get before a request writes it again. */
const TOUCH_AFTER_MS = 60_000

const sessionCookie = tokenCookie(SESSION_COOKIE, SESSION_ABSOLUTE_MS / 1000)

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
export const newToken = () => randomBytes(32).toString('base64url')

/** Opens a session for a user: a fresh 256-bit token every time (so sign-in rotates the id). */
export async function createSession(em: Em, user: User, now = new Date()): Promise<{ session: Session; setCookie: string }> {
	const token = newToken()
	const session = em.create(Session, {
		user,
		tokenHash: hashToken(token),
		expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
		absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
		lastSeenAt: now,
	})
	await em.flush()
	return { session, setCookie: await sessionCookie.serialize(token) }
}

export type SessionLookup =
	| { state: 'none' }
	| { state: 'expired' }
	| { state: 'active'; session: Session; user: User }

/** The request's session, sliding its idle expiry forward; expired sessions are deleted. */
export async function readSession(em: Em, request: Request, now = new Date()): Promise<SessionLookup> {
	const token = await readTokenCookie(sessionCookie, request)
	if (!token) return { state: 'none' }
	const session = await em.findOne(Session, { tokenHash: hashToken(token) }, { populate: ['user'] })
	if (!session) return { state: 'expired' }
	if (session.expiresAt <= now || session.absoluteExpiresAt <= now) {
		await em.nativeDelete(Session, { id: session.id })
		return { state: 'expired' }
	}
	if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
		const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()))
		await em.nativeUpdate(Session, { id: session.id }, { lastSeenAt: now, expiresAt })
	}
	return { state: 'active', session, user: session.user }
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
