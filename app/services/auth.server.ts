import type { ActiveMembership, Auth, AuthUser, Role } from '#app/lib/auth.ts'
import { jsonColumn, type Em } from './database.server.ts'
import { activeMemberships } from './session.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Who is signed in: the Auth a session's user acts with, and where each role is at home. Signing in is
 * sign-in.server.ts (the password) and sign-in-code.server.ts (the e-mailed code); passwords set from an e-mailed
 * link, password-links.server.ts; sessions, session.server.ts; rate limits, rate-limit.server.ts.
 */

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
	const row = await typedSql(em)
		.selectNoFrom((eb) => [
			activeMemberships(eb.val(user.id)).as('memberships'),
			eb.selectFrom('session').select('active_membership_id').where('id', '=', sessionId).as('active_membership_id'),
		])
		.executeTakeFirst()
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
