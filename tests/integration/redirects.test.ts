import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, latestCode, startApp, type TestApp } from './app.ts'

// Issue 12 item 8: a redirect target taken from a request is a local path or the fallback, however a browser reads it.

let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
})
afterAll(() => app?.close())

const VECTORS = [
	'https://evil.example/',
	'http:evil.example',
	'//evil.example',
	'///evil.example',
	'/\\evil.example',
	'/\\/evil.example',
	'/\t/evil.example',
	'/%09/evil.example',
	'/%2F%2Fevil.example',
	'%2F%2Fevil.example',
	'/%5C/evil.example',
	'/%2e%2e//evil.example',
	'/a/../..//evil.example',
	'/.//evil.example',
	'/\r\nSet-Cookie: evil=1',
	'/%0d%0aSet-Cookie:%20evil=1',
	'javascript:alert(1)',
	'data:text/html,<script>alert(1)</script>',
	`/${'a'.repeat(5000)}`,
	'/\u2215\u2215evil.example',
	'/\uFF0F\uFF0Fevil.example',
	'/professional/students?tab=1',
]

/** Where a browser goes with this Location: it must be this origin, and a header a browser can read. */
function expectLocal(location: string | null) {
	expect(location).toMatch(/^\/(?![/\\])[\x21-\x7E]*$/)
	const url = new URL(location as string, app.url)
	expect(url.origin).toBe(app.url)
	expect(url.hostname).not.toContain('evil')
}

describe('a table of redirect vectors', () => {
	test.each(VECTORS.map((vector) => [JSON.stringify(vector).slice(0, 60), vector]))('the sidebar’s redirectTo %s → a local path, the fallback, or a refusal', async (_name, vector) => {
		const response = await new Browser(app).post('/sidebar', { open: 'true', redirectTo: vector })
		if (response.status === 400) return // a control character in a field is refused before any action (ADR 018)
		expect(response.status).toBe(302)
		expectLocal(response.headers.get('Location'))
	})

	test.each(VECTORS.map((vector) => [JSON.stringify(vector).slice(0, 60), vector]))('signing in with redirectTo %s → a local path or home, and one session at most', async (_name, vector) => {
		const count = async () => Number((await app.sql<{ n: number }>('select count(*)::int as n from session'))[0]?.n)
		const before = await count()
		const browser = new Browser(app)
		const response = await browser.post('/auth/login', { intent: 'password', email: 'teacher@oakfield.test', password: 'Spencer!2026', redirectTo: vector })
		if (response.status === 400) {
			expect(await count()).toBe(before)
			return
		}
		expect(response.status).toBe(302)
		expectLocal(response.headers.get('Location'))
		expect(await count()).toBe(before + 1)
	})
})

describe('after a session expires on a client-side navigation', () => {
	test('the login screen remembers the page, not its single-fetch URL (.data, _routes), and signing in lands on it', async () => {
		const browser = new Browser(app)
		await browser.signIn('teacher@oakfield.test')
		await app.sql("update session set expires_at = now() - interval '1 second'")
		const response = await browser.request('/professional/students.data?q=ann&_routes=root%2Croutes%2Fshell%2Croutes%2Fprofessional%2Flayout')
		const redirect = `/auth/login?redirectTo=${encodeURIComponent('/professional/students?q=ann')}`
		// Single fetch carries the redirect in its body (202) or in a header, depending on the request: either way, the page's path.
		const carried = response.headers.get('X-Remix-Redirect') ?? response.headers.get('Location') ?? (await response.text())
		expect(carried).toContain(redirect)
		expect(carried).not.toContain('.data')

		const signedIn = await browser.post('/auth/login', { intent: 'password', email: 'teacher@oakfield.test', password: 'Spencer!2026', redirectTo: '/professional/students?q=ann' })
		expect(signedIn.headers.get('Location')).toBe('/professional/students?q=ann')
	})
})

describe('a long address kept through the e-mailed code step', () => {
	test('a list address of 1,000 characters (filters, a search) is where the platform admin lands after the code', async () => {
		// Longer than the 255 characters the pending sign-in once held; up to the 2,048 that safeRedirect keeps.
		const longPath = `/spencer-admin/schools?q=${'a'.repeat(1000)}`
		const browser = new Browser(app)
		const step = await browser.post('/auth/login', { intent: 'password', email: 'admin@spencer.test', password: 'Spencer!2026', redirectTo: longPath })
		expect(step.status).toBe(302)
		expect(await app.sql("select length(p.redirect_to) as length from pending_sign_in p join users u on u.id = p.user_id where u.email = 'admin@spencer.test' and p.used_at is null")).toContainEqual({ length: longPath.length })
		const signedIn = await browser.post('/auth/login', { intent: 'code', code: latestCode(app, 'admin@spencer.test') })
		expect(signedIn.status).toBe(302)
		expect(signedIn.headers.get('Location')).toBe(longPath)
	})

	test('an address whose encoded form is over 2,048 characters gives the fallback (/, which sends each user home), not an error', async () => {
		// 700 characters given, each three when percent-encoded: over the limit only once parsed.
		const browser = new Browser(app)
		const step = await browser.post('/auth/login', { intent: 'password', email: 'admin@spencer.test', password: 'Spencer!2026', redirectTo: `/spencer-admin/schools?q=${'é'.repeat(700)}` })
		expect(step.status).toBe(302)
		const signedIn = await browser.post('/auth/login', { intent: 'code', code: latestCode(app, 'admin@spencer.test') })
		expect(signedIn.headers.get('Location')).toBe('/')
	})
})
