import { expect, test } from 'vitest'
import { FILTERED, maskPayload, maskSensitive } from './mask.ts'

test('masks password, token and address keys at any depth', () => {
	expect(
		maskSensitive({ email: 'a@b.test', password: 'x', nested: { newPassword: 'y', resetToken: 'z', address: '1 Lane', postcode: 'B1' } }),
	).toEqual({ email: 'a@b.test', password: FILTERED, nested: { newPassword: FILTERED, resetToken: FILTERED, address: FILTERED, postcode: 'B1' } })
})

test('masks form and JSON bodies; reports nothing of an unreadable one', () => {
	expect(maskPayload('email=a%40b.test&password=Secret!1', 'application/x-www-form-urlencoded')).toEqual({ email: 'a@b.test', password: FILTERED })
	expect(maskPayload('{"token":"t","name":"n"}', 'application/json')).toEqual({ token: FILTERED, name: 'n' })
	expect(maskPayload('\u0000binary', 'application/octet-stream')).toBe('[7 bytes not reported]')
})
