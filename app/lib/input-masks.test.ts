import { describe, expect, test } from 'vitest'
import {
	applyMask,
	caretAfterMask,
	maskAlphanumeric,
	maskDigits,
	maskLetters,
	maskNumber,
	numberSeparators,
	parseMaskedNumber,
} from './input-masks.ts'

describe('maskDigits', () => {
	test('keeps only 0-9', () => {
		expect(maskDigits('01632 960 001')).toBe('01632960001')
		expect(maskDigits('a1b2c3!')).toBe('123')
		expect(maskDigits('')).toBe('')
	})
	test('cuts to maxLength', () => {
		expect(maskDigits('1234567', { maxLength: 6 })).toBe('123456')
	})
})

describe('maskLetters', () => {
	test('keeps letters of any script, drops digits, spaces and punctuation', () => {
		expect(maskLetters("Zoë O'Brien 2")).toBe('ZoëOBrien')
		expect(maskLetters('Łukasz')).toBe('Łukasz')
	})
	test('upper-cases on request', () => {
		expect(maskLetters('ab1c', { uppercase: true, maxLength: 2 })).toBe('AB')
	})
})

describe('maskAlphanumeric', () => {
	test('keeps letters and digits', () => {
		expect(maskAlphanumeric('b801-2000 05001')).toBe('b801200005001')
	})
	test('a UPN-style field: upper case, 13 characters', () => {
		expect(maskAlphanumeric('b 8012 0000 5001 99', { uppercase: true, maxLength: 13 })).toBe('B801200005001')
	})
})

describe('maskNumber (en-GB)', () => {
	test('groups thousands', () => {
		expect(maskNumber('1234567')).toBe('1,234,567')
		expect(maskNumber('1,2,3,4')).toBe('1,234')
	})
	test('keeps at most N fraction digits', () => {
		expect(maskNumber('1234.567', { fractionDigits: 2 })).toBe('1,234.56')
		expect(maskNumber('1234.5', { fractionDigits: 2 })).toBe('1,234.5')
		expect(maskNumber('0.5.5', { fractionDigits: 2 })).toBe('0.55')
	})
	test('keeps a trailing decimal point so typing can go on', () => {
		expect(maskNumber('12.', { fractionDigits: 2 })).toBe('12.')
		expect(maskNumber('.5', { fractionDigits: 1 })).toBe('0.5')
	})
	test('whole numbers drop what follows the decimal point', () => {
		expect(maskNumber('12.5')).toBe('12')
	})
	test('drops letters and leading zeros', () => {
		expect(maskNumber('£00a12b3')).toBe('123')
		expect(maskNumber('0')).toBe('0')
		expect(maskNumber('abc')).toBe('')
	})
	test('a minus sign only when allowed', () => {
		expect(maskNumber('-1500', { allowNegative: true })).toBe('-1,500')
		expect(maskNumber('-1500')).toBe('1,500')
		expect(maskNumber('-', { allowNegative: true })).toBe('-')
	})
	test('maxLength counts integer digits', () => {
		expect(maskNumber('1234567', { maxLength: 4 })).toBe('1,234')
	})
})

describe('maskNumber in another locale', () => {
	test('de-DE swaps the separators', () => {
		expect(numberSeparators('de-DE')).toEqual({ group: '.', decimal: ',' })
		expect(maskNumber('1234,567', { fractionDigits: 2, locale: 'de-DE' })).toBe('1.234,56')
	})
})

describe('parseMaskedNumber', () => {
	test('reads masked values back', () => {
		expect(parseMaskedNumber('1,234.56')).toBe(1234.56)
		expect(parseMaskedNumber('-1,500')).toBe(-1500)
		expect(parseMaskedNumber('12.')).toBe(12)
		expect(parseMaskedNumber('1.234,5', 'de-DE')).toBe(1234.5)
	})
	test('null for empty or not a number', () => {
		expect(parseMaskedNumber('')).toBeNull()
		expect(parseMaskedNumber('12a')).toBeNull()
		expect(parseMaskedNumber('1.2.3')).toBeNull()
	})
})

describe('applyMask', () => {
	test('dispatches on kind', () => {
		expect(applyMask('digits', 'a1')).toBe('1')
		expect(applyMask('letters', 'a1')).toBe('a')
		expect(applyMask('alphanumeric', 'a-1')).toBe('a1')
		expect(applyMask('number', '1000.129', { fractionDigits: 2 })).toBe('1,000.12')
	})
})

describe('caretAfterMask', () => {
	test('stays after the character just typed when separators move', () => {
		// "1,234" with "5" typed after the "1": raw "15,234", caret 2.
		const masked = maskNumber('15,234')
		expect(masked).toBe('15,234')
		expect(caretAfterMask('number', '15,234', 2, masked)).toBe(2)
		// "123" with "4" typed at the end becomes "1,234": caret at the end.
		expect(caretAfterMask('number', '1234', 4, '1,234')).toBe(5)
	})
	test('a dropped character does not move the caret on', () => {
		// "12" with "x" typed between: raw "1x2", caret 2, masked "12".
		expect(caretAfterMask('digits', '1x2', 2, '12')).toBe(1)
	})
	test('caret at the start stays there', () => {
		expect(caretAfterMask('digits', 'x12', 1, '12')).toBe(0)
	})
})
