import { expect, test } from 'vitest'
import { isCommonPassword } from './common-passwords.server.ts'

test('refuses common passwords even when they pass the rule', () => {
	for (const password of ['Password1!', 'P@ssw0rd!', 'Welcome2026?', 'Qwerty123!', 'Letmein!!', 'Aaaaaaaa!', '12345678A!']) {
		expect(isCommonPassword(password), password).toBe(true)
	}
})

test('accepts uncommon passwords, including the demo one', () => {
	for (const password of ['Spencer!2026', 'Blue-Kettle-Harbour9', 'Tr0mbone&Marmalade']) {
		expect(isCommonPassword(password), password).toBe(false)
	}
})
