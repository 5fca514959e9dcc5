import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import {
	addYearsTo,
	HOLD_REASON_MAX,
	HOLD_REASON_REQUIRED,
	HOLD_UNTIL_PAST,
	HOLD_UNTIL_TOO_FAR,
	RetentionHoldSchema,
	RetentionPeriodSchema,
	YEARS_MESSAGE,
} from './retention-schema.ts'
import { todayInUk } from './format.ts'

const formOf = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return data
}
const period = (fields: Record<string, string>) => parseWithZod(formOf(fields), { schema: RetentionPeriodSchema })
const hold = (fields: Record<string, string>) => parseWithZod(formOf(fields), { schema: RetentionHoldSchema })

describe('the retention period form', () => {
	test.each(['1', '6', '35', ' 7 '])('%s years pass', (years) => {
		const result = period({ years })
		expect(result.status === 'success' && result.value).toEqual({ years: Number(years) })
	})

	test.each(['', '0', '36', '-1', '6.5', 'six', '1e1', '1e400', '99999999999999999999999', 'Infinity', 'NaN', '0x10', '00000000000000000007'])('%o is refused', (years) => {
		const result = period({ years })
		expect(result.status === 'error' && result.error?.years).toEqual([YEARS_MESSAGE])
	})
})

describe('the hold form', () => {
	const day = (offset: number) => {
		const date = new Date(`${todayInUk()}T12:00:00Z`)
		date.setUTCDate(date.getUTCDate() + offset)
		return date.toISOString().slice(0, 10)
	}

	test('a reason alone is a hold until lifted; with a date, until that day', () => {
		expect(hold({ reason: '  Safeguarding hold  ' })).toMatchObject({ status: 'success', value: { reason: 'Safeguarding hold' } })
		expect(hold({ reason: 'Safeguarding hold', until: '' })).toMatchObject({ status: 'success', value: { reason: 'Safeguarding hold' } })
		expect(hold({ reason: 'Police request', until: day(1) })).toMatchObject({ status: 'success', value: { reason: 'Police request', until: day(1) } })
	})

	test.each([
		[{ until: day(30) }, 'reason', HOLD_REASON_REQUIRED],
		[{ reason: '   ' }, 'reason', HOLD_REASON_REQUIRED],
		[{ reason: 'x'.repeat(HOLD_REASON_MAX + 1) }, 'reason', `Use at most ${HOLD_REASON_MAX} characters`],
		[{ reason: 'Hold', until: day(0) }, 'until', HOLD_UNTIL_PAST],
		[{ reason: 'Hold', until: day(-400) }, 'until', HOLD_UNTIL_PAST],
		[{ reason: 'Hold', until: addYearsTo(day(1), 35) }, 'until', HOLD_UNTIL_TOO_FAR],
		[{ reason: 'Hold', until: '2027-02-30' }, 'until', 'Enter a real date'],
		[{ reason: 'Hold', until: '31/12/2027' }, 'until', 'Enter a real date'],
		[{ reason: 'Hold', until: '99999-01-01' }, 'until', 'Enter a real date'],
	])('%o is refused on %s', (fields, field, message) => {
		const result = hold(fields as Record<string, string>)
		expect(result.status === 'error' && result.error?.[field]).toEqual([message])
	})
})

describe('addYearsTo', () => {
	test('moves a calendar date by whole years; 29 February lands on 28 February in a common year', () => {
		expect(addYearsTo('2020-07-21', 6)).toBe('2026-07-21')
		expect(addYearsTo('2024-02-29', 1)).toBe('2025-02-28')
		expect(addYearsTo('2024-02-29', 4)).toBe('2028-02-29')
		expect(addYearsTo('2026-11-27', -1)).toBe('2025-11-27')
	})
})
