import { REVIEW_OUTCOMES } from '#app/models/enums.ts'
import { describeChange } from './measured-change.ts'

/**
 * What helps, across the school (issue 18, item 4; ADR 074): per recommendation, the students who had it, their latest
 * recorded outcomes and the median measured change. Aggregates only, and none about fewer than SMALL_NUMBER students,
 * so that no child can be picked out of a row. Pure: the service gathers the entries, this decides what may be shown.
 */

/** Below this many students a row says only "fewer than 5". */
export const SMALL_NUMBER = 5
export const FEWER_THAN_5 = 'fewer than 5'
/** A row whose students are 5 or more, but whose left-out students (by the group or year filter) are 1–4. */
export const HIDDEN_BY_FILTER = 'hidden: fewer than 5 left out by the filters'

/** The five outcomes of a review, −2 … +2, in the order the table and the chart show them. */
export const OUTCOME_VALUES = REVIEW_OUTCOMES.map((outcome) => outcome.value)

type RowName = { recommendationId: string; title: string; theme: string }

/**
 * One recommendation's plan entries, counted by the database (a student has at most one current entry of a
 * recommendation, so entries are students): within the group and year group filters, and left out by them; by the
 * outcome of each entry's latest review; and the median of the measured changes kept with those reviews (ADR 075).
 */
export type HelpCounts = RowName & {
	students: number
	/**
	 * The students each wider view has that this one leaves out: the whole school's; with both a group and a year group,
	 * also the group's alone and the year group's alone (ADR 104). Empty or zeros without a filter.
	 */
	leftOut: number[]
	/** Students by their latest recorded outcome, in OUTCOME_VALUES' order. */
	outcomes: number[]
	notReviewed: number
	/** Students whose latest review kept a measured change. */
	measured: number
	medianChange: number | null
	medianRounds: number | null
}

export type ShownRow = RowName & {
	suppressed: false
	students: number
	/** Students by their latest recorded outcome, in OUTCOME_VALUES' order. */
	outcomes: number[]
	notReviewed: number
	/** Students with enough data for a measured change. */
	measured: number
	/** The median of their changes; null when fewer than SMALL_NUMBER were measured (one child's change is theirs). */
	medianChange: number | null
	/** The median number of rounds since the entries were added, over the measured students. */
	roundsSince: number | null
}
export type SuppressedRow = RowName & { suppressed: true; reason: typeof FEWER_THAN_5 | typeof HIDDEN_BY_FILTER }
export type WhatHelpsRow = ShownRow | SuppressedRow

/**
 * Why a row may not be shown, or null. Fewer than 5 students within the filters; and, with a group or year filter, 1–4
 * students left out by it against a wider view, since that view's row less this one would then describe those few
 * children: the whole school's, and with both filters each filter's alone (ADR 104).
 */
function suppression(counts: HelpCounts): SuppressedRow['reason'] | null {
	if (counts.students < SMALL_NUMBER) return FEWER_THAN_5
	if (counts.leftOut.some((leftOut) => leftOut > 0 && leftOut < SMALL_NUMBER)) return HIDDEN_BY_FILTER
	return null
}

/**
 * The report's rows: those shown by the most students first, then the suppressed ones, each by title. A recommendation
 * nobody within the filters had is not a row: there is nothing to say about it.
 */
export function whatHelpsRows(recommendations: readonly HelpCounts[]): WhatHelpsRow[] {
	const rows = recommendations
		.filter((counts) => counts.students > 0)
		.map((counts): WhatHelpsRow => {
			const name = { recommendationId: counts.recommendationId, title: counts.title, theme: counts.theme }
			const reason = suppression(counts)
			if (reason) return { ...name, suppressed: true, reason }
			const enough = counts.measured >= SMALL_NUMBER
			return {
				...name,
				suppressed: false,
				students: counts.students,
				outcomes: counts.outcomes,
				notReviewed: counts.notReviewed,
				measured: counts.measured,
				medianChange: enough ? counts.medianChange : null,
				roundsSince: enough ? counts.medianRounds : null,
			}
		})
	const shownFirst = (row: WhatHelpsRow) => (row.suppressed ? 1 : 0)
	return rows.toSorted(
		(a, b) => shownFirst(a) - shownFirst(b) || (a.suppressed || b.suppressed ? 0 : b.students - a.students) || a.title.localeCompare(b.title, 'en-GB'),
	)
}

const SIGNED = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0')

/** The report's columns, the same on the page and in the CSV. */
export const WHAT_HELPS_COLUMNS = [
	'Recommendation',
	'Theme',
	'Students',
	...REVIEW_OUTCOMES.map((outcome) => `${outcome.label} (${SIGNED(outcome.value)})`),
	'Not reviewed yet',
	'Median measured change',
	'Rounds since (median)',
] as const

/**
 * A row as the text of its cells, the same on the page and in the CSV: a suppressed row names its recommendation and
 * says why it says nothing else. Changes are said as what they mean ("need down 0.6"), never as a bare signed number.
 */
export function whatHelpsCells(row: WhatHelpsRow): string[] {
	const blanks = WHAT_HELPS_COLUMNS.length - 3
	if (row.suppressed) return [row.title, row.theme, row.reason, ...Array.from({ length: blanks }, () => '')]
	const measured = row.medianChange === null ? `${FEWER_THAN_5} measured` : describeChange(row.medianChange)
	return [
		row.title,
		row.theme,
		String(row.students),
		...row.outcomes.map(String),
		String(row.notReviewed),
		measured,
		row.roundsSince === null ? '' : String(row.roundsSince),
	]
}
