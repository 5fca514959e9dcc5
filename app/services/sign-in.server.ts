import { setTimeout as sleep } from 'node:timers/promises'
import type { Visitor } from '#app/context.ts'
import type { User } from '#app/models/index.ts'
import { checkPassword } from './authenticator.server.ts'
import { hit, peek, RATE_LIMITS, reset, signInDelayMs } from './rate-limit.server.ts'
import { safeRedirect } from './redirects.server.ts'
import { completeSignIn } from './session.server.ts'
import { startCodeStep } from './sign-in-code.server.ts'

export type SignInResult =
	| { kind: 'signedIn'; user: User; redirectTo: string; headers: Headers }
	| { kind: 'code'; headers: Headers }
	| { kind: 'invalid' }
	| { kind: 'limited'; retryAfterSeconds: number }

/**
 * The password step: remix-auth's form strategy checks the posted email and
 * password (authenticator.server.ts); `input` is that form as the route parsed it.
 * Attempts are limited per account and client address; the account's failures
 * from everywhere only slow it down (docs/decisions/020-rate-limits-that-cannot-lock-the-owner-out.md).
 * Unknown emails are counted and slowed alike, so the limiter tells no account apart.
 * An account that signs in with a code goes on to the code step (sign-in-code.server.ts).
 */
export async function signInWithPassword(
	{ em, clientAddress }: Visitor,
	request: Request,
	input: { email: string; redirectTo: string | null },
): Promise<SignInResult> {
	const account = input.email.toLowerCase()
	// Counted before the check, in one statement, so parallel guesses from one address cannot pass the limit together.
	const limit = await hit(em, RATE_LIMITS.signInFailures, [account, clientAddress])
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	// The wait comes before the check, whatever its outcome, so giving up early tells nothing; no connection is held meanwhile.
	const delayMs = signInDelayMs((await peek(em, RATE_LIMITS.accountFailures, account)).count)
	if (delayMs > 0) await sleep(delayMs)

	const user = await checkPassword(em, request)
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
