import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from '../support/free-port.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

// Issue 12 item 11: nosniff on every response, and the impersonation cookie.

let app: TestApp
let office: Browser
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
}, 120_000)
afterAll(() => app?.close())

describe('X-Content-Type-Options: nosniff on every response', () => {
	test.each([
		['a page', '/school-admin/students/list', 200, /^text\/html/],
		['JSON', '/api/me', 200, /^application\/json/],
		['CSV', '/school-admin/students/import/template.csv', 200, /^text\/csv/],
		['a redirect', '/', 302, null],
		['a page that does not exist', '/school-admin/groups/00000000-0000-4000-8000-000000000000', 404, /^text\/html/],
		['single fetch data', '/school-admin/groups.data', 200, /^text\/x-script/],
		['the health check', '/healthz', 200, null],
		['an address refused', '/school-admin?q=%00', 400, /^text\/html/],
	])('%s (%s)', async (_label, path, status, type) => {
		const response = await office.request(path)
		expect(response.status).toBe(status)
		if (type) expect(response.headers.get('Content-Type')).toMatch(type)
		expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
		await response.body?.cancel()
	})

	test('refusals before React Router: 413, 415', async () => {
		const big = await new Browser(app).request('/auth/login', { method: 'POST', body: 'a='.padEnd(200 * 1024, 'a'), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
		expect(big.status).toBe(413)
		expect(big.headers.get('X-Content-Type-Options')).toBe('nosniff')
		const type = await new Browser(app).request('/api/auth/password', { method: 'POST', body: 'a', headers: { 'Content-Type': 'text/plain' } })
		expect(type.status).toBe(415)
		expect(type.headers.get('X-Content-Type-Options')).toBe('nosniff')
	})

	test('static files, which server.js serves before the app', async () => {
		const port = await freePort()
		const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-static-outbox-'))
		const child = spawn(process.execPath, ['server.js'], {
			env: { ...process.env, DATABASE_URL: 'pglite://memory', PORT: String(port), NODE_ENV: 'production', MAIL_OUTBOX_DIR: outbox },
			stdio: ['ignore', 'ignore', 'pipe'],
		})
		let errors = ''
		child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
		try {
			const url = `http://127.0.0.1:${port}`
			await waitFor(url, () => child.exitCode !== null, () => errors)
			const asset = readdirSync('build/client/assets').find((name) => name.endsWith('.js'))
			for (const file of ['/favicon.svg', `/assets/${asset}`]) {
				const response = await fetch(`${url}${file}`)
				expect(response.status, file).toBe(200)
				expect(response.headers.get('X-Content-Type-Options'), file).toBe('nosniff')
				await response.body?.cancel()
			}
		} finally {
			child.kill('SIGTERM')
			await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)))
			rmSync(outbox, { recursive: true, force: true })
		}
	}, 120_000)
})

describe('the impersonation cookie', () => {
	const IMPERSONATION = '__Host-spencer_impersonation'
	let oakfieldId: string
	let sencoId: string
	beforeAll(async () => {
		oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]?.id ?? ''
		sencoId = (await app.sql<{ id: string }>("select id from users where email = 'senco@oakfield.test'"))[0]?.id ?? ''
	})

	async function impersonating() {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const started = await admin.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: sencoId })
		expect(started.status).toBe(302)
		return { admin, setCookie: started.headers.getSetCookie().find((value) => value.startsWith(`${IMPERSONATION}=`)) ?? '' }
	}

	/** The cookie is cleared, the admin is back as themselves, on the interstitial with the warning and its code (10002, ADR 026). */
	async function expectEnded(admin: Browser, response: Response) {
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/impersonation/ended')
		expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${IMPERSONATION}=;`) && /Max-Age=0/i.test(cookie))).toBe(true)
		expect(admin.cookies.has(IMPERSONATION)).toBe(false)
		const html = await (await admin.request('/impersonation/ended')).text()
		expect(html).toContain('data-error-code="10002"')
		expect(textOf(html)).toContain('Impersonation ended')
		expect((await (await admin.request('/api/me')).json()).email).toBe('admin@spencer.test')
	}

	test('is __Host- prefixed, Secure, HttpOnly, SameSite=Lax, on / and without a Domain', async () => {
		const { admin, setCookie } = await impersonating()
		expect(setCookie).toMatch(/; Path=\/(;|$)/)
		expect(setCookie).toMatch(/; Secure/i)
		expect(setCookie).toMatch(/; HttpOnly/i)
		expect(setCookie).toMatch(/; SameSite=Lax/i)
		expect(setCookie).not.toMatch(/Domain=/i)
		expect((await (await admin.request('/api/me')).json()).email).toBe('senco@oakfield.test')
	})

	test('with a bad signature it is cleared, with "Impersonation ended" (10002)', async () => {
		const { admin } = await impersonating()
		const value = admin.cookies.get(IMPERSONATION) ?? ''
		admin.cookies.set(IMPERSONATION, `${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`)
		await expectEnded(admin, await admin.request('/need-manager/home'))
	})

	test('pointing to a row that no longer exists it is cleared, with the same warning', async () => {
		const { admin } = await impersonating()
		await app.sql('delete from impersonation where ended_at is null')
		await expectEnded(admin, await admin.request('/need-manager/home'))
	})

	test('expired, it is cleared, with the same warning', async () => {
		const { admin } = await impersonating()
		await app.sql("update impersonation set expires_at = now() - interval '1 second' where ended_at is null")
		await expectEnded(admin, await admin.request('/need-manager/home'))
	})

	test('under its old name (before the prefix) it is cleared, with the same warning', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		admin.cookies.set('impersonateToken', 'some-old-value')
		const response = await admin.request('/spencer-admin/schools')
		expect(response.headers.getSetCookie().some((cookie) => /^impersonateToken=;.*Max-Age=0/i.test(cookie))).toBe(true)
		expect(admin.cookies.has('impersonateToken')).toBe(false)
		await expectEnded(admin, response)
	})

	test('without a session it points to nothing and is cleared', async () => {
		const visitor = new Browser(app)
		visitor.cookies.set(IMPERSONATION, 'left-over')
		const response = await visitor.request('/auth/login')
		expect(response.status).toBe(200)
		expect(visitor.cookies.has(IMPERSONATION)).toBe(false)
	})
})


/** Polls the health check until the spawned server answers (it migrates and seeds first). */
async function waitFor(url: string, stopped: () => boolean, errors: () => string) {
	const until = Date.now() + 100_000
	for (;;) {
		if (stopped()) throw new Error(`the server stopped: ${errors()}`)
		try {
			if ((await fetch(`${url}/healthz`)).ok) return
		} catch {
			// not listening yet
		}
		if (Date.now() > until) throw new Error(`the server did not start: ${errors()}`)
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
}
