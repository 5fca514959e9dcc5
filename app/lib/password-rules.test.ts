import { expect, test } from 'vitest'
import { EmailSchema, PASSWORD_HINT, PasswordSchema } from './password-rules.ts'

test('the product rule: 8 to 128 characters, 1 uppercase letter, 1 symbol', () => {
	expect(PasswordSchema.safeParse('Spencer!2026').success).toBe(true)
	expect(PasswordSchema.safeParse('Sp!2').error?.issues[0]?.message).toMatch(/at least 8/)
	expect(PasswordSchema.safeParse('spencer!2026').error?.issues[0]?.message).toMatch(/uppercase/)
	expect(PasswordSchema.safeParse('Spencer2026').error?.issues[0]?.message).toMatch(/symbol/)
	expect(PasswordSchema.safeParse(`A!${'x'.repeat(127)}`).success).toBe(false)
})

test('the hint beside a new password names every rule: the length, an uppercase letter, a symbol', () => {
	expect(PASSWORD_HINT).toBe('At least 8 characters, with at least 1 uppercase letter and 1 symbol')
})

test('e-mail addresses are trimmed and lowercased', () => {
	expect(EmailSchema.parse('  Senco@Oakfield.TEST ')).toBe('senco@oakfield.test')
	expect(EmailSchema.safeParse('not-an-email').success).toBe(false)
})
