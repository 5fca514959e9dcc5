import { afterAll, beforeAll, expect, test } from 'vitest'
import { User } from '#app/models/index.ts'
import { getEnv } from '#app/services/env.server.ts'
import { sendInvitation } from '#app/services/password-links.server.ts'
import { readOutbox } from '../support/outbox.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

/*
 * Emailed links without APP_URL (trying Spencer on one machine, which production on PGlite allows): they point at this
 * machine, never at the Host header of the request that caused them, which whoever sends the request chooses. A reset
 * or invitation link built from it would hand its token to any host.
 */

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(() => db?.close())

test('an invitation asked for with a forged Host header still links to this machine', async () => {
	expect(getEnv().APP_URL).toBeUndefined()
	const em = db.em()
	const user = em.create(User, { email: 'ivy.reed@example.test', firstName: 'Ivy', lastName: 'Reed' })
	await em.flush()
	await sendInvitation(em, user, { request: new Request('http://evil.example/school-admin/directory', { headers: { Host: 'evil.example' } }) })
	const mail = readOutbox(getEnv().MAIL_OUTBOX_DIR!).filter((one) => one.to.includes('ivy.reed@example.test')).at(-1)
	expect(mail?.body).toContain(`http://localhost:${getEnv().PORT}/auth/set-password-from-email?`)
	expect(mail?.body).not.toContain('evil.example')
})
