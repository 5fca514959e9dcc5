import { describe, expect, test } from 'vitest'
import { isValidUpn, upnCheckLetter, withCheckLetter } from './upn.ts'

describe('UPN check letter', () => {
	test('accepts the documented example and refuses a wrong check letter', () => {
		expect(isValidUpn('B801200005001')).toBe(true)
		expect(isValidUpn('A801200005001')).toBe(false)
	})

	test('computes the weighted sum modulo 23 over positions 2 to 13', () => {
		// 8×2 + 1×4 + 2×5 + 5×10 + 1×13 = 93; 93 mod 23 = 1 → B
		expect(upnCheckLetter('801200005001')).toBe('B')
	})

	test('accepts a temporary UPN whose last character is a letter', () => {
		const upn = withCheckLetter('80120000500A')
		expect(upn).toHaveLength(13)
		expect(isValidUpn(upn)).toBe(true)
		expect(isValidUpn(upn.toLowerCase())).toBe(true)
	})

	test('refuses letters elsewhere, I/O/S, and wrong lengths', () => {
		expect(upnCheckLetter('8012A0005001')).toBeNull()
		expect(upnCheckLetter('80120000500I')).toBeNull()
		expect(isValidUpn('B80120000500')).toBe(false)
		expect(isValidUpn('B8012000050011')).toBe(false)
		expect(isValidUpn('')).toBe(false)
	})
})
