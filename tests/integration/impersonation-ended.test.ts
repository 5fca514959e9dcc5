import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * Issue 13 item 6: an expired or invalid impersonation answers code 10002
 * (docs/architecture.md#errors; ADR 026). A page request lands on the interstitial,
 * which shows the warning toast, carries the code and moves on to the
 * schools list after 1.5 s; /api answers 401 `{ code: 10002, message }`.
 * Either way the cookie is cleared, the session renewed, and the admin is
 * back as themselves.
 */
const IMPERSONATION = '__Host-spencer_impersonation'
const SESSION = '__Host-spencer_session'
const ENDED = '/impersonation/ended'

let app: TestApp
let oakfieldId: string
let sencoId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	sencoId = (await app.sql<{ id: string }>("select id from users where email = 'senco@oakfield.test'"))[0]!.id
})
afterAll(() => app?.close())

/** A platform admin impersonating the Oakfield SENCo; the row's id and the session it is bound to. */
async function impersonating() {
	const admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
	const started = await admin.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: sencoId })
	expect(started.status).toBe(302)
	expect((await (await admin.request('/api/me')).json()).email).toBe('senco@oakfield.test')
	const [row] = await app.sql<{ id: string; session_id: string }>(
		'select i.id, i.session_id from impersonation i where i.ended_at is null order by i.started_at desc limit 1',
	)
	return { admin, rowId: row!.id, sessionId: row!.session_id }
}

const expire = (rowId: string) => app.sql("update impersonation set expires_at = now() - interval '1 second' where id = ?", [rowId])

function tamper(browser: Browser) {
	const value = browser.cookies.get(IMPERSONATION) ?? ''
	browser.cookies.set(IMPERSONATION, `${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`)
}

