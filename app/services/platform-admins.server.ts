import { z } from 'zod'
import { EmailSchema } from '#app/lib/password-rules.ts'
import { byEmail, normaliseEmail, User } from '#app/models/user.ts'
import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import { sendInvitation } from './password-links.server.ts'

/** The first platform admin of a deployment, and any after it: an address and the names the invitation greets. */
export const PlatformAdminSchema = z.object({
	email: EmailSchema,
	firstName: z.string().trim().min(1, 'Give a first name').max(100, 'Use at most 100 characters for the first name'),
	lastName: z.string().trim().min(1, 'Give a last name').max(100, 'Use at most 100 characters for the last name'),
})

export type PlatformAdminCreated = 'invited' | 'not-sent' | 'already-platform-admin' | 'school-staff'

/**
 * Makes a platform admin and sends the invitation to set a password (`npm run create-admin`, README: Deployment; ADR
 * 113). On a new deployment nothing else can: the demo is never seeded into a school's PostgreSQL, and only a platform
 * admin adds schools and their admins. An address already on a school's staff is refused (a platform admin is never on
 * a school's staff, ADR 016), and so is one that is a platform admin already (its owner uses "Forgot password"). A
 * mail that cannot be sent leaves the admin created, and says so.
 * Written by no one signed in: the audit row has no actor.
 */
export async function createPlatformAdmin(em: Em, input: z.infer<typeof PlatformAdminSchema>): Promise<PlatformAdminCreated> {
	const result = await em.transactional(async (tx) => {
		const existing = await tx.findOne(User, byEmail(input.email))
		if (existing) return existing.systemRole === 'spencerAdmin' ? ('already-platform-admin' as const) : ('school-staff' as const)
		const user = tx.create(User, { email: normaliseEmail(input.email), firstName: input.firstName, lastName: input.lastName, systemRole: 'spencerAdmin' })
		audit(tx, { userId: null }, 'user.create-platform-admin', { type: 'User', id: user.id, schoolId: null })
		await tx.flush()
		return user
	})
	if (typeof result === 'string') return result
	try {
		await sendInvitation(em, result)
		return 'invited'
	} catch (error) {
		// Created all the same: once mail works, "Forgot password" sends its owner a link. The error's name only, as for a
		// member's invitation (inviteMember): the mail server's reply may quote the address.
		console.warn(`The invitation was not sent: ${error instanceof Error ? error.name : 'unknown error'}`)
		return 'not-sent'
	}
}
