import { expect, test } from 'vitest'
import { deriveSecret } from './secrets.server.ts'

test('SESSION_SECRET gives each purpose its own 64-hex secret, the only form remix-auth-totp takes (ADR 015)', () => {
	const sessionSecret = 'a-deployment-secret-of-forty-characters!'
	const totp = deriveSecret(sessionSecret, 'totp')
	const cookies = deriveSecret(sessionSecret, 'cookies')
	// remix-auth-totp's own check (asJweKey): "Secret must be a string with 64 hex characters".
	expect(totp).toMatch(/^[0-9a-fA-F]{64}$/)
	expect(cookies).toMatch(/^[0-9a-fA-F]{64}$/)
	expect(totp).not.toBe(cookies)
	expect(totp).not.toContain(sessionSecret)
	expect(deriveSecret(sessionSecret, 'totp')).toBe(totp)
	expect(deriveSecret(`${sessionSecret}x`, 'totp')).not.toBe(totp)
})
