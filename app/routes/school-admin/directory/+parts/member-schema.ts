import { z } from 'zod'
import { EmailSchema } from '#app/lib/password-rules.ts'
import { ROLE_LABELS } from '#app/lib/roles.ts'
import { SCHOOL_ROLES } from '#app/models/enums.ts'

export const ROLE_OPTIONS = SCHOOL_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))

export const RoleSchema = z.enum(SCHOOL_ROLES, { error: 'Choose a role' })

/** The add-person form. */
export const MemberSchema = z.object({
	firstName: z.string({ error: 'Enter a first name' }).trim().min(1, 'Enter a first name').max(100, 'Use at most 100 characters'),
	lastName: z.string({ error: 'Enter a last name' }).trim().min(1, 'Enter a last name').max(100, 'Use at most 100 characters'),
	email: EmailSchema,
	role: RoleSchema,
	jobTitle: z
		.string()
		.trim()
		.max(100, 'Use at most 100 characters')
		.optional()
		.transform((value) => value || null),
	// A checkbox posts "on" when ticked and nothing when not.
	giveAccess: z
		.string()
		.optional()
		.transform((value) => value === 'on'),
})

/** The set-role modal. */
export const SetRoleSchema = z.object({ role: RoleSchema })
