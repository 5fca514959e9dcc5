import { z } from 'zod'

/** The "add a respondent" form of a profile (ADR 027). Who may be added is the server's to check. */
export const AddRespondentSchema = z.object({
	profileId: z.string(),
	membershipId: z.string({ error: 'Choose who to add' }),
})
