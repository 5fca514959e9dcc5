import { createHash, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { TOTPStrategy } from 'remix-auth-totp'
import { PendingSignIn, type User } from '#app/models/index.ts'
import { PENDING_SIGN_IN_COOKIE, readTokenCookie, secureCookies, tokenCookie } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import { sendMail } from './mail.server.ts'
import { hit, RATE_LIMITS, reset } from './rate-limit.server.ts'
import { safeRedirect } from './redirects.server.ts'
import { getSecret } from './secrets.server.ts'
import { completeSignIn, hashToken, newToken } from './session.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * The sign-in code sent by e-mail, the step after the password for platform admins and for whoever turned it on
 * (docs/architecture.md#security): started by the password step (sign-in.server.ts), then sent again or verified.
 */

export const PENDING_SIGN_IN_MS = 3 * 60_000
export const MAX_CODE_ATTEMPTS = 5
const pendingCookie = tokenCookie(PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MS / 1000)

export function clearPendingSignIn(): Promise<string> {
	return pendingCookie.serialize('', { maxAge: 0 })
}

/** A POST of these fields with the request's cookies: the input remix-auth's strategies read. */
export function formRequest(request: Request, fields: Record<string, string>) {
	return new Request(request.url, {
		method: 'POST',
		headers: { Cookie: request.headers.get('Cookie') ?? '' },
		body: new URLSearchParams(fields),
	})
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

function sameHash(a: string, b: string) {
	return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
}

/**
 * remix-auth-totp makes, seals and checks the 6-digit code; it keeps its own
 * state in a cookie and does not count typed attempts, so the PendingSignIn
 * row is what binds the code to the user and enforces expiry, attempts and
 * single use.
 */
async function totpStrategy(em: Em, onCode: (code: string, formData: FormData) => Promise<void>, onVerified: (email: string) => void) {
	const secret = await getSecret(em, 'totp')
	return new TOTPStrategy<null>(
		{
			secret,
			totpGeneration: { digits: 6, charSet: '0123456789', period: PENDING_SIGN_IN_MS / 1000 },
			emailSentRedirect: '/auth/login',
			successRedirect: '/auth/login',
			failureRedirect: '/auth/login',
			cookieOptions: { ...(secureCookies() ? { secure: true } : {}), maxAge: PENDING_SIGN_IN_MS / 1000 },
			sendTOTP: async ({ code, formData }) => onCode(code, formData),
		},
		async ({ email }) => {
			onVerified(email)
			return null
		},
	)
}

/** Runs the TOTP strategy and returns the redirect it throws (it always throws one). */
async function runTotp(strategy: TOTPStrategy<null>, request: Request): Promise<Response> {
	try {
		await strategy.authenticate(request)
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		throw thrown
	}
	throw new Error('remix-auth-totp returned without a redirect')
}

async function sendCode(em: Em, request: Request, pending: PendingSignIn, email: string): Promise<string[]> {
	const strategy = await totpStrategy(
		em,
		async (code) => {
			pending.codeHash = sha256(code)
			await em.flush()
			await sendMail({
				to: email,
				subject: 'Your Spencer sign-in code',
				text: `Your code to sign in to Spencer is ${code}.\n\nIt works once, for 3 minutes. If you did not try to sign in, you can ignore this email.`,
			})
		},
		() => undefined,
	)
	const response = await runTotp(strategy, formRequest(request, { email }))
	return response.headers.getSetCookie()
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

	let verifiedEmail: string | null = null
	const strategy = await totpStrategy(
		em,
		async () => undefined,
		(email) => {
			verifiedEmail = email
		},
	)
	const matchesRow = sameHash(sha256(code), pending.codeHash)
	if (matchesRow) await runTotp(strategy, formRequest(request, { code }))
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
	return { kind: 'signedIn', user: pending.user, redirectTo: safeRedirect(pending.redirectTo, '/'), headers }
}

