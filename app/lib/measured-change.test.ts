import { describe, expect, test } from 'vitest'
import { describeChange, measureChange, median, type ChangeRound, type ThemeAnswer } from './measured-change.ts'

const round = (id: string, opensOn: string, number: number): ChangeRound => ({ id, studentId: 's', opensOn, number, questionnaire: 'Check' })
/** Answers of one respondent's feedback in a round: values on the frequency scale (need = 4 − value for a plain question). */
const answers = (roundId: string, respondent: string, values: number[], themeId = 'calm'): ThemeAnswer[] =>
	values.map((value) => ({ roundId, feedbackId: `${roundId}-${respondent}`, respondent, themeId, value, reverse: false }))

describe('measureChange', () => {
	const rounds = [round('r1', '2026-09-01', 1), round('r2', '2026-10-01', 2), round('r3', '2026-11-01', 3)]
	const given = [
		...answers('r1', 'Ann', [0, 0]), // need 4
		...answers('r2', 'Ann', [1, 1]), // need 3: the baseline
		...answers('r2', 'Ben', [2, 2]), // need 2
		...answers('r3', 'Ann', [3, 3]), // need 1: the latest
		...answers('r3', 'Ben', [2, 2]), // need 2
		...answers('r3', 'Ann', [0, 0], 'focus'), // another theme: not counted
	]

	test('the last round before the adding against the latest since, on average and per respondent', () => {
		const change = measureChange({ addedOn: '2026-10-15', themeId: 'calm' }, rounds, given)
		expect(change).toMatchObject({ enough: true, roundsSince: 1, baseline: { number: 2 }, latest: { number: 3 } })
		if (!change.enough) throw new Error('expected a change')
		// Average: before (3 + 2) / 2 = 2.5, after (1 + 2) / 2 = 1.5.
		expect(change.average).toEqual({ label: 'Average', before: 2.5, after: 1.5, change: -1 })
		expect(change.respondents).toEqual([
			{ label: 'Ann', before: 3, after: 1, change: -2 },
			{ label: 'Ben', before: 2, after: 2, change: 0 },
		])
	})

	test('a round opening on the day it was added is the baseline', () => {
		const change = measureChange({ addedOn: '2026-10-01', themeId: 'calm' }, rounds, given)
		expect(change).toMatchObject({ enough: true, baseline: { number: 2 } })
	})

	test('no round since, or none before, or no answer of the theme: not enough data', () => {
		expect(measureChange({ addedOn: '2026-11-02', themeId: 'calm' }, rounds, given)).toEqual({ enough: false, roundsSince: 0, why: 'no round since the recommendation was added' })
		expect(measureChange({ addedOn: '2026-08-01', themeId: 'calm' }, rounds, given)).toMatchObject({ enough: false, roundsSince: 3 })
		expect(measureChange({ addedOn: '2026-10-15', themeId: 'sleep' }, rounds, given)).toMatchObject({ enough: false })
	})

	test('a respondent in only one of the two rounds has no line of their own', () => {
		const change = measureChange({ addedOn: '2026-09-15', themeId: 'calm' }, rounds, given)
		if (!change.enough) throw new Error('expected a change')
		expect(change.respondents.map((line) => line.label)).toEqual(['Ann'])
	})
})

test('describeChange says which way need went', () => {
	expect(describeChange(-0.64)).toBe('need down 0.6')
	expect(describeChange(0.3)).toBe('need up 0.3')
	expect(describeChange(0.04)).toBe('no change in need')
})

test('median', () => {
	expect(median([])).toBeNull()
	expect(median([3, 1, 2])).toBe(2)
	expect(median([4, 1, 2, 3])).toBe(2.5)
})
