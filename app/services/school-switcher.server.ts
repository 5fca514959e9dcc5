import { Session } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import type { ActiveMembership } from '#app/lib/auth.ts'
import { homeFor } from './auth.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { notFound } from './tenancy.server.ts'

/**
 * The school switcher (docs/decisions/017-school-switcher.md): this session acts in another of the user's memberships
 * with access. Only a membership the request's Auth already holds qualifies (this user's, access active, school not
 * archived); anything else is 404 and nothing is written. While impersonating, it is the impersonated user's
 * memberships, on the admin's impersonation session, which ends with the impersonation.
 */
export async function switchSchool(app: SignedIn, membershipId: string): Promise<{ membership: ActiveMembership; home: string }> {
	const { em, auth } = app
	const membership = auth.role === 'spencerAdmin' ? undefined : auth.memberships.find((candidate) => candidate.id === membershipId)
	if (!membership) throw notFound()
	await em.transactional(async (tx) => {
		await tx.nativeUpdate(Session, { id: auth.sessionId }, { activeMembership: membership.id })
		audit(tx as Em, auth, 'session.switch-school', { type: 'SchoolMembership', id: membership.id, schoolId: membership.schoolId })
	})
	return { membership, home: homeFor(membership.role) }
}
