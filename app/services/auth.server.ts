import { createHash, timingSafeEqual } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { TOTPStrategy } from 'remix-auth-totp'
import { AppError } from '#app/lib/errors.ts'
import type { ActiveMembership, Auth, AuthUser, Role } from '#app/lib/auth.ts'
import { byEmail, PasswordToken, PendingSignIn, SchoolMembership, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { PENDING_SIGN_IN_COOKIE, readTokenCookie, secureCookies, tokenCookie } from './cookies.server.ts'
import { jsonColumn, type Em } from './database.server.ts'
import { enqueue, QUEUES, type JobData } from './job-queue.server.ts'
import { appUrl, sendMail } from './mail.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { hit, hitEach, peek, RATE_LIMITS, reset, signInDelayMs } from './rate-limit.server.ts'
import { getSecret } from './secrets.server.ts'
import { activeMembershipsJson, createSession, endOtherSessions, hashToken, newToken } from './session.server.ts'

/** Someone not signed in yet: the request's EntityManager and the client's address (for rate limits). */
export type Visitor = { em: Em; clientAddress: string }

export const HOMES: Record<Role, string> = {
	spencerAdmin: '/spencer-admin',
	schoolAdmin: '/school-admin',
	needManager: '/need-manager',
	professional: '/professional',
}

export function homeFor(role: Role | null): string {
	return role ? HOMES[role] : '/settings/profile'
}

/**
 * Builds the Auth of a user acting in a session they did not sign in to (impersonation): one query for their
 * memberships and the membership the session acts in.
 */
export async function loadAuth(em: Em, user: AuthUser, sessionId: string): Promise<Auth> {
	const [row] = await em.execute<{ memberships: ActiveMembership[] | string; active_membership_id: string | null }[]>(
		`select ${activeMembershipsJson('?')} as memberships, (select active_membership_id from session where id = ?) as active_membership_id`,
		[user.id, sessionId],
	)
	return authOf(user, row ? jsonColumn(row.memberships) : [], sessionId, row?.active_membership_id ?? null)
}

/**
 * The Auth of a user whose memberships with access (in a school not archived, oldest first) are already read. The
 * session's chosen membership counts only while it is one of those: access removed, school archived or another
 * user's membership, and the session is back in the oldest.
 */
export function authOf(user: AuthUser, memberships: ActiveMembership[], sessionId: string, activeMembershipId: string | null = null): Auth {
	const acting = memberships.find((membership) => membership.id === activeMembershipId) ?? memberships[0]
	const role: Role | null = user.systemRole === 'spencerAdmin' ? 'spencerAdmin' : (acting?.role ?? null)
	return {
		userId: user.id,
		email: user.email,
		firstName: user.firstName,
		lastName: user.lastName,
		systemRole: user.systemRole,
		mfaEnabled: user.mfaEnabled || user.systemRole === 'spencerAdmin',
		sessionId,
		role,
		schoolId: role === 'spencerAdmin' ? null : (acting?.schoolId ?? null),
		membershipId: role === 'spencerAdmin' ? null : (acting?.id ?? null),
		memberships,
		impersonatorId: null,
	}
}

const REDIRECT_BASE = 'http://redirect.invalid'
const MAX_REDIRECT_LENGTH = 2048
// Browsers drop tab, CR and LF from a URL and read `\` as `/` (`/\t/evil.example` is `//evil.example` to them);
// none of them, nor any other control character, is in a path Spencer links to, encoded or not.
const UNSAFE_IN_REDIRECT = /[\p{Cc}\\]/u

/**
 * Only a local path may be a redirect target: what it resolves to must stay
 * on this origin and be a path (never `//host`), however the browser reads
 * it. Anything else, or anything unreadable, gives the fallback. The result
 * is the parsed path, percent-encoded, so it is always a valid header value.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || !to.startsWith('/') || to.length > MAX_REDIRECT_LENGTH || UNSAFE_IN_REDIRECT.test(to)) return fallback
	let decoded: string
	try {
		decoded = decodeURIComponent(to)
	} catch {
		return fallback
	}
	if (UNSAFE_IN_REDIRECT.test(decoded) || decoded.startsWith('//')) return fallback
	let url: URL
	try {
		url = new URL(to, REDIRECT_BASE)
	} catch {
		return fallback
	}
	const path = `${url.pathname}${url.search}${url.hash}`
	if (url.origin !== REDIRECT_BASE || !path.startsWith('/') || path.startsWith('//')) return fallback
	return path
}

// A hash to verify against when the account does not exist, so both answers take as long.
const DUMMY_HASH = hashPassword('not-a-real-password-Spencer!')

export const PENDING_SIGN_IN_MS = 3 * 60_000
export const MAX_CODE_ATTEMPTS = 5
const pendingCookie = tokenCookie(PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MS / 1000)

export function clearPendingSignIn(): Promise<string> {
	return pendingCookie.serialize('', { maxAge: 0 })
}

export type SignInResult =
	| { kind: 'signedIn'; user: User; redirectTo: string; headers: Headers }
	| { kind: 'code'; headers: Headers }
	| { kind: 'invalid' }
	| { kind: 'limited'; retryAfterSeconds: number }

/**
 * The password step: remix-auth's form strategy checks email and password.
 * Attempts are limited per account and client address; the account's failures
 * from everywhere only slow it down (docs/decisions/020-rate-limits-that-cannot-lock-the-owner-out.md).
 * Unknown emails are counted and slowed alike, so the limiter tells no account apart.
 */
export async function signInWithPassword(
	{ em, clientAddress }: Visitor,
	request: Request,
	input: { email: string; password: string; redirectTo: string | null },
): Promise<SignInResult> {
	const account = input.email.toLowerCase()
	// Counted before the check, in one statement, so parallel guesses from one address cannot pass the limit together.
	const limit = await hit(em, RATE_LIMITS.signInFailures, [account, clientAddress])
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	// The wait comes before the check, whatever its outcome, so giving up early tells nothing; no connection is held meanwhile.
	const delayMs = signInDelayMs((await peek(em, RATE_LIMITS.accountFailures, account)).count)
	if (delayMs > 0) await sleep(delayMs)

	const authenticator = new Authenticator<User | null>()
	authenticator.use(
		new FormStrategy(async () => {
			const user = await em.findOne(User, byEmail(input.email), { populate: ['passwordHash'] })
			const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password)
			return valid && user?.passwordHash ? user : null
		}),
		'password',
	)
	const user = await authenticator.authenticate('password', formRequest(request, { email: input.email }))
	if (!user) {
		await hit(em, RATE_LIMITS.accountFailures, account)
		return { kind: 'invalid' }
	}
	// Only this address's count starts again: the account's failures, and other addresses' counts, stay.
	await reset(em, RATE_LIMITS.signInFailures, [account, clientAddress])
	const redirectTo = safeRedirect(input.redirectTo, '/')
	if (user.mfaEnabled || user.systemRole === 'spencerAdmin') {
		return { kind: 'code', headers: await startCodeStep(em, request, user, redirectTo) }
	}
	return { kind: 'signedIn', user, redirectTo, headers: await completeSignIn(em, user) }
}

