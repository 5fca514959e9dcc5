import { z } from 'zod'
import { PROFILE_KINDS } from '#app/models/enums.ts'

const isoDate = (message: string) =>
	z
		.string({ error: message })
		.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter a real date', abort: true })
		.refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), { error: 'Enter a real date', abort: true })

/** The "one-time/recurring profile" form: a questionnaire, how often, from when, and who answers. */
export const ProfileSchema = z
	.object({
		questionnaireId: z.string({ error: 'Choose a questionnaire' }),
		kind: z.enum(PROFILE_KINDS, { error: 'Choose one-time or recurring' }),
		intervalWeeks: z
			.number({ error: 'Enter a whole number of weeks from 1 to 26' })
			.int('Enter a whole number of weeks from 1 to 26')
			.min(1, 'Enter a whole number of weeks from 1 to 26')
			.max(26, 'Enter a whole number of weeks from 1 to 26')
			.optional(),
		startDate: isoDate('Enter the start date'),
		endDate: isoDate('Enter a real date').optional(),
		respondents: z.array(z.string(), { error: 'Choose at least one respondent' }).min(1, 'Choose at least one respondent'),
	})
	.superRefine((value, context) => {
		if (value.kind === 'recurring' && value.intervalWeeks === undefined) {
			context.addIssue({ code: 'custom', path: ['intervalWeeks'], message: 'Enter how many weeks between rounds (1 to 26)' })
		}
		if (value.endDate && value.endDate < value.startDate) {
			context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' })
		}
	})
