import type { SchoolRole, SystemRole, User } from '#app/models/index.ts'

/**
 * Who is signed in, as types: what the request context carries (app/context.ts) and every guard
 * and service reads. Built by app/services/auth.server.ts; here, below both, so that neither
 * imports the other for them.
 */

export type Role = 'spencerAdmin' | SchoolRole

/** Who is signed in, as every guard and service sees it. */
export type Auth = {
	userId: string
	email: string
	firstName: string
	lastName: string
	systemRole: SystemRole
	mfaEnabled: boolean
	sessionId: string
	/**
	 * The effective role: spencerAdmin, else the role of the membership the session acts in (chosen with the school
	 * switcher, while it still has access), else of the oldest membership with access (docs/decisions/017-school-switcher.md).
	 */
	role: Role | null
	schoolId: string | null
	membershipId: string | null
	/** The memberships with access, oldest first: what the school switcher offers. */
	memberships: ActiveMembership[]
	/** Set while a platform admin acts as this user. */
	impersonatorId: string | null
}

/** What the Auth of a user is built from: their own fields and their memberships with access, oldest first. */
export type AuthUser = Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'systemRole' | 'mfaEnabled'>
export type ActiveMembership = { id: string; role: SchoolRole; schoolId: string; schoolName: string }
