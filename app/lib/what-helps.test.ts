import { describe, expect, test } from 'vitest'
import { median } from './measured-change.ts'
import { FEWER_THAN_5, HIDDEN_BY_FILTER, OUTCOME_VALUES, WHAT_HELPS_COLUMNS, whatHelpsCells, whatHelpsRows, type HelpCounts } from './what-helps.ts'

/** A student's entry of a recommendation: its latest review's outcome and kept change, and whether the filters keep it. */
type Entry = { recommendationId: string; selected: boolean; outcome: number | null; measure: { change: number; roundsSince: number } | null }
type EntryMeasure = Entry['measure']

function entries(recommendation: string, outcomes: (number | null)[], selected = true): Entry[] {
	return outcomes.map((outcome) => ({ recommendationId: recommendation, selected, outcome, measure: null }))
}
/** The entries with the measured changes their latest reviews kept, in order. */
const withMeasures = (list: Entry[], changes: EntryMeasure[]) => list.map((entry, index) => ({ ...entry, measure: changes[index] ?? null }))

/** The counts the database makes of these entries, one per recommendation (what-helps.server.ts). */
function counted(list: Entry[]): HelpCounts[] {
	return [...new Set(list.map((entry) => entry.recommendationId))].map((id) => {
		const of = list.filter((entry) => entry.recommendationId === id)
		const within = of.filter((entry) => entry.selected)
		const measured = within.flatMap((entry) => (entry.measure ? [entry.measure] : []))
		return {
			recommendationId: id,
			title: `Title ${id}`,
			theme: 'Anxiety',
			students: within.length,
			leftOut: [of.length - within.length],
			outcomes: OUTCOME_VALUES.map((value) => within.filter((entry) => entry.outcome === value).length),
			notReviewed: within.filter((entry) => entry.outcome === null).length,
			measured: measured.length,
			medianChange: median(measured.map((measure) => measure.change)),
			medianRounds: median(measured.map((measure) => measure.roundsSince)),
		}
	})
}

describe('what helps', () => {
	test('a recommendation 6 students had: their count, latest outcomes by value, and the median change of the measured', () => {
		const six = entries('a', [2, 1, 1, 0, -1, null])
		const changes = [-1, -0.5, -0.25, 0.5, 0, null].map((change, index) => (change === null ? null : { change, roundsSince: index < 3 ? 1 : 2 }))
		const [row] = whatHelpsRows(counted(withMeasures(six, changes)))
		expect(row).toEqual({
			recommendationId: 'a',
			title: 'Title a',
			theme: 'Anxiety',
			suppressed: false,
			students: 6,
			outcomes: [0, 1, 1, 2, 1],
			notReviewed: 1,
			measured: 5,
			medianChange: -0.25,
			roundsSince: 1,
		})
	})

	test('fewer than 5 students: "fewer than 5" and nothing else', () => {
		const three = entries('b', [2, 2, 2])
		const rows = whatHelpsRows(counted(withMeasures(three, [{ change: -1, roundsSince: 1 }])))
		expect(rows).toEqual([{ recommendationId: 'b', title: 'Title b', theme: 'Anxiety', suppressed: true, reason: FEWER_THAN_5 }])
	})

	test('counted within the filters: 6 students of whom 4 are in the year group is fewer than 5', () => {
		const list = [...entries('c', [1, 1, 1, 1]), ...entries('c', [0, 0], false)]
		expect(whatHelpsRows(counted(list))).toMatchObject([{ suppressed: true, reason: FEWER_THAN_5 }])
	})

	test('1–4 students left out by a filter hide the row, since the whole school’s less this one would describe them', () => {
		const list = [...entries('d', [1, 1, 1, 1, 1]), ...entries('d', [-2], false)]
		expect(whatHelpsRows(counted(list))).toMatchObject([{ suppressed: true, reason: HIDDEN_BY_FILTER }])
		const many = [...entries('e', [1, 1, 1, 1, 1]), ...entries('e', [0, 0, 0, 0, 0], false)]
		expect(whatHelpsRows(counted(many))).toMatchObject([{ suppressed: false, students: 5 }])
	})

	test('fewer than 5 measured: no median (one child’s change would be theirs)', () => {
		const five = entries('f', [1, 1, 1, 1, 1])
		const [row] = whatHelpsRows(counted(withMeasures(five, [{ change: -1, roundsSince: 1 }, { change: -2, roundsSince: 1 }])))
		expect(row).toMatchObject({ suppressed: false, students: 5, measured: 2, medianChange: null, roundsSince: null })
	})

	test('rows shown by the most students first, then suppressed ones; a recommendation nobody within the filters had is no row', () => {
		const list = [...entries('g', [1, 1]), ...entries('h', [1, 1, 1, 1, 1]), ...entries('i', [0, 0, 0, 0, 0, 0]), ...entries('j', [0], false)]
		expect(whatHelpsRows(counted(list)).map((row) => [row.recommendationId, row.suppressed])).toEqual([
			['i', false],
			['h', false],
			['g', true],
		])
	})
})

describe('its cells, on the page and in the CSV', () => {
	test('a shown row: counts, the median said as what it means, and the rounds since', () => {
		const six = entries('k', [2, 1, 1, 0, -1, null])
		const changes = [-0.6, -0.6, -0.6, 0.2, 0, null].map((change) => (change === null ? null : { change, roundsSince: 2 }))
		const [row] = whatHelpsRows(counted(withMeasures(six, changes)))
		expect(whatHelpsCells(row!)).toEqual(['Title k', 'Anxiety', '6', '0', '1', '1', '2', '1', '1', 'need down 0.6', '2'])
		expect(WHAT_HELPS_COLUMNS).toEqual([
			'Recommendation',
			'Theme',
			'Students',
			'Much worse (−2)',
			'Worse (−1)',
			'No change (0)',
			'Better (+1)',
			'Much better (+2)',
			'Not reviewed yet',
			'Median measured change',
			'Rounds since (median)',
		])
	})

	test('a suppressed row: its name, "fewer than 5", and blanks', () => {
		const [row] = whatHelpsRows(counted(entries('l', [2, 2])))
		expect(whatHelpsCells(row!)).toEqual(['Title l', 'Anxiety', 'fewer than 5', '', '', '', '', '', '', '', ''])
	})
})