const clearsTheCookie = (response: Response) =>
	response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${IMPERSONATION}=;`) && /Max-Age=0/i.test(cookie))

/**
 * A page request that carried an ended impersonation: sent to the interstitial with
 * the cookie cleared and a new session; the interstitial says so with code 10002 and
 * moves on to the schools list; the admin is themselves again.
 */
async function expectEndedPage(admin: Browser, response: Response, oldSessionId: string) {
	const sessionBefore = admin.cookies.get(SESSION)
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe(ENDED)
	expect(clearsTheCookie(response)).toBe(true)
	expect(admin.cookies.has(IMPERSONATION)).toBe(false)
	expect(await app.sql('select id from session where id = ?', [oldSessionId])).toEqual([])

	const interstitial = await admin.request(ENDED)
	expect(interstitial.status).toBe(200)
	const html = await interstitial.text()
	expect(html).toMatch(/<main[^>]*data-error-code="10002"/)
	// After 1.5 s (a meta refresh without JavaScript), or at once by the link, on to the schools list via `?continue`.
	expect(html).toContain('<noscript><meta http-equiv="refresh" content="1.5;url=/impersonation/ended?continue"/></noscript>')
	expect(html).toMatch(/<a[^>]*href="\/impersonation\/ended\?continue"[^>]*>Go to schools now<\/a>/)
	const text = textOf(html)
	expect(text).toContain('Impersonation ended')
	expect(text).toContain('Session expired. Please start impersonation again.')
	expect(text).not.toContain('(Error 10002)')
	expect(text).toContain('code 10002')
	expect((await (await admin.request('/api/me')).json()).email).toBe('admin@spencer.test')
	expect(admin.cookies.get(SESSION)).toBeDefined()
	return sessionBefore
}

describe('[13.6] an ended impersonation answers 10002', () => {
	test('[13.6] expired: the interstitial with the warning and the code, the cookie cleared, a new session, the row left as it was', async () => {
		const { admin, rowId, sessionId } = await impersonating()
		const cookieBefore = admin.cookies.get(SESSION)
		await expire(rowId)
		const audits = await app.sql('select count(*)::int as n from audit_event')
		const response = await admin.request('/need-manager/home')
		expect(admin.cookies.get(SESSION)).not.toBe(cookieBefore)
		await expectEndedPage(admin, response, sessionId)
		// Its expiresAt already says it is over: the GET wrote no endedAt and no audit event.
		expect(await app.sql('select ended_at from impersonation where id = ?', [rowId])).toEqual([{ ended_at: null }])
		expect(await app.sql('select count(*)::int as n from audit_event')).toEqual(audits)
		// It moves on to the schools list, the admin's own, with the warning toast again (kept there without JavaScript).
		const next = await admin.request(`${ENDED}?continue`)
		expect(next.headers.get('Location')).toBe('/spencer-admin/schools')
		const schools = await admin.request('/spencer-admin/schools')
		expect(schools.status).toBe(200)
		const text = textOf(await schools.text())
		expect(text).toContain('Impersonation ended Session expired. Please start impersonation again.')
		expect(text).not.toContain('You are in impersonation mode')
	})

	test('[13.6] tampered (a bad signature): the same answer', async () => {
		const { admin, sessionId } = await impersonating()
		tamper(admin)
		await expectEndedPage(admin, await admin.request('/need-manager/home'), sessionId)
	})

	test('a renewed session keeps its sign-in’s absolute end: an impersonation cookie, even a made-up one, never restarts the 12 hours', async () => {
		const senco = new Browser(app)
		await senco.signIn('senco@oakfield.test')
		const ends = () => app.sql<{ absolute_expires_at: Date | string }>('select absolute_expires_at from session where user_id = ? order by created_at desc', [sencoId])
		// The sign-in made an hour ago, as far as the session knows.
		await app.sql("update session set absolute_expires_at = absolute_expires_at - interval '1 hour' where user_id = ?", [sencoId])
		const [before] = await ends()
		senco.cookies.set(IMPERSONATION, 'made-up')
		const answered = await senco.request('/need-manager/home')
		expect(answered.headers.get('Location')).toBe(ENDED)
		const after = await ends()
		expect(after).toHaveLength(1)
		expect(new Date(after[0]!.absolute_expires_at).getTime()).toBe(new Date(before!.absolute_expires_at).getTime())

		// Nor do an impersonation's start and exit restart the admin's.
		const { admin } = await impersonating()
		const adminId = (await app.sql<{ id: string }>("select id from users where email = 'admin@spencer.test'"))[0]!.id
		const adminEnds = () => app.sql<{ absolute_expires_at: Date | string }>('select absolute_expires_at from session where user_id = ? order by created_at desc limit 1', [adminId])
		await app.sql("update session set absolute_expires_at = absolute_expires_at - interval '1 hour' where user_id = ?", [adminId])
		const [impersonatingEnd] = await adminEnds()
		const exited = await admin.post('/impersonation/exit', {})
		expect(exited.status).toBe(302)
		const [exitedEnd] = await adminEnds()
		expect(new Date(exitedEnd!.absolute_expires_at).getTime()).toBe(new Date(impersonatingEnd!.absolute_expires_at).getTime())
	})

	test('[13.6] copied into another session of the same admin: the same answer there; the session it came from keeps impersonating', async () => {
		const { admin: first } = await impersonating()
		const second = new Browser(app)
		await second.signIn('admin@spencer.test')
		const [secondSession] = await app.sql<{ id: string }>(
			'select s.id from session s join users u on u.id = s.user_id where u.email = ? order by s.created_at desc limit 1',
			['admin@spencer.test'],
		)
		second.cookies.set(IMPERSONATION, first.cookies.get(IMPERSONATION)!)
		await expectEndedPage(second, await second.request('/spencer-admin/schools'), secondSession!.id)
		expect((await (await first.request('/api/me')).json()).email).toBe('senco@oakfield.test')
	})

	test('[13.6] /api/me answers 401 { code: 10002, message }, clears the cookie and renews the session', async () => {
		const { admin, rowId, sessionId } = await impersonating()
		await expire(rowId)
		const response = await admin.request('/api/me')
		expect(response.status).toBe(401)
		expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
		expect(await response.json()).toEqual({ code: 10002, message: 'impersonation ended' })
		expect(clearsTheCookie(response)).toBe(true)
		expect(await app.sql('select id from session where id = ?', [sessionId])).toEqual([])
		expect((await (await admin.request('/api/me')).json()).email).toBe('admin@spencer.test')
	})

	test('[13.6] a client-side navigation is sent to the interstitial too, and a form post writes nothing', async () => {
		const navigation = await impersonating()
		tamper(navigation.admin)
		const data = await navigation.admin.request('/need-manager/home.data')
		// React Router's single fetch: a redirect in its encoded body (202), which its client follows.
		expect(data.status).toBe(202)
		expect(await data.text()).toContain(`"${ENDED}"`)
		expect(clearsTheCookie(data)).toBe(true)

		const post = await impersonating()
		await expire(post.rowId)
		const renamed = await post.admin.post('/settings/profile', { intent: 'name', firstName: 'Hijacked', lastName: 'Name' })
		expect(renamed.status).toBe(302)
		expect(renamed.headers.get('Location')).toBe(ENDED)
		expect(await app.sql("select id from users where first_name = 'Hijacked'")).toEqual([])
	})
})

describe('[13.6] signing out with an ended impersonation', () => {
	test.each([
		['expired', (impersonation: { rowId: string; admin: Browser }) => expire(impersonation.rowId)],
		['tampered', (impersonation: { rowId: string; admin: Browser }) => tamper(impersonation.admin)],
	])('[13.6] %s: signs out (the session deleted, the cookies cleared, the login screen), not back into the admin', async (_, end) => {
		const impersonation = await impersonating()
		const { admin, sessionId } = impersonation
		await end(impersonation)
		const adminSessions = () =>
			app.sql<{ n: number }>("select count(*)::int as n from session s join users u on u.id = s.user_id where u.email = 'admin@spencer.test'")
		const [before] = await adminSessions()
		const response = await admin.post('/auth/logout', {})
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/auth/login')
		expect(clearsTheCookie(response)).toBe(true)
		expect(admin.cookies.has(IMPERSONATION)).toBe(false)
		expect(admin.cookies.has(SESSION)).toBe(false)
		// Its session is gone and none was made in its place.
		expect(await app.sql('select id from session where id = ?', [sessionId])).toEqual([])
		expect(await adminSessions()).toEqual([{ n: before!.n - 1 }])
		expect((await admin.request('/api/me')).status).toBe(401)
		expect((await admin.request('/spencer-admin/schools')).headers.get('Location')).toMatch(/^\/auth\/login/)
	})
})

describe('[13.6] the interstitial itself', () => {
	test('[13.6] a visitor is sent to sign in; an admin still impersonating goes home; a signed-in user sees it without data of any school', async () => {
		const visitor = await new Browser(app).request(ENDED)
		expect(visitor.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(ENDED)}`)
		const { admin } = await impersonating()
		expect((await admin.request(ENDED)).headers.get('Location')).toBe('/')
		expect(admin.cookies.has(IMPERSONATION)).toBe(true)
		// Nothing in it belongs to a school: any role may read it; it only says where to go.
		for (const email of ['office@riverside.test', 'teacher@oakfield.test']) {
			const browser = new Browser(app)
			await browser.signIn(email)
			const response = await browser.request(ENDED)
			expect(response.status, email).toBe(200)
			expect(response.headers.get('Cache-Control')).toBe('no-store')
		}
	})
})
