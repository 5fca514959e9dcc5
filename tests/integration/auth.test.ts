import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { textOf } from './pages.ts'
import { Browser, latestCode, startApp, type TestApp } from './app.ts'

let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
})
afterAll(() => app?.close())

describe('sign-in with a password', () => {
	test('a right password opens a session with a __Host- cookie: HttpOnly, Secure, SameSite=Lax, Path=/', async () => {
		const browser = new Browser(app)
		const response = await browser.post('/auth/login', { intent: 'password', email: 'office@oakfield.test', password: 'Spencer!2026' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/')
		const cookie = browser.lastSetCookies.find((value) => value.startsWith('__Host-spencer_session='))
		expect(cookie).toBeDefined()
		expect(cookie).toMatch(/; HttpOnly/i)
		expect(cookie).toMatch(/; Secure/i)
		expect(cookie).toMatch(/; SameSite=Lax/i)
		expect(cookie).toMatch(/; Path=\//i)
		expect(cookie).not.toMatch(/Domain=/i)
		// 256 bits of randomness in the cookie; only a hash in the database.
		const token = JSON.parse(Buffer.from(decodeURIComponent(browser.cookies.get('__Host-spencer_session')!), 'base64').toString()) as string
		expect(Buffer.from(token, 'base64url')).toHaveLength(32)
		const rows = await app.sql<{ token_hash: string }>('select token_hash from session')
		expect(rows.map((row) => row.token_hash)).not.toContain(token)

		const home = await browser.request('/')
		expect(home.headers.get('Location')).toBe('/school-admin')
		const area = await browser.request('/school-admin')
		expect(area.headers.get('Location')).toBe('/school-admin/students/list')
		const page = await browser.request('/school-admin/students/list')
		expect(page.status).toBe(200)
		expect(page.headers.get('Cache-Control')).toBe('no-store')
	})

	test('unknown and known e-mails get the same answer to a wrong password', async () => {
		const known = await new Browser(app).post('/auth/login', { intent: 'password', email: 'teacher@oakfield.test', password: 'Wrong!pass1' })
		const unknown = await new Browser(app).post('/auth/login', { intent: 'password', email: 'nobody@oakfield.test', password: 'Wrong!pass1' })
		expect(known.status).toBe(400)
		expect(unknown.status).toBe(400)
		const [a, b] = [await known.text(), await unknown.text()]
		expect(a).toContain('The email address or password is incorrect.')
		const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '')
		expect(strip(a.replaceAll('teacher@oakfield.test', 'X'))).toBe(strip(b.replaceAll('nobody@oakfield.test', 'X')))
	})

	test('sign-out deletes the session row: the old cookie opens nothing', async () => {
		const browser = new Browser(app)
		await browser.signIn('teacher@oakfield.test')
		const token = browser.cookies.get('__Host-spencer_session')!
		const out = await browser.post('/auth/logout', {})
		expect(out.headers.get('Location')).toBe('/auth/login')
		const replay = new Browser(app)
		replay.cookies.set('__Host-spencer_session', token)
		const after = await replay.request('/professional')
		expect(after.status).toBe(302)
		expect(after.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=%2Fprofessional/)
	})
})

describe('the e-mailed code step', () => {
	/** A browser past the password step as the platform admin, with the code just e-mailed. */
	async function atCodeStep() {
		const browser = new Browser(app)
		const step = await browser.post('/auth/login', { intent: 'password', email: 'admin@spencer.test', password: 'Spencer!2026' })
		expect(step.status).toBe(302)
		// Each cookie set once (the code library sets its own twice on a redirect; the sign-in passes it on once).
		const names = step.headers.getSetCookie().map((cookie) => cookie.split('=')[0])
		expect(names).toEqual([...new Set(names)])
		return { browser, code: latestCode(app, 'admin@spencer.test') }
	}

	test('a platform admin must give the code; the right code signs in once and cannot be replayed', async () => {
		const { browser, code } = await atCodeStep()
		expect(browser.cookies.has('__Host-spencer_session')).toBe(false)
		const pendingCookies = new Map(browser.cookies)

		expect(browser.cookies.has('_totp')).toBe(true)
		const ok = await browser.post('/auth/login', { intent: 'code', code })
		expect(ok.status).toBe(302)
		expect(browser.cookies.has('__Host-spencer_session')).toBe(true)
		// Neither pending cookie outlives the sign-in: the code library's held the address.
		expect(browser.cookies.has('_totp')).toBe(false)
		expect(ok.headers.getSetCookie().find((cookie) => cookie.startsWith('_totp='))).toMatch(/Max-Age=0.*Secure|Secure.*Max-Age=0/)
		expect((await browser.request('/')).headers.get('Location')).toBe('/spencer-admin')

		// The same code with the same pending cookies, replayed.
		const replay = new Browser(app)
		for (const [name, value] of pendingCookies) replay.cookies.set(name, value)
		const again = await replay.post('/auth/login', { intent: 'code', code })
		expect(again.status).toBe(400)
		expect(replay.cookies.has('__Host-spencer_session')).toBe(false)
	})

	test('after 5 wrong codes the right code is refused', async () => {
		const { browser, code } = await atCodeStep()
		const wrong = code === '000000' ? '111111' : '000000'
		for (let i = 0; i < 5; i++) {
			const response = await browser.post('/auth/login', { intent: 'code', code: wrong })
			expect(response.status).toBe(400)
		}
		const right = await browser.post('/auth/login', { intent: 'code', code })
		expect(right.status).toBe(400)
		expect(browser.cookies.has('__Host-spencer_session')).toBe(false)
	})

	test('a resend voids the old code, and says a new one was sent; the code step has words of its own', async () => {
		const { browser, code: first } = await atCodeStep()
		const step = textOf(await (await browser.request('/auth/login')).text())
		expect(step).toContain('Enter the 6-digit code we emailed you')
		expect(step).not.toContain('Enter your email address and password')
		const resent = await browser.post('/auth/login', { intent: 'resend' })
		expect(resent.status).toBe(302)
		expect(textOf(await (await browser.request(resent.headers.get('Location')!)).text())).toContain('New code sent')
		const second = latestCode(app, 'admin@spencer.test')
		if (first !== second) {
			const old = await browser.post('/auth/login', { intent: 'code', code: first })
			expect(old.status).toBe(400)
		}
		const fresh = await browser.post('/auth/login', { intent: 'code', code: second })
		expect(fresh.status).toBe(302)
		expect(browser.cookies.has('__Host-spencer_session')).toBe(true)
	})
})

describe('forgot password', () => {
	test('known and unknown addresses get identical answers; only the known one gets a mail', async () => {
		const before = app.outbox().length
		const known = await new Browser(app).post('/auth/forgot-password', { email: 'senco@oakfield.test' })
		const unknown = await new Browser(app).post('/auth/forgot-password', { email: 'ghost@oakfield.test' })
		expect(known.status).toBe(200)
		expect(unknown.status).toBe(200)
		const strip = (html: string, email: string) => html.replaceAll(email, 'X').replace(/nonce="[^"]+"/g, '')
		expect(strip(await known.text(), 'senco@oakfield.test')).toBe(strip(await unknown.text(), 'ghost@oakfield.test'))
		// The mail goes out after the response: once the jobs have run, the known address has its mail and the other none.
		await app.jobs.settled()
		const sent = app.outbox().slice(before)
		expect(sent.map((mail) => mail.to)).toEqual([expect.stringContaining('senco@oakfield.test')])
	})

	test('the link sets a new password once; a used link answers 1007', async () => {
		await new Browser(app).post('/auth/forgot-password', { email: 'mentor@riverside.test' })
		const mail = await app.mail((message) => message.to.includes('mentor@riverside.test') && /Reset/.test(message.subject))
		const link = new URL(/https?:\/\/\S+new-password\?\S+/.exec(mail.body)![0])
		const browser = new Browser(app)
		const form = await browser.request(`${link.pathname}${link.search}`)
		expect(form.status).toBe(200)
		const token = link.searchParams.get('token')!
		// Common, though it passes the rule: refused beside the field, and the link still works.
		const common = await browser.post('/auth/new-password', { email: 'mentor@riverside.test', token, password: 'Welcome2026?' })
		expect(common.status).toBe(400)
		expect(await common.text()).toContain('That password is too common. Please choose another.')
		const saved = await browser.post('/auth/new-password', { email: 'mentor@riverside.test', token, password: 'Brand-New!Pass7' })
		expect(saved.status).toBe(302)
		expect(saved.headers.get('Location')).toBe('/auth/login')
		const reused = await browser.post('/auth/new-password', { email: 'mentor@riverside.test', token, password: 'Another!Pass8' })
		expect(reused.status).toBe(410)
		expect(await reused.text()).toContain('The token has expired. Please request a new link to continue.')
		const signIn = await new Browser(app).post('/auth/login', { intent: 'password', email: 'mentor@riverside.test', password: 'Brand-New!Pass7' })
		expect(signIn.status).toBe(302)
	})
})

describe('changing one\'s password', () => {
	test('a common new password is refused before the current one is checked, and nothing changes', async () => {
		const browser = new Browser(app)
		await browser.signIn('senco@riverside.test')
		const common = await browser.post('/settings/profile', { intent: 'password', currentPassword: 'Spencer!2026', newPassword: 'Qwerty123!' })
		expect(common.status).toBe(400)
		expect(await common.text()).toContain('That password is too common. Please choose another.')
		expect(await app.sql("select 1 from rate_limit where key like 'current-password:%'")).toHaveLength(0)
		const signIn = await new Browser(app).post('/auth/login', { intent: 'password', email: 'senco@riverside.test', password: 'Spencer!2026' })
		expect(signIn.status).toBe(302)
	})
})

describe('cross-site requests', () => {
	test('a POST with a foreign Origin or Sec-Fetch-Site: cross-site → 403, and nothing happens', async () => {
		const foreign = await fetch(`${app.url}/auth/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
			body: new URLSearchParams({ intent: 'password', email: 'office@oakfield.test', password: 'Spencer!2026' }),
			redirect: 'manual',
		})
		expect(foreign.status).toBe(403)
		expect(foreign.headers.getSetCookie().some((cookie) => cookie.includes('spencer_session'))).toBe(false)
		const crossSite = await fetch(`${app.url}/api/auth/send-reset-password-email`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
			body: JSON.stringify({ email: 'office@oakfield.test' }),
		})
		expect(crossSite.status).toBe(403)
	})
})
