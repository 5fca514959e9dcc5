import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
})
afterAll(() => app?.close())

const AREAS = ['/spencer-admin', '/school-admin', '/need-manager', '/professional']
const USERS = [
	{ email: 'admin@spencer.test', home: '/spencer-admin' },
	{ email: 'office@oakfield.test', home: '/school-admin' },
	{ email: 'senco@oakfield.test', home: '/need-manager' },
	{ email: 'teacher@oakfield.test', home: '/professional' },
	{ email: 'office@riverside.test', home: '/school-admin' },
]

/**
 * Each area opens on its first screen: the platform admin's on the schools list, the school admin's on the students
 * list ([13.1]), the need manager's and the professional's on their home tabs.
 */
const landingOf = (home: string) =>
	({
		'/spencer-admin': '/spencer-admin/schools',
		'/school-admin': '/school-admin/students/list',
		'/need-manager': '/need-manager/home',
		'/professional': '/professional/home',
	})[home]!

describe('a visitor', () => {
	test.each([...AREAS, '/settings/profile', '/students'])('%s → the login screen, remembering the path', async (path) => {
		const response = await new Browser(app).request(`${path}?tab=1`)
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(`${path}?tab=1`)}`)
	})

	test('/ → the login screen; an unknown path → /', async () => {
		expect((await new Browser(app).request('/')).headers.get('Location')).toBe('/auth/login')
		expect((await new Browser(app).request('/no/such/page')).headers.get('Location')).toBe('/')
	})
})

describe.each(USERS)('$email', ({ email, home }) => {
	let browser: Browser
	beforeAll(async () => {
		browser = new Browser(app)
		await browser.signIn(email)
	})

	test(`/ → ${home}, which answers 200 with no-store`, async () => {
		expect((await browser.request('/')).headers.get('Location')).toBe(home)
		const first = await browser.request(home)
		expect(first.status).toBe(302)
		expect(first.headers.get('Location')).toBe(landingOf(home))
		const page = await browser.request(landingOf(home))
		expect(page.status).toBe(200)
		expect(page.headers.get('Cache-Control')).toBe('no-store')
	})

	test('another role’s area → their own home', async () => {
		for (const area of AREAS.filter((path) => path !== home)) {
			const response = await browser.request(area)
			expect(response.status, area).toBe(302)
			expect(response.headers.get('Location'), area).toBe(home)
		}
	})

	test('a form sent to another role’s area → their own home, told that nothing was saved (ADR 105)', async () => {
		const area = home === '/need-manager' ? '/professional' : '/need-manager'
		const response = await browser.post(`${area}/students`, { intent: 'anything' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(home)
		const page = await browser.request(landingOf(home))
		expect(textOf(await page.text())).toContain('Nothing was saved: since that page was opened, you have started working in another school or role')
	})

	test('auth screens → /', async () => {
		for (const path of ['/auth/login', '/auth/forgot-password', '/auth/new-password', '/auth/set-password-from-email']) {
			expect((await browser.request(path)).headers.get('Location'), path).toBe('/')
		}
	})

	test('profile settings are open to every role', async () => {
		expect((await browser.request('/settings/profile')).status).toBe(200)
	})
})

test('[13.1] the school admin’s area opens on the students list; the school overview is a sidebar item of its own', async () => {
	const office = new Browser(app)
	await office.signIn('office@oakfield.test')
	expect((await office.request('/')).headers.get('Location')).toBe('/school-admin')
	const area = await office.request('/school-admin')
	expect(area.status).toBe(302)
	expect(area.headers.get('Location')).toBe('/school-admin/students/list')
	const list = await office.request('/school-admin/students/list')
	expect(list.status).toBe(200)
	const html = await list.text()
	// The sidebar: Students first, and the overview under its own address, no longer the area's root.
	expect(html).toContain('href="/school-admin/overview"')
	expect(html).not.toContain('href="/school-admin"')
	expect(html.indexOf('href="/school-admin/students"')).toBeLessThan(html.indexOf('href="/school-admin/overview"'))

	const [school] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
	const [{ waiting } = { waiting: -1 }] = await app.sql<{ waiting: number }>(
		"select count(*)::int as waiting from transfer_request where to_school_id = ? and status = 'created'",
		[school!.id],
	)
	const overview = await office.request('/school-admin/overview')
	expect(overview.status).toBe(200)
	const text = (await overview.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
	expect(text).toContain('School overview · Spencer')
	expect(text).toContain(`Transfer requests waiting for you ${waiting}`)
	// Another role is sent to its own home from the overview too.
	const teacher = new Browser(app)
	await teacher.signIn('teacher@oakfield.test')
	expect((await teacher.request('/school-admin/overview')).headers.get('Location')).toBe('/professional')
})

test('a user with no school access and no platform role → /settings/profile', async () => {
	await app.sql(
		"update school_membership set access = 'none' where user_id = (select id from users where email = 'senco@riverside.test')",
	)
	const browser = new Browser(app)
	await browser.signIn('senco@riverside.test')
	expect((await browser.request('/')).headers.get('Location')).toBe('/settings/profile')
	expect((await browser.request('/need-manager')).headers.get('Location')).toBe('/settings/profile')
	const page = await browser.request('/settings/profile')
	expect(page.status).toBe(200)
	// The page says why they are there, and who can change it; someone with a school is not told so.
	const notice = 'You have no access to a school in Spencer at the moment'
	expect(textOf(await page.text())).toContain(notice)
	const teacher = new Browser(app)
	await teacher.signIn('teacher@oakfield.test')
	expect(textOf(await (await teacher.request('/settings/profile')).text())).not.toContain(notice)
})

describe('redirectTo after sign-in', () => {
	test('a local path is honoured', async () => {
		const browser = new Browser(app)
		const response = await browser.post('/auth/login', {
			intent: 'password',
			email: 'office@oakfield.test',
			password: 'Spencer!2026',
			redirectTo: '/settings/profile',
		})
		expect(response.headers.get('Location')).toBe('/settings/profile')
	})

	test.each(['https://evil.example/', '//evil.example/x', '/\\evil.example'])('%s is not: the user goes to /', async (target) => {
		const browser = new Browser(app)
		const response = await browser.post('/auth/login', {
			intent: 'password',
			email: 'office@oakfield.test',
			password: 'Spencer!2026',
			redirectTo: target,
		})
		expect(response.headers.get('Location')).toBe('/')
	})
})

test('an expired session: the login screen with redirectTo and a "Session expired" warning', async () => {
	const browser = new Browser(app)
	await browser.signIn('teacher@oakfield.test')
	await app.sql(
		"update session set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = 'teacher@oakfield.test')",
	)
	const response = await browser.request('/professional')
	expect(response.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fprofessional')
	const login = await browser.request('/auth/login?redirectTo=%2Fprofessional')
	const html = await login.text()
	expect(html).toContain('Session expired')
	expect(html).toContain('Please sign in again.')
	// The toast is shown once.
	expect(await (await browser.request('/auth/login')).text()).not.toContain('Session expired')
})

test('a password change ends the user’s other sessions but keeps this one', async () => {
	const laptop = new Browser(app)
	const phone = new Browser(app)
	await laptop.signIn('office@meadowview.test')
	await phone.signIn('office@meadowview.test')
	const changed = await laptop.post('/settings/profile', {
		intent: 'password',
		currentPassword: 'Spencer!2026',
		newPassword: 'Meadow-View!2027',
	})
	expect(changed.status).toBe(302)
	expect((await laptop.request('/school-admin/overview')).status).toBe(200)
	expect((await phone.request('/school-admin/overview')).status).toBe(302)
	const [row] = await app.sql<{ count: number }>(
		"select count(*)::int as count from audit_event where action = 'account.password-changed'",
	)
	expect(row?.count).toBe(1)
})

test('a platform admin cannot turn the e-mailed code off', async () => {
	const browser = new Browser(app)
	await browser.signIn('admin@spencer.test')
	await browser.post('/settings/profile', { intent: 'mfa', enabled: 'false' })
	const [row] = await app.sql<{ mfa_enabled: boolean }>("select mfa_enabled from users where email = 'admin@spencer.test'")
	expect(row?.mfa_enabled).toBe(true)
})
