import { z } from 'zod'
import { RETENTION_YEARS } from '#app/models/enums.ts'
import { erasureReason } from './erasure-schema.ts'
import { todayInUk } from './format.ts'
import { realDate } from './real-date.ts'

/** The retention screen lists the students whose records are due to go within this many days (ADR 070). */
export const DUE_WINDOW_DAYS = 30
/** The longest reason a hold keeps, as an erasure's (ADR 063). */
export const HOLD_REASON_MAX = 500
/** How far ahead a hold's end date may be: as long as the longest retention period. */
export const HOLD_MAX_YEARS = RETENTION_YEARS.max

export const YEARS_MESSAGE = `Enter a whole number of years from ${RETENTION_YEARS.min} to ${RETENTION_YEARS.max}`
export const HOLD_REASON_REQUIRED = 'Give the reason for the hold'
export const HOLD_UNTIL_PAST = 'The hold must end after today. Leave the date empty to keep the records until the hold is lifted.'
export const HOLD_UNTIL_TOO_FAR = `The hold can end at most ${HOLD_MAX_YEARS} years from today`


/** `date` (yyyy-mm-dd) moved by whole years; 29 February lands on 28 February in a common year, as PostgreSQL's interval does. */
export function addYearsTo(date: string, years: number): string {
	const [year, month, day] = date.split('-').map(Number) as [number, number, number]
	const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate()
	return `${String(year + years).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}

/** A hold's reason as kept: trimmed, each line break one character (as an erasure's, ADR 063). */
export const holdReason = erasureReason

/** The school's retention period form. */
export const RetentionPeriodSchema = z.object({
	// Digits only (not "1e1" or "0x10", which a number would take), then the range.
	years: z
		.string({ error: YEARS_MESSAGE })
		.trim()
		.regex(/^\d{1,3}$/, { error: YEARS_MESSAGE, abort: true })
		.transform(Number)
		.pipe(z.number().min(RETENTION_YEARS.min, YEARS_MESSAGE).max(RETENTION_YEARS.max, YEARS_MESSAGE)),
})

/**
 * The place-or-change-a-hold form: why (without the child's name), and until when, or no date for "until it is lifted".
 * The dates are UK calendar dates; the end date is the last day the records are kept.
 */
export const RetentionHoldSchema = z.object({
	reason: z.string({ error: HOLD_REASON_REQUIRED }).trim().min(1, HOLD_REASON_REQUIRED).max(HOLD_REASON_MAX, `Use at most ${HOLD_REASON_MAX} characters`),
	until: realDate()
		.refine((value) => value > todayInUk(), HOLD_UNTIL_PAST)
		.refine((value) => value <= addYearsTo(todayInUk(), HOLD_MAX_YEARS), HOLD_UNTIL_TOO_FAR)
		.optional(),
})
export type RetentionHoldInput = z.output<typeof RetentionHoldSchema>
