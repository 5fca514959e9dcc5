import { z } from 'zod'

/** A group's name (unique in the school) and description: the add and edit forms. */
export const GroupSchema = z.object({
	name: z.string({ error: 'Enter a name' }).trim().min(1, 'Enter a name').max(100, 'Use at most 100 characters'),
	description: z
		.string()
		.trim()
		.max(2000, 'Use at most 2,000 characters')
		.optional()
		.transform((value) => value || null),
})
