import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

// Issue 15 item 10: the headers every HTML page carries (docs/architecture.md#security): an enforced CSP whose
// nonce is the one the page's inline scripts carry, a new one per response; HSTS in production only.

let app: TestApp
let office: Browser
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
})
afterAll(() => app?.close())

/** The policy's directives by name: `script-src` → `["'self'", "'nonce-…'"]`. */
function directives(policy: string | null): Map<string, string[]> {
	expect(policy, 'a Content-Security-Policy header').toBeTruthy()
	return new Map(
		policy!
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter((words) => words[0])
			.map(([name, ...values]) => [name!, values]),
	)
}

/** The nonces of the page's inline scripts (those without `src`). */
function inlineScriptNonces(html: string): (string | null)[] {
	return [...html.matchAll(/<script\b([^>]*)>/g)]
		.map((match) => match[1]!)
		.filter((attributes) => !/\bsrc=/.test(attributes))
		.map((attributes) => /\bnonce="([^"]*)"/.exec(attributes)?.[1] ?? null)
}

describe('Content-Security-Policy on HTML pages', () => {
	test.each([
		['the login page, to a visitor', () => new Browser(app), '/auth/login'],
		['a signed-in list', () => office, '/school-admin/students/list'],
	])('%s: enforced, scripts only from us or with this response’s nonce, no framing, no plugins', async (_label, who, path) => {
		const response = await who().request(path)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
		// Enforced, not only reported.
		expect(response.headers.get('Content-Security-Policy-Report-Only')).toBeNull()
		const csp = directives(response.headers.get('Content-Security-Policy'))

		expect(csp.get('default-src')).toEqual(["'self'"])
		const scripts = csp.get('script-src') ?? []
		expect(scripts).toContain("'self'")
		expect(scripts.filter((source) => source.startsWith("'nonce-"))).toHaveLength(1)
		expect(scripts).not.toContain("'unsafe-inline'")
		expect(scripts).not.toContain("'unsafe-eval'")
		expect(csp.get('frame-ancestors')).toEqual(["'none'"])
		expect(csp.get('object-src')).toEqual(["'none'"])
		expect(csp.get('base-uri')).toEqual(["'self'"])
		expect(csp.get('form-action')).toEqual(["'self'"])
		// The browser's error reports may reach the Sentry ingest the app reports to, and nothing else.
		expect(csp.get('connect-src')).toEqual(["'self'", new URL(app.sentry.dsn).origin])

		const nonce = /^'nonce-(.+)'$/.exec(scripts.find((source) => source.startsWith("'nonce-"))!)![1]
		expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
		const html = await response.text()
		const nonces = inlineScriptNonces(html)
		expect(nonces.length).toBeGreaterThan(0)
		expect(nonces.every((value) => value === nonce)).toBe(true)
	})

	test('each response has a nonce of its own', async () => {
		const nonceOf = async () => (directives((await new Browser(app).request('/auth/login')).headers.get('Content-Security-Policy')).get('script-src') ?? []).find((source) => source.startsWith("'nonce-"))
		const [first, second] = [await nonceOf(), await nonceOf()]
		expect(first).toBeTruthy()
		expect(first).not.toBe(second)
	})

	test('with Referrer-Policy same-origin and X-Frame-Options DENY beside it', async () => {
		const response = await office.request('/school-admin/students/list')
		expect(response.headers.get('Referrer-Policy')).toBe('same-origin')
		expect(response.headers.get('X-Frame-Options')).toBe('DENY')
		await response.body?.cancel()
	})

	test('a page refused before React Router (server/request-guards.ts) has a policy of its own: nothing loads, no framing', async () => {
		const response = await new Browser(app).request('/school-admin?q=%00')
		expect(response.status).toBe(400)
		expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
		const csp = directives(response.headers.get('Content-Security-Policy'))
		expect(csp.get('default-src')).toEqual(["'none'"])
		expect(csp.get('frame-ancestors')).toEqual(["'none'"])
		expect(csp.has('script-src')).toBe(false)
		expect(await response.text()).not.toMatch(/<script\b/)
	})
})

describe('Strict-Transport-Security', () => {
	test('in production: a year, subdomains included, on pages to visitors and to the signed in', async () => {
		for (const response of [await new Browser(app).request('/auth/login'), await office.request('/school-admin/students/list')]) {
			expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
			await response.body?.cancel()
		}
	})

	test('outside production, none: a developer’s http://localhost is not pinned to HTTPS for a year', async () => {
		app.configure({ NODE_ENV: 'development' })
		try {
			const response = await new Browser(app).request('/auth/login')
			expect(response.status).toBe(200)
			expect(response.headers.get('Strict-Transport-Security')).toBeNull()
			// The rest of the policy does not depend on it.
			expect(directives(response.headers.get('Content-Security-Policy')).get('frame-ancestors')).toEqual(["'none'"])
			await response.body?.cancel()
		} finally {
			app.configure({ NODE_ENV: 'production' })
		}
		const again = await new Browser(app).request('/auth/login')
		expect(again.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
		await again.body?.cancel()
	})
})
