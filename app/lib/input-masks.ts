/**
 * Input masks: pure functions that turn what a user typed into what the field
 * may hold, applied as they type (MaskedTextField). They only help; the server
 * still validates every value.
 */
export type MaskKind = 'digits' | 'letters' | 'alphanumeric' | 'number'

export interface MaskOptions {
	/** Cut the result to this many significant characters (digits and letters; for numbers, digits). */
	maxLength?: number
	/** letters and alphanumeric: upper-case the result (e.g. UPNs, postcodes). */
	uppercase?: boolean
	/** number: digits kept after the decimal separator (0 for whole numbers). */
	fractionDigits?: number
	/** number: allow a leading minus sign. */
	allowNegative?: boolean
	/** number: the locale whose separators are used; en-GB by default (1,234.56). */
	locale?: string
}

const DIGIT = /[0-9]/
// Letters of any script, so names such as Zoë or Łukasz pass.
const LETTER = /\p{L}/u
const ALPHANUMERIC = /[\p{L}0-9]/u

function keep(value: string, allowed: RegExp, maxLength?: number): string {
	const kept = Array.from(value).filter((char) => allowed.test(char))
	return (maxLength === undefined ? kept : kept.slice(0, maxLength)).join('')
}

export function maskDigits(value: string, options: MaskOptions = {}): string {
	return keep(value, DIGIT, options.maxLength)
}

export function maskLetters(value: string, options: MaskOptions = {}): string {
	const kept = keep(value, LETTER, options.maxLength)
	return options.uppercase ? kept.toLocaleUpperCase('en-GB') : kept
}

export function maskAlphanumeric(value: string, options: MaskOptions = {}): string {
	const kept = keep(value, ALPHANUMERIC, options.maxLength)
	return options.uppercase ? kept.toLocaleUpperCase('en-GB') : kept
}

const separatorCache = new Map<string, { group: string; decimal: string }>()

/** The locale's group and decimal separators (en-GB: "," and "."). */
export function numberSeparators(locale = 'en-GB'): { group: string; decimal: string } {
	const cached = separatorCache.get(locale)
	if (cached) return cached
	const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(11111.1)
	const separators = {
		group: parts.find((part) => part.type === 'group')?.value ?? ',',
		decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
	}
	separatorCache.set(locale, separators)
	return separators
}

function groupThousands(digits: string, group: string): string {
	return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group)
}

/**
 * A locale number as typed: digits grouped in thousands, one decimal separator,
 * at most `fractionDigits` after it ("1234.567" → "1,234.56" with 2). A
 * trailing separator is kept so the user can go on typing ("12." stays).
 */
export function maskNumber(value: string, options: MaskOptions = {}): string {
	const { fractionDigits = 0, allowNegative = false, locale = 'en-GB', maxLength } = options
	const { group, decimal } = numberSeparators(locale)
	const trimmed = value.trim()
	const negative = allowNegative && /^[-−]/.test(trimmed)
	const decimalAt = trimmed.indexOf(decimal)
	const integerSource = decimalAt === -1 ? trimmed : trimmed.slice(0, decimalAt)
	let integer = maskDigits(integerSource.split(group).join(''), { maxLength }).replace(/^0+(?=\d)/, '')
	let result = groupThousands(integer, group)
	if (decimalAt !== -1 && fractionDigits > 0) {
		const fraction = maskDigits(trimmed.slice(decimalAt + decimal.length)).slice(0, fractionDigits)
		if (integer === '') {
			integer = '0'
			result = '0'
		}
		result = `${result}${decimal}${fraction}`
	}
	return negative ? `-${result}` : result
}

/** The number a masked value stands for, or null when it is empty or not a number. */
export function parseMaskedNumber(value: string, locale = 'en-GB'): number | null {
	const { group, decimal } = numberSeparators(locale)
	const normalised = value.trim().split(group).join('').replace(decimal, '.').replace('−', '-')
	if (!/^-?(\d+\.?\d*|\.\d+)$/.test(normalised)) return null
	return Number(normalised)
}

export function applyMask(kind: MaskKind, value: string, options: MaskOptions = {}): string {
	switch (kind) {
		case 'digits':
			return maskDigits(value, options)
		case 'letters':
			return maskLetters(value, options)
		case 'alphanumeric':
			return maskAlphanumeric(value, options)
		case 'number':
			return maskNumber(value, options)
	}
}

/** The characters that count when the caret is put back after masking. */
function isSignificant(kind: MaskKind, char: string, decimal: string): boolean {
	if (kind === 'number') return DIGIT.test(char) || char === decimal || char === '-' || char === '−'
	if (kind === 'digits') return DIGIT.test(char)
	if (kind === 'letters') return LETTER.test(char)
	return ALPHANUMERIC.test(char)
}

/**
 * Where the caret goes in the masked value: after as many significant
 * characters as were before it in the raw value, so typing in the middle of
 * "1,234" does not throw the caret to the end.
 */
export function caretAfterMask(kind: MaskKind, raw: string, caret: number, masked: string, locale = 'en-GB'): number {
	const { decimal } = numberSeparators(locale)
	let count = 0
	for (const char of Array.from(raw.slice(0, caret))) if (isSignificant(kind, char, decimal)) count++
	if (count === 0) return 0
	let seen = 0
	const chars = Array.from(masked)
	for (let index = 0; index < chars.length; index++) {
		if (isSignificant(kind, chars[index] ?? '', decimal)) seen++
		if (seen === count) return chars.slice(0, index + 1).join('').length
	}
	return masked.length
}
