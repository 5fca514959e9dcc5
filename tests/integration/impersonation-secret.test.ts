import { afterAll, beforeAll, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

// Without SESSION_SECRET (allowed outside production, and on PGlite in production: the README's first command), the
// cookie-signing secret is read from the database on its first use after a start, and made then if there is none.
// Starting an impersonation is one transaction (all-or-nothing.test.ts): the secret must be read before it, since a
// read inside it waited for the transaction itself on PGlite and could not see the new row on PostgreSQL.
let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	// As an instance without SESSION_SECRET reads its secrets (on PostgreSQL in production it would refuse to start).
	app.configure({ SESSION_SECRET: undefined })
})
afterAll(() => app?.close())

test('the first use of the signing secret after a start may be an impersonation’s start, its exit or a sign-out', { timeout: 30_000 }, async () => {
	const admin = new Browser(app)
	// Signed in without loading a page: no toast has been read, so nothing has asked for the secret yet.
	await admin.signIn('admin@spencer.test')
	const [school] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
	const [senco] = await app.sql<{ id: string }>("select id from users where email = 'senco@oakfield.test'")
	const started = await admin.post(`/spencer-admin/schools/${school!.id}`, { intent: 'impersonate', userId: senco!.id })
	expect(started.status).toBe(302)
	expect(await app.sql('select id from impersonation where ended_at is null')).toHaveLength(1)
	expect((await admin.post('/impersonation/exit', {})).status).toBe(302)
	expect(await app.sql('select id from impersonation where ended_at is null')).toEqual([])
	expect((await admin.post('/auth/logout', {})).status).toBe(302)
})
