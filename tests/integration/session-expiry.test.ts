import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { UNSAFE_decodeViaTurboStream } from 'react-router'
import type { SessionTimes } from '#app/lib/session-timeout.ts'
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '#app/services/session.server.ts'
import { Browser, startApp, type TestApp } from './app.ts'

// Issue 15 item 10: a session ends after 30 minutes unused and 12 hours after sign-in, however busy
// (docs/architecture.md#security, ADR 005). The app runs in this process (tests/integration/app.ts), so the clock
// it reads is this test's: `Date` is faked and moved by hand, and nothing else is (timers, the database's `now()`).

const MINUTE = 60_000

let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' }, { schedule: false })
})
afterEach(() => {
	vi.useRealTimers()
})
afterAll(() => app?.close())

/** Signs `email` in at the faked clock's present, which the test then moves on from `start`. */
async function signedInAt(email: string) {
	vi.useFakeTimers({ toFake: ['Date'] })
	const start = Date.now()
	const browser = new Browser(app)
	await browser.signIn(email)
	return { browser, start, at: (elapsed: number) => vi.setSystemTime(start + elapsed) }
}

/** 200 while the session lasts; 401 (code 10001) once it has ended. */
async function me(browser: Browser) {
	const response = await browser.request('/api/me')
	return { status: response.status, body: (await response.json()) as { email?: string; code?: number } }
}

const sessionsOf = async (email: string) =>
	(await app.sql<{ n: number }>('select count(*)::int as n from session where user_id = (select id from users where email = ?)', [email]))[0]!.n

