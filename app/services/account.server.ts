import type { Auth } from '#app/lib/auth.ts'
import { SchoolMembership, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import type { SignedIn } from './guards.server.ts'
import { hashPassword, verifyPassword } from './password.server.ts'
import { hit, RATE_LIMITS, reset } from './rate-limit.server.ts'
import { endOtherSessions } from './session.server.ts'

/** Platform admins always sign in with the e-mailed code. */
const mfaRequired = (auth: Auth) => auth.systemRole === 'spencerAdmin'

/** The account as its settings show it: whether the sign-in code may be turned off, and whether anything is locked. */
export async function getAccount(app: SignedIn) {
	const { em, auth } = app
	const user = await em.findOneOrFail(User, { id: auth.userId })
	return {
		firstName: user.firstName,
		lastName: user.lastName,
		email: user.email,
		mfaEnabled: user.mfaEnabled,
		mfaRequired: mfaRequired(auth),
		locked: isAccountLocked(app),
		reviewDigest: user.reviewDigest,
		reviewDigestOffered: reviewDigestOffered(auth),
	}
}

/** The weekly digest of plan reviews goes to school staff (ADR 073); a platform admin owns no plan entry and is offered none. */
const reviewDigestOffered = (auth: Auth) => auth.systemRole === 'schoolStaff'

/**
 * Turns the weekly digest of plan reviews on or off for the account (every school of theirs). A platform admin acting as
 * a member of staff may, for them, as with their name: it is not a sign-in setting, and the audit names both.
 */
export async function setReviewDigest({ em, auth }: SignedIn, enabled: boolean): Promise<'saved' | 'not-offered'> {
	if (!reviewDigestOffered(auth)) return 'not-offered'
	await em.transactional(async (tx) => {
		await tx.nativeUpdate(User, { id: auth.userId }, { reviewDigest: enabled })
		audit(tx, auth, 'user.reviewDigest', { type: 'User', id: auth.userId, schoolId: null })
		await tx.flush()
	})
	return 'saved'
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
		audit(tx, auth, 'account.name-changed', { type: 'User', id: user.id, schoolId: null })
		await tx.flush()
	})
}

/**
 * A platform admin acting as someone (ADR 006) cannot change that person's
 * password or sign-in code: the account's sign-in settings are locked.
 */
export function isAccountLocked({ auth }: SignedIn): boolean {
	return auth.impersonatorId !== null
}

export type PasswordChange =
	| { kind: 'changed' }
	| { kind: 'locked' }
	| { kind: 'common' }
	| { kind: 'wrong-current' }
	| { kind: 'limited'; retryAfterSeconds: number }

/**
 * Changes the password after checking the current one; every other session of
 * the user ends. The checks are limited per user, so a borrowed session cannot
 * guess the password. A common new password is refused before any check.
 */
export async function changePassword(app: SignedIn, input: { currentPassword: string; newPassword: string }): Promise<PasswordChange> {
	const { em, auth } = app
	if (isAccountLocked(app)) return { kind: 'locked' }
	if (isCommonPassword(input.newPassword)) return { kind: 'common' }
	const limit = await hit(em, RATE_LIMITS.currentPassword, auth.userId)
	if (!limit.allowed) return { kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds }
	const user = await em.findOneOrFail(User, { id: auth.userId }, { populate: ['passwordHash'] })
	if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) return { kind: 'wrong-current' }
	await reset(em, RATE_LIMITS.currentPassword, auth.userId)
	const passwordHash = await hashPassword(input.newPassword)
	// The new password, the other sessions' end and the audit line: all three or none.
	await em.transactional(async (tx) => {
		tx.assign(await tx.findOneOrFail(User, { id: user.id }), { passwordHash })
		await endOtherSessions(tx, user.id, auth.sessionId)
		audit(tx, auth, 'account.password-changed', { type: 'User', id: user.id, schoolId: null })
	})
	return { kind: 'changed' }
}

/** Turns the emailed sign-in code on or off; a platform admin always keeps it on. */
export async function setMfa(app: SignedIn, enabled: boolean): Promise<'saved' | 'required' | 'locked'> {
	const { em, auth } = app
	if (isAccountLocked(app)) return 'locked'
	if (!enabled && mfaRequired(auth)) return 'required'
	const user = await em.findOneOrFail(User, { id: auth.userId })
	user.mfaEnabled = enabled
	audit(em, auth, enabled ? 'account.mfa-on' : 'account.mfa-off', { type: 'User', id: user.id, schoolId: null })
	await em.flush()
	return 'saved'
}
