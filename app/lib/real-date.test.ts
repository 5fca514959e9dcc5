import { describe, expect, test } from 'vitest'
import { isRealDate, realDate } from './real-date.ts'

describe('isRealDate', () => {
	test.each(['2026-03-05', '2024-02-29', '2026-12-31', '0201-09-01'])('%s is a day', (value) => {
		expect(isRealDate(value)).toBe(true)
	})

	test.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-3-5', '26-03-05', '2026-03-05T00:00', ' 2026-03-05', ''])(
		'%j is not',
		(value) => {
			expect(isRealDate(value)).toBe(false)
		},
	)
})

describe('realDate', () => {
	test('a missing value gets the field’s own message, a shape or day that does not exist "Enter a real date"; nothing throws', () => {
		const field = realDate('Enter the start date')
		expect(field.safeParse(undefined).error?.issues[0]?.message).toBe('Enter the start date')
		for (const value of ['2026-13-01', '2026-02-30', 'soon']) expect(field.safeParse(value).error?.issues[0]?.message).toBe('Enter a real date')
		expect(field.safeParse('2026-03-05').data).toBe('2026-03-05')
	})
})