async function completeSignIn(em: Em, user: User): Promise<Headers> {
	user.lastSignInAt = new Date()
	audit(em, { userId: user.id }, 'auth.sign-in', { type: 'User', id: user.id, schoolId: null })
	const { setCookie } = await createSession(em, user)
	return new Headers([['Set-Cookie', setCookie]])
}

function formRequest(request: Request, fields: Record<string, string>) {
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

async function startCodeStep(em: Em, request: Request, user: User, redirectTo: string): Promise<Headers> {
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
		const [row] = await em.execute<{ attempts: number }[]>(
			'update pending_sign_in set attempts = attempts + 1 where id = ? returning attempts',
			[pending.id],
		)
		return { kind: 'invalid', attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - Number(row?.attempts ?? MAX_CODE_ATTEMPTS)) }
	}
	const claimed = await em.execute<{ id: string }[]>(
		`update pending_sign_in set used_at = now() where id = ? and used_at is null and attempts < ? and expires_at > now() returning id`,
		[pending.id, MAX_CODE_ATTEMPTS],
	)
	if (claimed.length === 0) return { kind: 'expired' }
	await reset(em, RATE_LIMITS.codeAttempts, pending.user.id)
	const headers = await completeSignIn(em, pending.user)
	headers.append('Set-Cookie', await clearPendingSignIn())
	return { kind: 'signedIn', user: pending.user, redirectTo: safeRedirect(pending.redirectTo, '/'), headers }
}

export const RESET_TOKEN_MS = 60 * 60_000
export const INVITATION_TOKEN_MS = 7 * 24 * 60 * 60_000

export type ResetRequestResult = { kind: 'sent' } | { kind: 'limited'; retryAfterSeconds: number }

/**
 * Forgot password: the same answer whether or not the account exists, after
 * the same work. The request only queues the mail; the job looks the address
 * up after the response (ADR 019), so the answer's timing says nothing.
 */
