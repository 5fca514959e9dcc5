import { describe, expect, test } from 'vitest'
import { dueOn } from './profiles.server.ts'

describe('dueOn', () => {
	test('a recurring round is due when the next one opens', () => {
		expect(dueOn('2026-01-05', 'recurring', 6)).toBe('2026-02-16')
		expect(dueOn('2026-12-28', 'recurring', 1)).toBe('2027-01-04')
	})

	test('a one-time round is due two weeks after it opens, whatever its interval says', () => {
		expect(dueOn('2026-02-20', 'one-time', null)).toBe('2026-03-06')
		expect(dueOn('2026-02-20', 'one-time', 8)).toBe('2026-03-06')
	})

	test('a timestamp is read as its calendar date', () => {
		expect(dueOn('2026-03-23T00:00:00.000Z', 'recurring', 2)).toBe('2026-04-06')
	})
})
