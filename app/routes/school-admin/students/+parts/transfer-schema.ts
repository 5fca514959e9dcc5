import { z } from 'zod'

/** The "transfer student" form: the destination school as typed or chosen, and a note for its admins. */
export const TransferSchema = z.object({
	destination: z.string({ error: 'Choose the school to send the student to' }).trim().min(1, 'Choose the school to send the student to').max(300),
	note: z
		.string()
		.trim()
		.max(2000, 'Use at most 2,000 characters')
		.optional()
		.transform((value) => value || null),
})

/** Rejecting a request: the sender is told why. */
export const RejectSchema = z.object({
	id: z.uuid(),
	reason: z.string({ error: 'Give a reason' }).trim().min(1, 'Give a reason').max(2000, 'Use at most 2,000 characters'),
})
