import { describe, expect, test } from 'vitest'
import { dateOnly, formatDate, formatDateTime, formatScore, formatScoreChange, roundScore, todayInUk } from './format.ts'

describe('formatDate', () => {
	test('a date-only string is shown as dd/mm/yyyy without a time-zone shift', () => {
		expect(formatDate('2026-03-05')).toBe('05/03/2026')
		expect(formatDate('2011-12-31')).toBe('31/12/2011')
	})

	test('an instant is shown on its UK calendar day', () => {
		// 23:30 UTC on 30 June is 00:30 on 1 July in London (BST).
		expect(formatDate('2026-06-30T23:30:00Z')).toBe('01/07/2026')
		// In winter London is on UTC.
		expect(formatDate(new Date('2026-01-15T23:30:00Z'))).toBe('15/01/2026')
	})

	test('empty for missing or invalid values', () => {
		expect(formatDate(null)).toBe('')
		expect(formatDate(undefined)).toBe('')
		expect(formatDate('')).toBe('')
		expect(formatDate('not a date')).toBe('')
		expect(formatDate(new Date(Number.NaN))).toBe('')
	})
})

describe('formatDateTime', () => {
	test('dd/mm/yyyy, HH:mm in UK time, 24-hour', () => {
		expect(formatDateTime('2026-01-15T09:05:00Z')).toBe('15/01/2026, 09:05')
		expect(formatDateTime(new Date('2026-07-01T13:45:00Z'))).toBe('01/07/2026, 14:45')
		expect(formatDateTime('2026-03-05T00:00:00Z')).toBe('05/03/2026, 00:00')
	})

	test('empty for missing or invalid values', () => {
		expect(formatDateTime(null)).toBe('')
		expect(formatDateTime('31/12/2026')).toBe('')
	})
})

/** Each score formats as the text it is listed under. */
function expectScores(cases: Record<string, number[]>) {
	for (const [text, scores] of Object.entries(cases)) for (const score of scores) expect(formatScore(score), String(score)).toBe(text)
}

describe('[13.11] scores', () => {
	test('one decimal everywhere, whatever floating point left behind', () => {
		expectScores({ '4.0': [4.0000000000000000, 3.96], '2.2': [2.1666666666666665], '0.3': [0.30000000000000004], '0.0': [0] })
	})

	test('a score never rounds up onto the edge of a band it is below', () => {
		// 2.46 is Medium (< 2.5): "2.5" beside a Medium badge would contradict it.
		expectScores({ '2.4': [2.46, 2.45], '1.4': [1.49] })
		// On the edge (within the scoring's tolerance), and above it, round as usual.
		expectScores({ '2.5': [2.5, 2.4999999999999996, 2.54], '2.4': [2.44] })
		expect(roundScore(1.45)).toBe(1.4)
	})

	test('nothing for a missing or non-finite value', () => {
		expect(formatScore(null)).toBe('')
		expect(formatScore(undefined)).toBe('')
		expect(formatScore(Number.NaN)).toBe('')
	})

	test('a change is the difference of the two scores as shown, signed with a real minus', () => {
		expect(formatScoreChange(2.2, 2.1)).toBe('+0.1')
		expect(formatScoreChange(2.1, 2.2)).toBe('−0.1')
		// 2.26 shows 2.3 and 2.14 shows 2.1: the change reads +0.2, not +0.1 (the unrounded 0.12).
		expect(formatScoreChange(2.26, 2.14)).toBe('+0.2')
		expect(formatScoreChange(1.04, 0.96)).toBe('0.0')
		expect(formatScoreChange(4, 0)).toBe('+4.0')
	})
})

describe('dateOnly', () => {
	test('a date column as either driver gives it back', () => {
		expect(dateOnly('2026-03-05')).toBe('2026-03-05')
		expect(dateOnly(new Date('2026-03-05T00:00:00Z'))).toBe('2026-03-05')
		expect(dateOnly('2026-03-05T00:00:00.000Z')).toBe('2026-03-05')
	})
})

describe('todayInUk', () => {
	test('is the calendar date in London, not in UTC', () => {
		// 23:30 UTC on 30 June is already 1 July in British Summer Time.
		expect(todayInUk(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
		// In winter London is on UTC.
		expect(todayInUk(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
	})
})
