import { z } from 'zod'

/** The longest reason an erasure keeps. */
export const ERASURE_REASON_MAX = 500

export const REASON_REQUIRED = 'Give the reason for erasing this student'
export const CONFIRMATION_REQUIRED = 'Type the student’s UPN to confirm'
export const CONFIRMATION_MISMATCH = 'This is not the student’s UPN. Type it exactly as shown above.'

/** The reason as kept: trimmed, each line break one character. */
export function erasureReason(text: string): string {
	return text.replace(/\r\n?/g, '\n').trim()
}

/** The "erase this student" form: why, and the student's UPN typed as the confirmation (the service compares it). */
export const EraseSchema = z.object({
	// Kept as erasureReason says (the service's part): its line breaks can only make it shorter.
	reason: z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(ERASURE_REASON_MAX, `Use at most ${ERASURE_REASON_MAX} characters`),
	confirmation: z.string({ error: CONFIRMATION_REQUIRED }).trim().min(1, CONFIRMATION_REQUIRED).max(20, CONFIRMATION_MISMATCH),
})
