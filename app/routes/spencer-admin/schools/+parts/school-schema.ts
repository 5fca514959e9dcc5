import { z } from 'zod'
import { SCHOOL_TYPES } from '#app/models/enums.ts'

const optional = (max: number, message: string) =>
	z
		.string()
		.trim()
		.max(max, message)
		.optional()
		.transform((value) => (value ? value : null))

/** The school details form, shared by create and edit. */
export const SchoolSchema = z.object({
	name: z.string({ error: 'Enter the school’s name' }).trim().min(2, 'Enter the school’s name').max(200),
	subdomain: z
		.string({ error: 'Enter a subdomain' })
		.trim()
		.toLowerCase()
		.min(3, 'Use 3 to 63 characters')
		.max(63, 'Use 3 to 63 characters')
		.regex(/^[a-z0-9-]+$/, 'Use only lowercase letters, digits and hyphens'),
	type: z.enum(SCHOOL_TYPES, { error: 'Choose the type of school' }),
	urn: z
		.string()
		.trim()
		.regex(/^(\d{6})?$/, 'A URN is 6 digits')
		.optional()
		.transform((value) => (value ? value : null)),
	address: optional(255, 'Use at most 255 characters'),
	postcode: optional(16, 'Use at most 16 characters'),
	phone: optional(32, 'Use at most 32 characters'),
	contactEmail: z
		.union([z.literal(''), z.email({ error: 'Enter a valid email address' }).max(254, 'Use at most 254 characters')])
		.optional()
		.transform((value) => (value ? value.toLowerCase() : null)),
})