export async function requestPasswordReset({ em, clientAddress }: Visitor, request: Request, email: string): Promise<ResetRequestResult> {
	// Per client, and per address from that client: a stranger elsewhere never uses up the owner's own requests.
	const limit = await hitEach(em, [
		[RATE_LIMITS.resetMailsPerClient, clientAddress],
		[RATE_LIMITS.resetMails, [email.toLowerCase(), clientAddress]],
	])
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	await enqueue(em, QUEUES.resetMail, { email, linkBase: `${appUrl(request)}/auth/new-password` })
	return { kind: 'sent' }
}

/** The reset mail job: a link to the account of that address, if there is one; nothing otherwise. */
export async function sendPasswordResetMail(em: Em, { email, linkBase }: JobData['password-reset-mail']) {
	const user = await em.findOne(User, byEmail(email))
	if (!user) return
	const link = await issuePasswordToken(em, user, 'reset', linkBase)
	await sendMail({
		to: user.email,
		subject: 'Reset your Spencer password',
		text: `Someone asked to reset the password of your Spencer account.\n\nChoose a new password here (the link works once, for 1 hour):\n${link}\n\nIf it was not you, you can ignore this email: your password has not changed.`,
	})
}

/** Sends an invitation: a link to set a password, after which the user is signed in. */
export async function sendInvitation(em: Em, user: User, options: { request?: Request; schoolName?: string } = {}) {
	const link = await issuePasswordToken(em, user, 'invitation', `${appUrl(options.request)}/auth/set-password-from-email`)
	await sendMail({
		to: user.email,
		subject: "You're invited to Spencer",
		text: `Hello ${user.firstName},\n\nYou have been given access to Spencer${options.schoolName ? ` for ${options.schoolName}` : ''}.\n\nSet your password here (the link works once, for 7 days):\n${link}`,
	})
}

async function issuePasswordToken(em: Em, user: User, purpose: 'reset' | 'invitation', path: string): Promise<string> {
	const token = newToken()
	const ttl = purpose === 'reset' ? RESET_TOKEN_MS : INVITATION_TOKEN_MS
	// A new link voids the earlier unused ones of the same kind.
	await em.nativeUpdate(PasswordToken, { user: user.id, purpose, usedAt: null }, { usedAt: new Date() })
	em.create(PasswordToken, { user, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttl) })
	await em.flush()
	const params = new URLSearchParams({ token, email: user.email })
	return `${path}?${params}`
}

/** The user a password link belongs to, or 1007 when it is unknown, used or expired. */
export async function checkPasswordToken(em: Em, purpose: 'reset' | 'invitation', token: string, email?: string) {
	const row = await em.findOne(PasswordToken, { tokenHash: hashToken(token), purpose }, { populate: ['user'] })
	if (!row || row.usedAt || row.expiresAt <= new Date()) throw new AppError(1007)
	if (email && row.user.email.toLowerCase() !== email.toLowerCase()) throw new AppError(1007)
	return row
}

/**
 * Sets a password from a reset or invitation link. The link is claimed in one
 * statement (single use even under a double submit); every session of the
 * user ends.
 */
export async function setPasswordFromToken(
	em: Em,
	input: { purpose: 'reset' | 'invitation'; token: string; email?: string; password: string },
): Promise<User> {
	return em.transactional(async (tx) => {
		const row = await checkPasswordToken(tx as Em, input.purpose, input.token, input.email)
		const claimed = await tx.execute<{ id: string }[]>(
			'update password_token set used_at = now() where id = ? and used_at is null returning id',
			[row.id],
		)
		if (claimed.length === 0) throw new AppError(1007)
		const user = row.user
		user.passwordHash = await hashPassword(input.password)
		if (input.purpose === 'invitation') {
			await tx.nativeUpdate(SchoolMembership, { user: user.id, access: 'invited' }, { access: 'active' })
		}
		await endOtherSessions(tx as Em, user.id, null)
		// Whoever spent the user's code attempts with the old password cannot keep the owner from signing in with the new one.
		await reset(tx as Em, RATE_LIMITS.codeAttempts, user.id)
		audit(tx as Em, { userId: user.id }, input.purpose === 'reset' ? 'auth.password-reset' : 'auth.invitation-accepted', {
			type: 'User',
			id: user.id,
			schoolId: null,
		})
		await tx.flush()
		return user
	})
}

/** Signs a user in straight after they set their password from an invitation. */
export async function signInAfterInvitation(em: Em, user: User): Promise<Headers> {
	return completeSignIn(em, user)
}