/** An ended session: the page sends the user to the login screen, which says why, once; the row is gone. */
async function expectEnded(browser: Browser, email: string) {
	const page = await browser.request('/professional')
	expect(page.status).toBe(302)
	expect(page.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fprofessional')
	const login = await (await browser.request('/auth/login?redirectTo=%2Fprofessional')).text()
	expect(login).toContain('Session expired')
	expect(await sessionsOf(email)).toBe(0)
	expect(await me(browser)).toEqual({ status: 401, body: expect.objectContaining({ code: 10001 }) })
}

describe('idle expiry: 30 minutes without a request', () => {
	test('a request within 30 minutes keeps the session and moves its end on; 30 minutes without one end it', async () => {
		const email = 'teacher@oakfield.test'
		const { browser, at } = await signedInAt(email)
		expect(SESSION_IDLE_MS).toBe(30 * MINUTE)

		at(29 * MINUTE)
		expect(await me(browser)).toEqual({ status: 200, body: expect.objectContaining({ email }) })
		// 58 minutes after sign-in, 29 after the last request: still in, because that request moved the end on.
		at(58 * MINUTE)
		expect((await me(browser)).status).toBe(200)
		// 30 minutes after the last request, to the millisecond: over.
		at(58 * MINUTE + SESSION_IDLE_MS)
		await expectEnded(browser, email)
	})

	test('an ended session is deleted, not only refused: its cookie opens nothing again, even with the clock put back', async () => {
		const email = 'senco@oakfield.test'
		const { browser, at } = await signedInAt(email)
		at(SESSION_IDLE_MS + 1)
		expect((await me(browser)).status).toBe(401)
		at(MINUTE)
		expect((await me(browser)).status).toBe(401)
		expect(await sessionsOf(email)).toBe(0)
	})
})

describe('absolute expiry: 12 hours after sign-in', () => {
	test('a request every 25 minutes keeps it for 12 hours and not a millisecond more', async () => {
		const email = 'office@riverside.test'
		const { browser, at } = await signedInAt(email)
		expect(SESSION_ABSOLUTE_MS).toBe(12 * 60 * MINUTE)
		// The cookie lasts as long as the session could.
		expect(browser.lastSetCookies.find((cookie) => cookie.startsWith('__Host-spencer_session='))).toMatch(/Max-Age=43200(;|$)/)

		let elapsed = 0
		while (elapsed + 25 * MINUTE < SESSION_ABSOLUTE_MS) {
			elapsed += 25 * MINUTE
			at(elapsed)
			expect((await me(browser)).status, `${elapsed / MINUTE} minutes after sign-in`).toBe(200)
		}
		at(SESSION_ABSOLUTE_MS - 1)
		expect((await me(browser)).status).toBe(200)
		// One millisecond later, 1 minute after the last request: over, though it was never idle.
		at(SESSION_ABSOLUTE_MS)
		expect((await me(browser)).status).toBe(401)
		expect(await sessionsOf(email)).toBe(0)
	})

	test('the idle end is never later than the absolute one: a request 10 minutes before it does not buy 30 more', async () => {
		const email = 'mentor@riverside.test'
		const { browser, at } = await signedInAt(email)
		for (let elapsed = 25 * MINUTE; elapsed < SESSION_ABSOLUTE_MS - 10 * MINUTE; elapsed += 25 * MINUTE) {
			at(elapsed)
			expect((await me(browser)).status).toBe(200)
		}
		at(SESSION_ABSOLUTE_MS - 10 * MINUTE)
		expect((await me(browser)).status).toBe(200)
		const [row] = await app.sql<{ expires_at: Date | string; absolute_expires_at: Date | string }>(
			'select expires_at, absolute_expires_at from session where user_id = (select id from users where email = ?)',
			[email],
		)
		expect(new Date(row!.expires_at).getTime()).toBe(new Date(row!.absolute_expires_at).getTime())
		at(SESSION_ABSOLUTE_MS + MINUTE)
		expect((await me(browser)).status).toBe(401)
	})
})

/** The shell's loader data for a signed-in page, as the page's JavaScript reads it (single fetch). */
async function shellData(browser: Browser, page: string) {
	const response = await browser.request(`${page}.data?_routes=routes%2Fshell`)
	expect(response.status).toBe(200)
	const decoded = await UNSAFE_decodeViaTurboStream(response.body!, globalThis)
	await decoded.done
	return (decoded.value as Record<string, { data: { session: SessionTimes | null } }>)['routes/shell']!.data
}

/** Signed in afresh: the sessions earlier tests left for `email` gone, so that its one row is this browser's. */
async function onlySession(email: string) {
	await app.sql('delete from session where user_id = (select id from users where email = ?)', [email])
	return signedInAt(email)
}

const sessionRow = async (email: string) =>
	(await app.sql<{ expires_at: string; last_seen_at: string }>('select expires_at, last_seen_at from session where user_id = (select id from users where email = ?)', [email]))[0]!

describe('the warning before the session ends (ADR 099)', () => {
	test('each signed-in page tells its warning how long the session has, idle and at most', async () => {
		const email = 'teacher@oakfield.test'
		const { browser, at } = await onlySession(email)
		at(20 * MINUTE)
		const { session } = await shellData(browser, '/professional/home')
		// This request slid the idle end on: 30 minutes from now; the absolute end is 12 hours after sign-in.
		expect(session).toEqual({ idleMs: SESSION_IDLE_MS, idleEndsInMs: SESSION_IDLE_MS, hardEndsInMs: SESSION_ABSOLUTE_MS - 20 * MINUTE, hardEnd: 'session' })
		// Within the touch's minute the end is not slid again, and the page is told the true one.
		at(20 * MINUTE + 30_000)
		expect((await shellData(browser, '/professional/home')).session!.idleEndsInMs).toBe(SESSION_IDLE_MS - 30_000)
	})

	test('"Stay signed in" slides the idle end on from now, even within the touch’s minute, and answers how long it is', async () => {
		const email = 'teacher@oakfield.test'
		const { browser, start, at } = await onlySession(email)
		at(28 * MINUTE)
		const response = await browser.post('/session/extend', { background: 'true' })
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ idleEndsInMs: SESSION_IDLE_MS })
		// The session is read and slid on in one write, as any request's is: two statements.
		expect(response.headers.get('X-Query-Count')).toBe('2')
		expect(new Date((await sessionRow(email)).expires_at).getTime()).toBe(start + 28 * MINUTE + SESSION_IDLE_MS)
		// 20 s later (no touch: within the minute), the button again still moves the end.
		at(28 * MINUTE + 20_000)
		expect((await browser.post('/session/extend', { background: 'true' })).headers.get('X-Query-Count')).toBe('2')
		expect(new Date((await sessionRow(email)).expires_at).getTime()).toBe(start + 28 * MINUTE + 20_000 + SESSION_IDLE_MS)
		// Without JavaScript, the form goes back to its page (a local path only).
		const plain = await browser.post('/session/extend', { redirectTo: '/professional/feedback' })
		expect(plain.headers.get('Location')).toBe('/professional/feedback')
		expect((await browser.post('/session/extend', { redirectTo: 'https://evil.example/' })).headers.get('Location')).toBe('/')
	})

	test('never within the absolute end; refused once the session has ended; a GET only goes home', async () => {
		const email = 'teacher@oakfield.test'
		const { browser, start, at } = await onlySession(email)
		for (let elapsed = 25 * MINUTE; elapsed < SESSION_ABSOLUTE_MS - 10 * MINUTE; elapsed += 25 * MINUTE) {
			at(elapsed)
			expect((await me(browser)).status).toBe(200)
		}
		at(SESSION_ABSOLUTE_MS - 5 * MINUTE)
		expect(await (await browser.post('/session/extend', { background: 'true' })).json()).toEqual({ idleEndsInMs: 5 * MINUTE })
		expect(new Date((await sessionRow(email)).expires_at).getTime()).toBe(start + SESSION_ABSOLUTE_MS)
		const before = await sessionRow(email)
		const get = await browser.request('/session/extend')
		expect([get.status, get.headers.get('Location')]).toEqual([302, '/'])
		expect(await sessionRow(email)).toEqual(before)
		at(SESSION_ABSOLUTE_MS)
		// Over: the warning's background post is told so (a redirect would take its page away), and the cookie is cleared.
		const refused = await browser.post('/session/extend', { background: 'true' })
		expect(refused.status).toBe(401)
		expect(await refused.json()).toEqual({ signedOut: true })
		expect(refused.headers.getSetCookie().some((cookie) => cookie.startsWith('__Host-spencer_session=;'))).toBe(true)
		expect(await sessionsOf(email)).toBe(0)
	})

	test('a visitor: the background post is told it is signed out; the plain form is sent to sign in', async () => {
		const background = await new Browser(app).post('/session/extend', { background: 'true' })
		expect(background.status).toBe(401)
		expect(await background.json()).toEqual({ signedOut: true })
		const response = await new Browser(app).post('/session/extend', { redirectTo: '/' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toMatch(/^\/auth\/login\?/)
	})
})
