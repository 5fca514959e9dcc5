import type { ProfileKind } from '#app/models/enums.ts'

export type RoundSchedule = {
	kind: ProfileKind
	intervalWeeks: number | null
	/** yyyy-mm-dd */
	startDate: string
	endDate: string | null
	status: 'active' | 'closed'
}

/**
 * The day a profile's next round opens (yyyy-mm-dd), given how many rounds it
 * has: the rule of `ensureRoundsDue` (round i opens on the start date plus
 * i × N weeks; a one-time profile has round 0 only; none after the end date
 * or once closed). Null when no round will open any more.
 */
export function nextRoundOn(profile: RoundSchedule, rounds: number): string | null {
	if (profile.status !== 'active') return null
	if (profile.kind === 'one-time') return rounds === 0 ? profile.startDate : null
	if (!profile.intervalWeeks) return null
	const day = weeksAfter(profile.startDate, rounds * profile.intervalWeeks)
	return profile.endDate && day > profile.endDate ? null : day
}

/**
 * The calendar day (yyyy-mm-dd) `weeks` weeks after `day` (yyyy-mm-dd, or a timestamp whose day it takes). Counted on
 * UTC dates, where a day is always 24 hours: date-fns' format would bring its English locale (6 KB gzipped) to the
 * student's profile, which shows when the next round opens (ADR 059).
 */
export function weeksAfter(day: string, weeks: number): string {
	const [year = Number.NaN, month = Number.NaN, date = Number.NaN] = day.slice(0, 10).split('-').map(Number)
	return new Date(Date.UTC(year, month - 1, date + 7 * weeks)).toISOString().slice(0, 10)
}
