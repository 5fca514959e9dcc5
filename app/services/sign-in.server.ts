import { setTimeout as sleep } from 'node:timers/promises'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Visitor } from '#app/context.ts'
import { byEmail, User } from '#app/models/index.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { hit, peek, RATE_LIMITS, reset, signInDelayMs } from './rate-limit.server.ts'
import { safeRedirect } from './redirects.server.ts'
import { completeSignIn } from './session.server.ts'
import { formRequest, startCodeStep } from './sign-in-code.server.ts'

// A hash to verify against when the account does not exist, so both answers take as long.
const DUMMY_HASH = hashPassword('not-a-real-password-Spencer!')

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
 * An account that signs in with a code goes on to the code step (sign-in-code.server.ts).
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
