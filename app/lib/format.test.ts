import { describe, expect, test } from 'vitest'
import { formatDate, formatDateTime } from './format.ts'

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
