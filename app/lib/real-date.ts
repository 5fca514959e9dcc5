import { z } from 'zod'

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

export const REAL_DATE_MESSAGE = 'Enter a real date'

/**
 * Whether `value` is a calendar day that exists, written yyyy-mm-dd as a date input posts it: not 2026-02-30, not
 * 2026-13-01 (an invalid Date, whose toISOString throws), and not a shape PostgreSQL's `::date` would refuse.
 */
export function isRealDate(value: string): boolean {
	if (!DATE_ONLY.test(value)) return false
	const day = new Date(`${value}T00:00:00Z`)
	return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value)
}

/** A form's date field: `required` when it is missing, "Enter a real date" when it is not a day that exists. */
export const realDate = (required?: string) => z.string(required ? { error: required } : undefined).refine(isRealDate, { error: REAL_DATE_MESSAGE, abort: true })
