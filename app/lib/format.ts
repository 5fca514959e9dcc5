import { BAND_EDGES, BAND_TOLERANCE } from './scoring.ts'

/**
 * Dates as UK schools write them (en-GB, dd/mm/yyyy: docs/architecture.md#routes). Instants
 * are shown in UK time whatever the server's zone, so the server's HTML and
 * the browser's agree.
 */
export const UK_TIME_ZONE = 'Europe/London'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: UK_TIME_ZONE })
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
	day: '2-digit',
	month: '2-digit',
	year: 'numeric',
	hour: '2-digit',
	minute: '2-digit',
	hourCycle: 'h23',
	timeZone: UK_TIME_ZONE,
})

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

// Made once: building a formatter costs far more than using one.
const ukCalendarDate = new Intl.DateTimeFormat('en-CA', { timeZone: UK_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today as yyyy-mm-dd in UK time: rounds open, reviews fall due and retention counts on the school's calendar days. */
export function todayInUk(now = new Date()): string {
	return ukCalendarDate.format(now)
}

/**
 * "yyyy-mm-dd" of a date column as the database driver gives it back: text from PGlite ("2026-03-05"), a Date at
 * midnight UTC from PostgreSQL's driver for some columns.
 */
export function dateOnly(value: unknown): string {
	return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
}

function toDate(value: string | Date): Date | null {
	const date = value instanceof Date ? value : new Date(value)
	return Number.isNaN(date.getTime()) ? null : date
}

/**
 * "dd/mm/yyyy". A date-only string ("2026-03-05", e.g. a date of birth) is a
 * calendar date and is never shifted by a time zone. Empty for a missing or
 * invalid value.
 */
export function formatDate(value: string | Date | null | undefined): string {
	if (value === null || value === undefined || value === '') return ''
	if (typeof value === 'string') {
		const match = DATE_ONLY.exec(value)
		if (match) return `${match[3]}/${match[2]}/${match[1]}`
	}
	const date = toDate(value)
	return date ? dateFormat.format(date) : ''
}

/** "dd/mm/yyyy, HH:mm" in UK time (24-hour). Empty for a missing or invalid value. */
export function formatDateTime(value: string | Date | null | undefined): string {
	if (value === null || value === undefined || value === '') return ''
	const date = toDate(value)
	return date ? dateTimeFormat.format(date) : ''
}

/**
 * A score (0–4 need) rounded as every screen shows it: to the nearest tenth,
 * except that a score below a band's edge never rounds up onto it (2.46 is
 * Medium, so it shows 2.4, not 2.5 beside a "Medium" badge; ADR 030). Charts
 * draw these rounded values, so a bar, its tooltip and its table cell agree.
 */
export function roundScore(score: number): number {
	const rounded = Math.round(score * 10) / 10
	for (const edge of [BAND_EDGES.medium, BAND_EDGES.high]) {
		if (score < edge - BAND_TOLERANCE && rounded >= edge) return Math.round((edge - 0.1) * 10) / 10
	}
	return rounded
}

/** A score with one decimal ("2.4", "4.0"): tables, chart axes, tooltips and data labels alike. Empty for a missing value. */
export function formatScore(score: number | null | undefined): string {
	if (typeof score !== 'number' || !Number.isFinite(score)) return ''
	return roundScore(score).toFixed(1)
}

/**
 * The change from one score to another as the two shown scores read ("+0.3",
 * "−0.1", "0.0"): the difference of the rounded scores, so a row's figures add up.
 */
export function formatScoreChange(after: number, before: number): string {
	const change = Math.round((roundScore(after) - roundScore(before)) * 10) / 10
	if (change === 0) return '0.0'
	return `${change > 0 ? '+' : '−'}${Math.abs(change).toFixed(1)}`
}
