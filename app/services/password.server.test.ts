import { expect, test } from 'vitest'
import { hashPassword, verifyPassword } from './password.server.ts'

test('hashes with argon2id at m=19456, t=2, p=1 and verifies', async () => {
	const stored = await hashPassword('Spencer!2026')
	expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
	expect(await verifyPassword(stored, 'Spencer!2026')).toBe(true)
	expect(await verifyPassword(stored, 'spencer!2026')).toBe(false)
	expect(await verifyPassword('not a hash', 'Spencer!2026')).toBe(false)
})
