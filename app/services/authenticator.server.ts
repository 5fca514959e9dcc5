import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { TOTPStrategy } from 'remix-auth-totp'
import { byEmail, type PendingSignIn, User } from '#app/models/index.ts'
import { secureCookies } from './cookies.server.ts'
import type { Em } from './database.server.ts'
import { sendMail } from './mail.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { getSecret } from './secrets.server.ts'

/**
 * Signing in with remix-auth: one Authenticator for the process, its two strategies registered once.
 * - `password` (remix-auth-form) checks the posted email and password against the argon2id hash.
 * - `code` (remix-auth-totp) makes the 6-digit code, seals it in its own cookie, mails it, and later checks it.
 * The callers (sign-in.server.ts, sign-in-code.server.ts) keep the rate limits, the pending sign-in row and the session.
 */

export const PENDING_SIGN_IN_MS = 3 * 60_000

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

// A hash to verify against when the account does not exist, so both answers take as long.
const DUMMY_HASH = hashPassword('not-a-real-password-Spencer!')

/**
 * What one sign-in hands the strategies, which remix-auth gives only the request: the request's EntityManager,
 * the pending sign-in a code is for, and the email the code strategy found the code was sealed for.
 */
type Attempt = { em: Em; pending?: PendingSignIn; verifiedEmail?: string }
const attempts = new AsyncLocalStorage<Attempt>()

function currentAttempt(): Attempt {
	const attempt = attempts.getStore()
	if (!attempt) throw new Error('A sign-in strategy ran outside authenticate()')
	return attempt
}

const passwordStrategy = new FormStrategy<User | null>(async ({ form }) => {
	const { em } = currentAttempt()
	const email = String(form.get('email') ?? '')
	const user = await em.findOne(User, byEmail(email), { populate: ['passwordHash'] })
	const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), String(form.get('password') ?? ''))
	return valid && user?.passwordHash ? user : null
})

/**
 * remix-auth-totp keeps its own state in a cookie and does not count typed attempts, so the PendingSignIn row is
 * what binds the code to the user and enforces expiry, attempts and single use: the code's hash is kept there
 * before the mail goes.
 */
function codeStrategy(secret: string) {
	return new TOTPStrategy<User | null>(
		{
			secret,
			totpGeneration: { digits: 6, charSet: '0123456789', period: PENDING_SIGN_IN_MS / 1000 },
			emailSentRedirect: '/auth/login',
			successRedirect: '/auth/login',
			failureRedirect: '/auth/login',
			cookieOptions: { ...(secureCookies() ? { secure: true } : {}), maxAge: PENDING_SIGN_IN_MS / 1000 },
			sendTOTP: async ({ code, email }) => {
				const { em, pending } = currentAttempt()
				if (!pending) throw new Error('A sign-in code was made without a pending sign-in')
				pending.codeHash = sha256(code)
				await em.flush()
				await sendMail({
					to: email,
					subject: 'Your Spencer sign-in code',
					text: `Your code to sign in to Spencer is ${code}.\n\nIt works once, for 3 minutes. If you did not try to sign in, you can ignore this email.`,
				})
			},
		},
		async ({ email }) => {
			currentAttempt().verifiedEmail = email
			return null
		},
	)
}

// Built on first use: the code strategy's secret may come from the database (secrets.server.ts).
let authenticator: Promise<Authenticator<User | null>> | undefined

function authenticatorFor(em: Em): Promise<Authenticator<User | null>> {
	authenticator ??= getSecret(em, 'totp').then(
		(secret) => new Authenticator<User | null>().use(passwordStrategy, 'password').use(codeStrategy(secret), 'code'),
		(error: unknown) => {
			authenticator = undefined
			throw error
		},
	)
	return authenticator
}

async function authenticate(attempt: Attempt, strategy: 'password' | 'code', request: Request) {
	const auth = await authenticatorFor(attempt.em)
	return attempts.run(attempt, () => auth.authenticate(strategy, request))
}

/** The account the posted email and password name, or null (unknown email or wrong password, told apart by nothing). */
export function checkPassword(em: Em, request: Request): Promise<User | null> {
	return authenticate({ em }, 'password', request)
}

/**
 * The code strategy always answers with a redirect: whether the code was mailed or checked, right or wrong.
 * What matters here is its cookie (and, for a check, whether it verified an email).
 */
async function runCodeStrategy(attempt: Attempt, request: Request): Promise<Response> {
	try {
		await authenticate(attempt, 'code', request)
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		throw thrown
	}
	throw new Error('remix-auth-totp returned without a redirect')
}

/**
 * A new code for the pending sign-in, mailed to `email` (a POST with it): the code strategy's cookies, each once (the
 * library appends its cookie again to the redirect that already sets it).
 */
export async function mailCode(em: Em, pending: PendingSignIn, request: Request): Promise<string[]> {
	const response = await runCodeStrategy({ em, pending }, request)
	return [...new Set(response.headers.getSetCookie())]
}

/** The email the posted code was sealed for (a POST with `code`, and the code strategy's cookie), or null. */
export async function checkCode(em: Em, request: Request): Promise<string | null> {
	const attempt: Attempt = { em }
	await runCodeStrategy(attempt, request)
	return attempt.verifiedEmail ?? null
}
