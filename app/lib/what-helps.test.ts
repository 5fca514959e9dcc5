import { describe, expect, test } from 'vitest'
import { answerNeed } from './scoring.ts'
import { measureChange, type ChangeRound, type ThemeAnswer } from './measured-change.ts'
import { averageChange, entriesToMeasure, FEWER_THAN_5, HIDDEN_BY_FILTER, WHAT_HELPS_COLUMNS, whatHelpsCells, whatHelpsRows, type EntryMeasure, type HelpEntry, type ThemeRoundScore } from './what-helps.ts'

let serial = 0
function entries(recommendation: string, outcomes: (number | null)[], selected = true): HelpEntry[] {
	return outcomes.map((outcome) => ({
		entryId: `${recommendation}-${serial++}`,
		recommendationId: recommendation,
		title: `Title ${recommendation}`,
		theme: 'Anxiety',
		selected,
		outcome,
	}))
}
const measuresOf = (list: HelpEntry[], changes: EntryMeasure[]) => new Map(list.map((entry, index) => [entry.entryId, changes[index] ?? null]))

describe('what helps', () => {
	test('a recommendation 6 students had: their count, latest outcomes by value, and the median change of the measured', () => {
		const six = entries('a', [2, 1, 1, 0, -1, null])
		const changes = [-1, -0.5, -0.25, 0.5, 0, null].map((change, index) => (change === null ? null : { change, roundsSince: index < 3 ? 1 : 2 }))
		const [row] = whatHelpsRows(six, measuresOf(six, changes))
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

	test('fewer than 5 students: "fewer than 5" and nothing else, and their changes are never asked for', () => {
		const three = entries('b', [2, 2, 2])
		const rows = whatHelpsRows(three, measuresOf(three, [{ change: -1, roundsSince: 1 }]))
		expect(rows).toEqual([{ recommendationId: 'b', title: 'Title b', theme: 'Anxiety', suppressed: true, reason: FEWER_THAN_5 }])
		expect(entriesToMeasure(three)).toEqual([])
	})

	test('counted within the filters: 6 students of whom 4 are in the year group is fewer than 5', () => {
		const list = [...entries('c', [1, 1, 1, 1]), ...entries('c', [0, 0], false)]
		expect(whatHelpsRows(list, new Map())).toMatchObject([{ suppressed: true, reason: FEWER_THAN_5 }])
	})

	test('1–4 students left out by a filter hide the row, since the whole school’s less this one would describe them', () => {
		const list = [...entries('d', [1, 1, 1, 1, 1]), ...entries('d', [-2], false)]
		expect(whatHelpsRows(list, new Map())).toMatchObject([{ suppressed: true, reason: HIDDEN_BY_FILTER }])
		expect(entriesToMeasure(list)).toEqual([])
		const many = [...entries('e', [1, 1, 1, 1, 1]), ...entries('e', [0, 0, 0, 0, 0], false)]
		expect(whatHelpsRows(many, new Map())).toMatchObject([{ suppressed: false, students: 5 }])
		expect(entriesToMeasure(many)).toHaveLength(5)
	})

	test('fewer than 5 measured: no median (one child’s change would be theirs)', () => {
		const five = entries('f', [1, 1, 1, 1, 1])
		const [row] = whatHelpsRows(five, measuresOf(five, [{ change: -1, roundsSince: 1 }, { change: -2, roundsSince: 1 }]))
		expect(row).toMatchObject({ suppressed: false, students: 5, measured: 2, medianChange: null, roundsSince: null })
	})

	test('rows shown by the most students first, then suppressed ones; a recommendation nobody within the filters had is no row', () => {
		const list = [...entries('g', [1, 1]), ...entries('h', [1, 1, 1, 1, 1]), ...entries('i', [0, 0, 0, 0, 0, 0]), ...entries('j', [0], false)]
		expect(whatHelpsRows(list, new Map()).map((row) => [row.recommendationId, row.suppressed])).toEqual([
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
		const [row] = whatHelpsRows(six, measuresOf(six, changes))
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
		const [row] = whatHelpsRows(entries('l', [2, 2]), new Map())
		expect(whatHelpsCells(row!)).toEqual(['Title l', 'Anxiety', 'fewer than 5', '', '', '', '', '', '', '', ''])
	})
})

describe('averageChange, on scores the database averaged', () => {
	const rounds: ChangeRound[] = ['2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01'].map((opensOn, index) => ({ id: `r${index}`, studentId: 's', opensOn, number: index + 1, questionnaire: 'Check' }))
	const answer = (round: number, respondent: string, value: number, reverse = false, themeId = 'calm'): ThemeAnswer => ({ roundId: `r${round}`, feedbackId: `r${round}-${respondent}`, respondent, themeId, value, reverse })
	// Two respondents with different numbers of answers (so the mean of feedback means differs from the mean of answers).
	const answers = [answer(0, 'Ann', 0), answer(0, 'Ben', 2), answer(0, 'Ben', 3, true), answer(1, 'Ann', 1), answer(1, 'Ann', 2), answer(1, 'Ben', 4), answer(3, 'Ann', 3), answer(3, 'Ben', 1, true)]
	/** What the report's query returns: per round with answers of the theme, the mean over feedback of each one's mean need. */
	const scores: ThemeRoundScore[] = rounds.flatMap((round) => {
		const ofRound = answers.filter((one) => one.roundId === round.id)
		if (!ofRound.length) return []
		const feedback = [...new Set(ofRound.map((one) => one.feedbackId))].map((id) => {
			const needs = ofRound.filter((one) => one.feedbackId === id).map((one) => answerNeed(one.value, one.reverse))
			return needs.reduce((sum, need) => sum + need, 0) / needs.length
		})
		return [{ opensOn: round.opensOn, number: round.number, score: feedback.reduce((sum, mean) => sum + mean, 0) / feedback.length }]
	})

	test.each(['2026-08-15', '2026-09-01', '2026-09-15', '2026-10-15', '2026-11-15', '2026-12-15'])('added on %s: as measureChange says on average', (addedOn) => {
		const expected = measureChange({ addedOn, themeId: 'calm' }, rounds, answers)
		const measure = averageChange(addedOn, scores)
		if (!expected.enough) expect(measure).toBeNull()
		else expect(measure).toEqual({ change: expect.closeTo(expected.average.change, 10), roundsSince: expected.roundsSince })
	})
})
