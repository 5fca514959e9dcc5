import { timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { createCookie } from 'react-router'
import { PendingSignIn, type User } from '#app/models/index.ts'
import { checkCode, mailCode, PENDING_SIGN_IN_MS, sha256 } from './authenticator.server.ts'
import { PENDING_SIGN_IN_COOKIE, readTokenCookie, secureCookies, tokenCookie } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import { hit, RATE_LIMITS, reset } from './rate-limit.server.ts'
import { safeRedirect } from './redirects.server.ts'
import { completeSignIn, hashToken, newToken } from './session.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * The sign-in code sent by e-mail, the step after the password for platform admins and for whoever turned it on
 * (docs/architecture.md#security): started by the password step (sign-in.server.ts), then sent again or verified.
 */

export const MAX_CODE_ATTEMPTS = 5
const pendingCookie = tokenCookie(PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MS / 1000)

export function clearPendingSignIn(): Promise<string> {
	return pendingCookie.serialize('', { maxAge: 0 })
}

/**
 * remix-auth-totp's own cookie (its name is the library's), which holds the address the code went to: emptied once the
 * code has signed in, rather than left for its 3 minutes.
 */
function clearCodeLibraryCookie(): Promise<string> {
	return createCookie('_totp', { path: '/', httpOnly: true, sameSite: 'lax', ...(secureCookies() ? { secure: true } : {}) }).serialize('', { maxAge: 0 })
}

/** A POST of these fields with the request's cookies (remix-auth-totp's own among them): what the code strategy reads. */
function formRequest(request: Request, fields: Record<string, string>) {
	return new Request(request.url, {
		method: 'POST',
		headers: { Cookie: request.headers.get('Cookie') ?? '' },
		body: new URLSearchParams(fields),
	})
}

function sameHash(a: string, b: string) {
	return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

/** A new code for the pending sign-in, mailed to its user: the code strategy's cookies. */
function sendCode(em: Em, request: Request, pending: PendingSignIn, email: string): Promise<string[]> {
	return mailCode(em, pending, formRequest(request, { email }))
}

/** After the right password: a pending sign-in for this browser, and its code sent to the user. */
export async function startCodeStep(em: Em, request: Request, user: User, redirectTo: string): Promise<Headers> {
	const token = newToken()
	const pending = em.create(PendingSignIn, {
		user,
		tokenHash: hashToken(token),
		expiresAt: new Date(Date.now() + PENDING_SIGN_IN_MS),
		redirectTo,
	})
	await em.flush()
	const headers = new Headers()
	for (const cookie of await sendCode(em, request, pending, user.email)) headers.append('Set-Cookie', cookie)
	headers.append('Set-Cookie', await pendingCookie.serialize(token))
	return headers
}

/** The pending sign-in of this browser, if it is still usable. */
export async function findPendingSignIn(em: Em, request: Request): Promise<PendingSignIn | null> {
	const token = await readTokenCookie(pendingCookie, request)
	if (!token) return null
	const pending = await em.findOne(PendingSignIn, { tokenHash: hashToken(token) }, { populate: ['user'] })
	if (!pending || pending.usedAt || pending.expiresAt <= new Date() || pending.attempts >= MAX_CODE_ATTEMPTS) return null
	return pending
}

export type CodeResult =
	| { kind: 'signedIn'; user: User; redirectTo: string; headers: Headers }
	| { kind: 'invalid'; attemptsLeft: number }
	| { kind: 'expired' }
	| { kind: 'limited'; retryAfterSeconds: number }
	| { kind: 'resent'; headers: Headers }

/** A new code for the pending sign-in; the old one stops working. */
export async function resendCode(em: Em, request: Request): Promise<CodeResult> {
	const pending = await findPendingSignIn(em, request)
	if (!pending) return { kind: 'expired' }
	const limit = await hit(em, RATE_LIMITS.codeMails, pending.user.id)
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	pending.expiresAt = new Date(Date.now() + PENDING_SIGN_IN_MS)
	const headers = new Headers()
	for (const cookie of await sendCode(em, request, pending, pending.user.email)) headers.append('Set-Cookie', cookie)
	return { kind: 'resent', headers }
}

/**
 * The code step: right code, right user, in time, within 5 attempts, once.
 * The user's attempts across pending sign-ins are limited too, so signing in
 * again or asking for a new code gives no fresh attempts past that.
 */
export async function verifyCode(em: Em, request: Request, code: string): Promise<CodeResult> {
	const pending = await findPendingSignIn(em, request)
	if (!pending?.codeHash) return { kind: 'expired' }
	const limit = await hit(em, RATE_LIMITS.codeAttempts, pending.user.id)
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }

	const matchesRow = sameHash(sha256(code), pending.codeHash)
	const verifiedEmail = matchesRow ? await checkCode(em, formRequest(request, { code })) : null
	if (!matchesRow || verifiedEmail !== pending.user.email) {
		// Counted in one statement, so parallel guesses cannot share an attempt.
		const row = await typedSql(em)
			.updateTable('pending_sign_in')
			.set((eb) => ({ attempts: eb(eb.ref('attempts'), '+', 1) }))
			.where('id', '=', pending.id)
			.returning('attempts')
			.executeTakeFirst()
		return { kind: 'invalid', attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - Number(row?.attempts ?? MAX_CODE_ATTEMPTS)) }
	}
	const claimed = await typedSql(em)
		.updateTable('pending_sign_in')
		.set({ used_at: sql<Date>`now()` })
		.where('id', '=', pending.id)
		.where('used_at', 'is', null)
		.where('attempts', '<', MAX_CODE_ATTEMPTS)
		.where('expires_at', '>', sql<Date>`now()`)
		.returning('id')
		.execute()
	if (claimed.length === 0) return { kind: 'expired' }
	await reset(em, RATE_LIMITS.codeAttempts, pending.user.id)
	const headers = await completeSignIn(em, pending.user)
	headers.append('Set-Cookie', await clearPendingSignIn())
	headers.append('Set-Cookie', await clearCodeLibraryCookie())
	return { kind: 'signedIn', user: pending.user, redirectTo: safeRedirect(pending.redirectTo, '/'), headers }
}

