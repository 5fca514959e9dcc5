import { expect, test } from 'vitest'
import { RATE_LIMITS, SIGN_IN_DELAY, signInDelayMs } from './rate-limit.server.ts'

test('an account’s failures cost nothing up to the limit, then a wait that doubles up to a cap', () => {
	const free = RATE_LIMITS.accountFailures.limit
	for (let failures = 0; failures < free; failures++) expect(signInDelayMs(failures)).toBe(0)
	expect([free, free + 1, free + 2, free + 3].map(signInDelayMs)).toEqual([250, 500, 1_000, 2_000])
	expect(signInDelayMs(free + 4)).toBe(SIGN_IN_DELAY.maxMs)
	expect(signInDelayMs(1_000_000)).toBe(SIGN_IN_DELAY.maxMs)
	expect(SIGN_IN_DELAY.maxMs).toBeLessThanOrEqual(3_000)
})
