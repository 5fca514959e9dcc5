import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

/**
 * Changes of several statements are all or nothing: the last write of each is made to fail (a trigger that refuses it,
 * as a database in trouble would), and what the earlier statements did must not stay. Before, each of these committed
 * its first statement on its own: a password change ended the other sessions and kept the old password, an
 * impersonation's start signed the admin out, its exit or a sign-out left the session as it was with the row closed.
 */

let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
})
afterAll(() => app?.close())

/** Makes every insert into audit_event of `action` fail until the test ends. */
async function refuseAudit(action: string) {
	await app.sql(
		`create or replace function refuse_audit() returns trigger language plpgsql as $$ begin if new.action = '${action}' then raise exception 'refused by the test'; end if; return new; end $$`,
	)
	await app.sql('create trigger refuse_audit before insert on audit_event for each row execute function refuse_audit()')
	// The refused write is a server error, logged as one.
	vi.mocked(console.error).mockImplementation(() => {})
}
afterEach(async () => {
	await app.sql('drop trigger if exists refuse_audit on audit_event')
})

const sessionsOf = async (email: string) =>
	(await app.sql<{ id: string }>('select s.id from session s join users u on u.id = s.user_id where u.email = ? order by s.id', [email])).map((row) => row.id)
const userId = async (email: string) => (await app.sql<{ id: string }>('select id from users where email = ?', [email]))[0]!.id
const oakfield = async () => (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id

describe('a write that fails at its last statement leaves nothing of the earlier ones', () => {
	test('changing a password: the other sessions stay, and the old password still signs in', async () => {
		const [here, elsewhere] = [new Browser(app), new Browser(app)]
		await here.signIn('teacher@meadowview.test')
		await elsewhere.signIn('teacher@meadowview.test')
		const [hash] = await app.sql<{ password_hash: string }>("select password_hash from users where email = 'teacher@meadowview.test'")
		const before = await sessionsOf('teacher@meadowview.test')
		await refuseAudit('account.password-changed')
		const response = await here.post('/settings/profile', { intent: 'password', currentPassword: 'Spencer!2026', newPassword: 'A-much-longer-one-2026!' })
		expect(response.status).toBeGreaterThanOrEqual(500)
		expect(await sessionsOf('teacher@meadowview.test')).toEqual(before)
		expect(await app.sql("select password_hash from users where email = 'teacher@meadowview.test'")).toEqual([hash])
	})

	test('starting an impersonation: the admin keeps the session they had, and no impersonation begins', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const before = await sessionsOf('admin@spencer.test')
		await refuseAudit('impersonation.start')
		const response = await admin.post(`/spencer-admin/schools/${await oakfield()}`, { intent: 'impersonate', userId: await userId('senco@oakfield.test') })
		expect(response.status).toBeGreaterThanOrEqual(500)
		expect(await sessionsOf('admin@spencer.test')).toEqual(before)
		expect(await app.sql('select id from impersonation')).toEqual([])
		expect((await admin.request('/spencer-admin/schools')).status).toBe(200)
	})

	test('ending an impersonation, or signing out during one: the impersonation stays open on the same session', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		expect((await admin.post(`/spencer-admin/schools/${await oakfield()}`, { intent: 'impersonate', userId: await userId('senco@oakfield.test') })).status).toBe(302)
		const before = await sessionsOf('admin@spencer.test')
		const open = () => app.sql("select id from impersonation where ended_at is null")
		expect(await open()).toHaveLength(1)

		await refuseAudit('impersonation.end')
		expect((await admin.post('/impersonation/exit', {})).status).toBeGreaterThanOrEqual(500)
		expect(await open()).toHaveLength(1)
		expect(await sessionsOf('admin@spencer.test')).toEqual(before)
		await app.sql('drop trigger refuse_audit on audit_event')

		await refuseAudit('auth.sign-out')
		expect((await admin.post('/auth/logout', {})).status).toBeGreaterThanOrEqual(500)
		expect(await open()).toHaveLength(1)
		expect(await sessionsOf('admin@spencer.test')).toEqual(before)
	})
})
