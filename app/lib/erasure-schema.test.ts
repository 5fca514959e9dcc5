import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { CONFIRMATION_REQUIRED, ERASURE_REASON_MAX, EraseSchema, erasureReason, REASON_REQUIRED } from './erasure-schema.ts'

const form = (fields: Record<string, string>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return parseWithZod(data, { schema: EraseSchema })
}

describe('the erasure form', () => {
	test('a reason and a UPN pass, trimmed', () => {
		const result = form({ reason: '  Parent’s request  ', confirmation: ' b801200005001 ' })
		expect(result.status).toBe('success')
		expect(result.status === 'success' && result.value).toEqual({ reason: 'Parent’s request', confirmation: 'b801200005001' })
	})

	test.each([
		[{ reason: '', confirmation: 'B801200005001' }, 'reason', REASON_REQUIRED],
		[{ reason: '   ', confirmation: 'B801200005001' }, 'reason', REASON_REQUIRED],
		[{ reason: 'x'.repeat(ERASURE_REASON_MAX + 1), confirmation: 'B801200005001' }, 'reason', `Use at most ${ERASURE_REASON_MAX} characters`],
		[{ reason: 'Request' }, 'confirmation', CONFIRMATION_REQUIRED],
		[{ reason: 'Request', confirmation: '  ' }, 'confirmation', CONFIRMATION_REQUIRED],
	])('%o is refused on %s', (fields, field, message) => {
		const result = form(fields)
		expect(result.status === 'error' && result.error?.[field]).toEqual([message])
	})

	test('a kept reason has one character per line break', () => {
		expect(erasureReason(' a\r\nb\rc\n ')).toBe('a\nb\nc')
	})
})
