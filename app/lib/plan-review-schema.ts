import { z } from 'zod'
import { REVIEW_DECISIONS, REVIEW_OUTCOMES } from '#app/models/enums.ts'
import { REVIEW_INTERVAL_DAYS } from './review-links.ts'
import { todayInUk } from './format.ts'
import { realDate } from './real-date.ts'
import { addYearsTo } from './retention-schema.ts'

/**
 * The forms of plan reviews (ADR 072), shared by the browser (conform) and the server: the review date and owner asked
 * when recommendations are added, and the review itself. Dates are UK calendar days (yyyy-mm-dd); "today" is the
 * caller's clock, so the server and the browser check the same range.
 */

/** The longest note a review keeps (as an erasure's reason). */
export const REVIEW_NOTE_MAX = 500
/** A review date is at most this far ahead. */
export const REVIEW_MAX_YEARS = 2

export const REVIEW_DATE_REQUIRED = 'Enter the review date'
export const REVIEW_DATE_PAST = 'The review date cannot be before today'
export const REVIEW_DATE_TOO_FAR = `The review date can be at most ${REVIEW_MAX_YEARS} years from today`
export const OUTCOME_REQUIRED = 'Choose the outcome'
export const DECISION_REQUIRED = 'Choose whether to continue, change or stop'
export const NOT_AN_OWNER = 'Choose one of the profile’s respondents'

/** `date` (yyyy-mm-dd) moved by whole days, on UTC dates where every day is 24 hours. */
export function daysAfter(date: string, days: number): string {
	const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number)
	return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10)
}

/** The review date a form offers: 6 weeks from today. */
export const defaultReviewOn = (today = todayInUk()) => daysAfter(today, REVIEW_INTERVAL_DAYS)

/** A review date: a real day, today at the earliest and two years ahead at the latest. */
export const reviewDate = () =>
	realDate(REVIEW_DATE_REQUIRED)
		.refine((value) => value >= todayInUk(), REVIEW_DATE_PAST)
		.refine((value) => value <= addYearsTo(todayInUk(), REVIEW_MAX_YEARS), REVIEW_DATE_TOO_FAR)

/**
 * The review fields of the "add recommendations" form. Optional on the wire: a post without them (an older page still
 * open, a script) gets what the form offers by default — 6 weeks, the need manager or the first respondent.
 */
export const PlanReviewFields = {
	reviewOn: reviewDate().optional(),
	owner: z.string().max(36, NOT_AN_OWNER).optional(),
}

const OUTCOME_VALUES = REVIEW_OUTCOMES.map((outcome) => String(outcome.value)) as [string, ...string[]]

/** A review of a plan entry. The next review date is asked for continue and change; stopping clears it (the service). */
export const RecordReviewSchema = z
	.object({
		outcome: z.enum(OUTCOME_VALUES, { error: OUTCOME_REQUIRED }),
		note: z.string().trim().max(REVIEW_NOTE_MAX, `Use at most ${REVIEW_NOTE_MAX} characters`).optional(),
		decision: z.enum(REVIEW_DECISIONS, { error: DECISION_REQUIRED }),
		nextReviewOn: z.string().optional(),
	})
	.superRefine((value, context) => {
		if (value.decision === 'stop') return
		const next = reviewDate().safeParse(value.nextReviewOn)
		if (!next.success) context.addIssue({ code: 'custom', path: ['nextReviewOn'], message: next.error.issues[0]?.message ?? REVIEW_DATE_REQUIRED })
	})
export type RecordReviewInput = z.output<typeof RecordReviewSchema>
