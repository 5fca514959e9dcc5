import { z } from 'zod'

/** The settings checkbox of the weekly digest of plan reviews (ADR 073); the email names it too, to say how to stop it. */
export const DIGEST_CHECKBOX_LABEL = 'Email me the plan reviews due, every Monday'

/** The digest form of /settings/profile: a checkbox posts "on" when ticked and nothing when not; anything else is refused. */
export const ReviewDigestSchema = z.object({
	reviewDigest: z
		.literal('on', { error: 'Tick the box or leave it empty' })
		.optional()
		.transform((value) => value === 'on'),
})
