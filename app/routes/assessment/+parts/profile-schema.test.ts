import { describe, expect, test } from 'vitest'
import { addYears, ProfileSchema } from './profile-schema.ts'

const today = new Date().toISOString().slice(0, 10)
const base = { questionnaireId: 'q', kind: 'recurring', intervalWeeks: 1, startDate: today, respondents: ['m'] }
const errors = (input: Record<string, unknown>) => {
	const result = ProfileSchema.safeParse({ ...base, ...input })
	return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('addYears', () => {
	test('moves a date by whole years, both ways', () => {
		expect(addYears('2026-09-01', -1)).toBe('2025-09-01')
		expect(addYears('2026-09-01', 5)).toBe('2031-09-01')
		expect(addYears('2024-02-29', 1)).toBe('2025-03-01')
	})
})

describe('ProfileSchema date bounds', () => {
	test('a start date up to a year ago is accepted; earlier (a mistyped year) is a field error', () => {
		expect(errors({ startDate: addYears(today, -1) })).toEqual({})
		expect(errors({ startDate: '0201-09-01' })).toEqual({ startDate: 'The start date cannot be more than a year ago' })
		const dayBefore = new Date(`${addYears(today, -1)}T00:00:00Z`)
		dayBefore.setUTCDate(dayBefore.getUTCDate() - 1)
		expect(errors({ startDate: dayBefore.toISOString().slice(0, 10) })).toEqual({ startDate: 'The start date cannot be more than a year ago' })
	})

	test('an end date up to five years after the start is accepted; later is a field error', () => {
		expect(errors({ endDate: addYears(today, 5) })).toEqual({})
		const tooLate = new Date(`${addYears(today, 5)}T00:00:00Z`)
		tooLate.setUTCDate(tooLate.getUTCDate() + 1)
		expect(errors({ endDate: tooLate.toISOString().slice(0, 10) })).toEqual({
			endDate: 'The end date cannot be more than 5 years after the start date',
		})
	})
})
