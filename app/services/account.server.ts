import { SchoolMembership, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { hit, RATE_LIMITS, reset } from './rate-limit.server.ts'
import { endOtherSessions } from './session.server.ts'

export async function getAccount({ em, auth }: SignedIn) {
	const user = await em.findOneOrFail(User, { id: auth.userId })
	return { firstName: user.firstName, lastName: user.lastName, email: user.email, mfaEnabled: user.mfaEnabled }
}

/**
 * The person renames themselves: their account and every school's directory
 * entry of theirs take the name (each school otherwise keeps the names it
 * entered, ADR 016).
 */
export async function updateName({ em, auth }: SignedIn, input: { firstName: string; lastName: string }) {
	await em.transactional(async (tx) => {
		const user = await tx.findOneOrFail(User, { id: auth.userId })
		user.firstName = input.firstName
		user.lastName = input.lastName
		await tx.nativeUpdate(SchoolMembership, { user: user.id }, { firstName: input.firstName, lastName: input.lastName })
		audit(tx as never, auth, 'account.name-changed', { type: 'User', id: user.id, schoolId: null })
		await tx.flush()
	})
}

export type PasswordChange = { kind: 'changed' } | { kind: 'wrong-current' } | { kind: 'limited'; retryAfterSeconds: number }

/**
 * Changes the password after checking the current one; every other session of
 * the user ends. The checks are limited per user, so a borrowed session cannot
 * guess the password.
 */
export async function changePassword(
	{ em, auth }: SignedIn,
	input: { currentPassword: string; newPassword: string },
): Promise<PasswordChange> {
	const limit = await hit(em, RATE_LIMITS.currentPassword, auth.userId)
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	const user = await em.findOneOrFail(User, { id: auth.userId }, { populate: ['passwordHash'] })
	if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) return { kind: 'wrong-current' }
	await reset(em, RATE_LIMITS.currentPassword, auth.userId)
	user.passwordHash = await hashPassword(input.newPassword)
	await endOtherSessions(em, user.id, auth.sessionId)
	audit(em, auth, 'account.password-changed', { type: 'User', id: user.id, schoolId: null })
	await em.flush()
	return { kind: 'changed' }
}

/** Turns the emailed sign-in code on or off; a platform admin always keeps it on. */
export async function setMfa({ em, auth }: SignedIn, enabled: boolean): Promise<'saved' | 'required'> {
	if (!enabled && auth.systemRole === 'spencerAdmin') return 'required'
	const user = await em.findOneOrFail(User, { id: auth.userId })
	user.mfaEnabled = enabled
	audit(em, auth, enabled ? 'account.mfa-on' : 'account.mfa-off', { type: 'User', id: user.id, schoolId: null })
	await em.flush()
	return 'saved'
}
