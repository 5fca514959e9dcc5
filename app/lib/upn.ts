/**
 * Unique Pupil Numbers (DfE): 13 characters, a check letter then 12
 * characters. The check letter is the weighted sum of positions 2–13 modulo
 * 23, looked up in a table that leaves out I, O and S.
 */
export const UPN_LETTERS = 'ABCDEFGHJKLMNPQRTUVWXYZ'

function characterValue(char: string, position: number): number | null {
	if (/^[0-9]$/.test(char)) return Number(char)
	// Only the last position may hold a letter (a temporary UPN).
	if (position === 13) {
		const value = UPN_LETTERS.indexOf(char)
		return value === -1 ? null : value
	}
	return null
}

/** The check letter for the 12 characters after it, or null when they are not a UPN body. */
export function upnCheckLetter(body: string): string | null {
	if (body.length !== 12) return null
	let sum = 0
	for (let i = 0; i < 12; i++) {
		const position = i + 2
		const value = characterValue(body.charAt(i), position)
		if (value === null) return null
		sum += value * position
	}
	return UPN_LETTERS.charAt(sum % 23)
}

export function normaliseUpn(value: string): string {
	return value.trim().toUpperCase()
}

export function isValidUpn(value: string): boolean {
	const upn = normaliseUpn(value)
	if (upn.length !== 13) return false
	return upnCheckLetter(upn.slice(1)) === upn.charAt(0)
}

/** A whole UPN made from its 12-character body. */
export function withCheckLetter(body: string): string {
	const letter = upnCheckLetter(body)
	if (!letter) throw new Error('A UPN body is 11 digits and a digit or a check-table letter.')
	return letter + body
}
