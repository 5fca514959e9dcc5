import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
})
afterAll(() => app?.close())

function linkFrom(body: string, path: string) {
	const match = new RegExp(`https?://\\S+${path}\\?\\S+`).exec(body)
	if (!match) throw new Error(`no ${path} link`)
	return new URL(match[0])
}

describe('GET /api/me/', () => {
	test('401 { code, message } without a session', async () => {
		const response = await fetch(`${app.url}/api/me/`)
		expect(response.status).toBe(401)
		expect(await response.json()).toEqual({ code: 10001, message: 'session expired' })
	})

	test('the session user with their schools and roles', async () => {
		const browser = new Browser(app)
		await browser.signIn('senco@oakfield.test')
		const response = await browser.request('/api/me/')
		expect(response.status).toBe(200)
		const [school] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
		expect(await response.json()).toEqual({
			email: 'senco@oakfield.test',
			systemRole: 'schoolStaff',
			schools: [{ schoolId: school!.id, role: 'needManager' }],
			activeSchoolId: school!.id,
		})
	})
})

test('POST /api/me/ is refused for its method (405), whatever its body', async () => {
	for (const init of [{}, { body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, { body: '{}', headers: { 'Content-Type': 'application/json' } }]) {
		const response = await fetch(`${app.url}/api/me/`, { method: 'POST', ...init })
		expect(response.status).toBe(405)
		expect(response.headers.get('Allow')).toBe('GET, HEAD')
		expect(await response.json()).toEqual({ code: 405, message: 'Nothing can be sent to this address. Go back and try again from the page you were on.' })
	}
})

describe('POST /api/auth/send-reset-password-email', () => {
	test('the same 200 answer for known and unknown addresses; 400 for a malformed body', async () => {
		const post = (json: unknown) => new Browser(app).request('/api/auth/send-reset-password-email', { method: 'POST', json })
		const known = await post({ email: 'office@meadowview.test' })
		const unknown = await post({ email: 'nobody@meadowview.test' })
		expect(known.status).toBe(200)
		expect(unknown.status).toBe(200)
		expect(await known.json()).toEqual(await unknown.json())
		const bad = await post({ email: 'not an address' })
		expect(bad.status).toBe(400)
		expect(await bad.json()).toMatchObject({ code: 400, message: expect.any(String), fields: { email: expect.any(Array) } })
	})

	test('the 4th reset e-mail for one address from one client within 15 minutes → 429 with Retry-After', async () => {
		const post = () =>
			new Browser(app).request('/api/auth/send-reset-password-email', { method: 'POST', json: { email: 'someone@else.test' } })
		for (let i = 0; i < 3; i++) expect((await post()).status).toBe(200)
		const limited = await post()
		expect(limited.status).toBe(429)
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(await limited.json()).toMatchObject({ code: 429 })
	})
})

describe('POST /api/auth/reset-password', () => {
	test('sets the password from a reset link once; again → 410 with 1007; a weak or common password → 400', async () => {
		await new Browser(app).request('/api/auth/send-reset-password-email', { method: 'POST', json: { email: 'teacher@meadowview.test' } })
		const link = linkFrom((await app.mail((mail) => mail.to.includes('teacher@meadowview.test') && /Reset/.test(mail.subject))).body, 'new-password')
		const token = link.searchParams.get('token')!
		const call = (password: string) =>
			new Browser(app).request('/api/auth/reset-password', { method: 'POST', json: { email: 'teacher@meadowview.test', password, token } })
		const weak = await call('weakpassword')
		expect(weak.status).toBe(400)
		expect((await weak.json()).fields.password).toBeDefined()
		// Common, though it passes the rule: refused, and the link still works.
		const common = await call('Password1!')
		expect(common.status).toBe(400)
		expect(await common.json()).toMatchObject({ code: 400, fields: { password: ['That password is too common. Please choose another.'] } })
		const ok = await call('Fresh-Start!42')
		expect(ok.status).toBe(200)
		const again = await call('Fresh-Start!43')
		expect(again.status).toBe(410)
		expect(await again.json()).toEqual({ code: 1007, message: 'The token has expired. Please request a new link to continue.' })
	})
})

describe('POST /api/auth/password (invitation)', () => {
	test('sets the password from the invitation and signs the user in', async () => {
		const invitation = app.outbox().find((mail) => mail.to.includes('ta@oakfield.test'))
		expect(invitation?.subject).toBe("You're invited to Spencer")
		const link = linkFrom(invitation!.body, 'set-password-from-email')
		const browser = new Browser(app)
		const response = await browser.request('/api/auth/password', {
			method: 'POST',
			json: { email: 'ta@oakfield.test', password: 'Classroom!Helper5', token: link.searchParams.get('token') },
		})
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ email: 'ta@oakfield.test' })
		const me = await browser.request('/api/me/')
		expect(me.status).toBe(200)
		expect((await me.json()).schools[0].role).toBe('professional')
	})
})
