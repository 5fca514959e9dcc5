import { defineEntity, p, raw, type FilterQuery } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { SYSTEM_ROLES, SCHOOL_ROLES, MEMBER_ACCESS, PASSWORD_TOKEN_PURPOSES } from './enums.ts'
import { School } from './school.ts'

export const UserSchema = defineEntity({
	name: 'User',
	tableName: 'users',
	// Email is unique whatever its case: the index is on lower(email).
	uniques: [{ name: 'user_email_unique', expression: 'create unique index "user_email_unique" on "users" (lower("email"))' }],
	properties: {
		...baseProperties(),
		email: p.string(),
		firstName: p.string(),
		lastName: p.string(),
		passwordHash: p.string().nullable().hidden().lazy(),
		systemRole: p.enum(SYSTEM_ROLES).default('schoolStaff'),
		mfaEnabled: p.boolean().default(false),
		/** The weekly e-mail of plan reviews due (issue 18); each user may turn it off in their settings. */
		reviewDigest: p.boolean().default(true),
		lastSignInAt: p.datetime().nullable(),
		memberships: () => p.oneToMany(SchoolMembership).mappedBy('user'),
	},
})
export class User extends UserSchema.class {}
UserSchema.setClass(User)

/** How an address is stored: in lower case, so that no school sees how another typed it (ADR 016). */
export function normaliseEmail(email: string): string {
	return email.trim().toLowerCase()
}

/**
 * The one way to find a user by address: equality whatever the case, never a
 * pattern (`_` and `%` are ordinary characters in an address), on the
 * expression the unique index is built on (ADR 016).
 */
export function byEmail(email: string): FilterQuery<User> {
	// A new fragment each call: the ORM recognises a raw key only once.
	return { [raw((alias) => `lower(${alias}.email)`)]: normaliseEmail(email) } as FilterQuery<User>
}

/**
 * A person's entry in one school's directory. The names are the ones this
 * school entered: one account can work at several schools, and no school
 * sees what another typed (ADR 016).
 */
export const SchoolMembershipSchema = defineEntity({
	name: 'SchoolMembership',
	uniques: [{ name: 'school_membership_user_school_unique', properties: ['user', 'school'] }],
	properties: {
		...baseProperties(),
		user: () => p.manyToOne(User).deleteRule('cascade'),
		school: () => p.manyToOne(School).index(),
		firstName: p.string(),
		lastName: p.string(),
		role: p.enum(SCHOOL_ROLES),
		jobTitle: p.string().nullable(),
		access: p.enum(MEMBER_ACCESS).default('none'),
	},
})
export class SchoolMembership extends SchoolMembershipSchema.class {}
SchoolMembershipSchema.setClass(SchoolMembership)

/**
 * A signed-in session. The cookie holds a 256-bit random token; only its
 * SHA-256 is stored, so a copy of the database opens no session.
 */
export const SessionSchema = defineEntity({
	name: 'Session',
	uniques: [{ name: 'session_token_hash_unique', properties: ['tokenHash'] }],
	properties: {
		...baseProperties(),
		user: () => p.manyToOne(User).deleteRule('cascade').index(),
		tokenHash: p.string().length(64),
		/** Idle expiry: moves forward as the user works. */
		expiresAt: p.datetime(),
		/** Absolute expiry: never moves. */
		absoluteExpiresAt: p.datetime(),
		lastSeenAt: p.datetime(),
		/**
		 * The membership this session acts in, chosen with the school switcher; null (or no longer valid) means the
		 * oldest active one (docs/decisions/017-school-switcher.md).
		 */
		activeMembership: () => p.manyToOne(SchoolMembership).nullable().deleteRule('set null').index(),
	},
})
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session)

export const PasswordTokenSchema = defineEntity({
	name: 'PasswordToken',
	uniques: [{ name: 'password_token_hash_unique', properties: ['tokenHash'] }],
	properties: {
		...baseProperties(),
		user: () => p.manyToOne(User).deleteRule('cascade').index(),
		purpose: p.enum(PASSWORD_TOKEN_PURPOSES),
		tokenHash: p.string().length(64),
		expiresAt: p.datetime(),
		usedAt: p.datetime().nullable(),
	},
})
export class PasswordToken extends PasswordTokenSchema.class {}
PasswordTokenSchema.setClass(PasswordToken)

/** The longest redirect target kept (safeRedirect refuses longer ones): a list's address with its filters fits. */
export const MAX_REDIRECT_LENGTH = 2048

/**
 * The step between a right password and the emailed code: bound to the user
 * who passed the password step, it lives 3 minutes, allows 5 wrong codes and
 * is used once; a resend replaces the code.
 */
export const PendingSignInSchema = defineEntity({
	name: 'PendingSignIn',
	uniques: [{ name: 'pending_sign_in_token_hash_unique', properties: ['tokenHash'] }],
	properties: {
		...baseProperties(),
		user: () => p.manyToOne(User).deleteRule('cascade').index(),
		tokenHash: p.string().length(64),
		codeHash: p.string().length(64).nullable(),
		attempts: p.integer().default(0),
		expiresAt: p.datetime(),
		usedAt: p.datetime().nullable(),
		redirectTo: p.string().length(MAX_REDIRECT_LENGTH).nullable(),
	},
})
export class PendingSignIn extends PendingSignInSchema.class {}
PendingSignInSchema.setClass(PendingSignIn)
