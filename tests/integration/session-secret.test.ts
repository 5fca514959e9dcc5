import { afterAll, beforeAll, expect, test } from 'vitest'
import { Browser, latestCode, startApp, type TestApp } from './app.ts'

// A real SESSION_SECRET, as a deployment sets it (ADR 015): the e-mailed code must still work.
let app: TestApp
beforeAll(async () => {
	app = await startApp({ SESSION_SECRET: 'a-deployment-secret-of-forty-characters!' })
})
afterAll(() => app?.close())

test('with SESSION_SECRET set, the platform admin is mailed a code and signs in with it', async () => {
	const browser = new Browser(app)
	const step = await browser.post('/auth/login', { intent: 'password', email: 'admin@spencer.test', password: 'Spencer!2026' })
	expect(step.status).toBe(302)
	const code = latestCode(app, 'admin@spencer.test')
	const verified = await browser.post('/auth/login', { intent: 'code', code })
	expect(verified.status).toBe(302)
	expect(browser.cookies.has('__Host-spencer_session')).toBe(true)
	expect((await browser.request('/')).headers.get('Location')).toBe('/spencer-admin')
	expect((await browser.request('/spencer-admin/schools')).status).toBe(200)
})
