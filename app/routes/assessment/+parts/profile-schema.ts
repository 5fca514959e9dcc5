import { z } from 'zod'
import { REAL_DATE_MESSAGE, realDate } from '#app/lib/real-date.ts'
import { PROFILE_KINDS } from '#app/models/enums.ts'

/** `date` (yyyy-mm-dd) moved by whole years; 29 February lands on 1 March in a common year. */
export function addYears(date: string, years: number): string {
	const moved = new Date(`${date}T00:00:00Z`)
	moved.setUTCFullYear(moved.getUTCFullYear() + years)
	return moved.toISOString().slice(0, 10)
}

/**
 * How far a profile may reach (ADR 012): rounds are generated from the start
 * date up to today in one request, so a mistyped year (0201 for 2026) must
 * not become thousands of rounds.
 */
export const START_YEARS_BACK = 1
export const END_YEARS_AFTER_START = 5

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
		startDate: realDate('Enter the start date'),
		endDate: realDate(REAL_DATE_MESSAGE).optional(),
		respondents: z.array(z.string(), { error: 'Choose at least one respondent' }).min(1, 'Choose at least one respondent'),
	})
	.superRefine((value, context) => {
		if (value.kind === 'recurring' && value.intervalWeeks === undefined) {
			context.addIssue({ code: 'custom', path: ['intervalWeeks'], message: 'Enter how many weeks between rounds (1 to 26)' })
		}
		if (value.startDate < addYears(new Date().toISOString().slice(0, 10), -START_YEARS_BACK)) {
			context.addIssue({ code: 'custom', path: ['startDate'], message: 'The start date cannot be more than a year ago' })
		}
		if (value.endDate && value.endDate < value.startDate) {
			context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' })
		}
		if (value.endDate && value.endDate > addYears(value.startDate, END_YEARS_AFTER_START)) {
			context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be more than 5 years after the start date' })
		}
	})
