import { REVIEW_OUTCOMES } from '#app/models/enums.ts'
import { describeChange, median } from './measured-change.ts'

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

/** One student's plan entry of a recommendation, as the report reads it. */
export type HelpEntry = {
	entryId: string
	recommendationId: string
	title: string
	theme: string
	/** Whether the student is within the group and year group filters (every entry is, without them). */
	selected: boolean
	/** The outcome of the entry's latest recorded review, −2 … +2; null before any. */
	outcome: number | null
	/** The measured change recorded with that review (ADR 075); null before any, or without enough data. */
	measure: EntryMeasure
}

/** An entry's measured change on average (need: negative is a fall), with the rounds since; null: not enough data. */
export type EntryMeasure = { change: number; roundsSince: number } | null

type RowName = { recommendationId: string; title: string; theme: string }
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

type Group = RowName & { selected: HelpEntry[]; leftOut: number }

function byRecommendation(entries: readonly HelpEntry[]): Group[] {
	const groups = new Map<string, Group>()
	for (const entry of entries) {
		let group = groups.get(entry.recommendationId)
		if (!group) {
			group = { recommendationId: entry.recommendationId, title: entry.title, theme: entry.theme, selected: [], leftOut: 0 }
			groups.set(entry.recommendationId, group)
		}
		if (entry.selected) group.selected.push(entry)
		else group.leftOut++
	}
	// A recommendation nobody within the filters had is not a row: there is nothing to say about it.
	return [...groups.values()].filter((group) => group.selected.length > 0)
}

/**
 * Why a row may not be shown, or null. Fewer than 5 students within the filters; and, with a group or year filter, 1–4
 * students left out by it, since the whole school's row less this one would then describe those few children.
 */
function suppression(group: Group): SuppressedRow['reason'] | null {
	if (group.selected.length < SMALL_NUMBER) return FEWER_THAN_5
	if (group.leftOut > 0 && group.leftOut < SMALL_NUMBER) return HIDDEN_BY_FILTER
	return null
}

/** The report's rows: those shown by the most students first, then the suppressed ones, each by title. */
export function whatHelpsRows(entries: readonly HelpEntry[]): WhatHelpsRow[] {
	const rows = byRecommendation(entries).map((group): WhatHelpsRow => {
		const name = { recommendationId: group.recommendationId, title: group.title, theme: group.theme }
		const reason = suppression(group)
		if (reason) return { ...name, suppressed: true, reason }
		const outcomes = OUTCOME_VALUES.map((value) => group.selected.filter((entry) => entry.outcome === value).length)
		const measured = group.selected.flatMap((entry) => (entry.measure ? [entry.measure] : []))
		const enough = measured.length >= SMALL_NUMBER
		return {
			...name,
			suppressed: false,
			students: group.selected.length,
			outcomes,
			notReviewed: group.selected.filter((entry) => entry.outcome === null).length,
			measured: measured.length,
			medianChange: enough ? median(measured.map((measure) => measure.change)) : null,
			roundsSince: enough ? median(measured.map((measure) => measure.roundsSince)) : null,
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
