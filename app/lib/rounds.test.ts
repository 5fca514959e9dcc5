import { describe, expect, test } from 'vitest'
import { nextRoundOn, weeksAfter, type RoundSchedule } from './rounds.ts'

const recurring: RoundSchedule = { kind: 'recurring', intervalWeeks: 6, startDate: '2026-09-07', endDate: null, status: 'active' }

describe('[13.9] when the next round opens', () => {
	test('a recurring profile: the start date plus as many intervals as it has rounds', () => {
		expect(nextRoundOn(recurring, 0)).toBe('2026-09-07')
		expect(nextRoundOn(recurring, 2)).toBe('2026-11-30')
		// Across the clocks going back and the new year.
		expect(nextRoundOn({ ...recurring, intervalWeeks: 1 }, 17)).toBe('2027-01-04')
	})

	test('none after the end date (a round on the end date still opens), none once closed', () => {
		expect(nextRoundOn({ ...recurring, endDate: '2026-11-30' }, 2)).toBe('2026-11-30')
		expect(nextRoundOn({ ...recurring, endDate: '2026-11-29' }, 2)).toBeNull()
		expect(nextRoundOn({ ...recurring, status: 'closed' }, 1)).toBeNull()
	})

	test('a one-time profile: its start date until its round opens, then none', () => {
		const once: RoundSchedule = { ...recurring, kind: 'one-time', intervalWeeks: null }
		expect(nextRoundOn(once, 0)).toBe('2026-09-07')
		expect(nextRoundOn(once, 1)).toBeNull()
	})
})

test('weeksAfter counts calendar days, across the clock change and a month end', () => {
	expect(weeksAfter('2026-03-20', 2)).toBe('2026-04-03')
	expect(weeksAfter('2026-10-20', 1)).toBe('2026-10-27')
	expect(weeksAfter('2026-12-25T10:00:00.000Z', 1)).toBe('2027-01-01')
	expect(weeksAfter('2028-02-22', 1)).toBe('2028-02-29')
	expect(weeksAfter('2026-09-07', 52)).toBe('2027-09-06')
	expect(() => weeksAfter('not a day', 1)).toThrow(RangeError)
})
