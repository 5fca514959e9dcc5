import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

// Issue 15 item 10: TRUST_PROXY (server/app.ts). Unset, the client is the connection's own address and the
// X-Forwarded-* headers anyone can send are ignored; TRUST_PROXY=1, behind one load balancer, they name the client
// (its address, for the rate limits) and the scheme the browser used (for the same-origin check on writes).

const LIMIT = 3

let direct: TestApp
let proxied: TestApp
beforeAll(async () => {
	direct = await startApp({ AUTH_POSTS_PER_MINUTE: String(LIMIT) }, { schedule: false })
	proxied = await startApp({ AUTH_POSTS_PER_MINUTE: String(LIMIT), TRUST_PROXY: '1' }, { schedule: false })
})
afterAll(async () => {
	await direct?.close()
	await proxied?.close()
})

let tries = 0
/** A wrong sign-in, each for an account of its own (so only the per-client limit can refuse it). */
async function wrongSignIn(app: TestApp, headers: Record<string, string>, origin = app.url) {
	tries += 1
	const response = await new Browser(app, headers).request('/auth/login', {
		method: 'POST',
		body: new URLSearchParams({ intent: 'password', email: `nobody-${tries}@proxy.test`, password: 'Wrong!pass1' }),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
	})
	await response.body?.cancel()
	return response.status
}

const from = (address: string) => ({ 'X-Forwarded-For': address })

describe('the client’s address', () => {
	test(`unset: X-Forwarded-For is ignored, so changing it does not escape the limit of ${LIMIT} posts a minute`, async () => {
		const statuses = []
		for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) statuses.push(await wrongSignIn(direct, from(address)))
		expect(statuses).toEqual([400, 400, 400, 429])
	})

	test('TRUST_PROXY=1: X-Forwarded-For is the client, each with a limit of its own, and still limited', async () => {
		const statuses = []
		for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) statuses.push(await wrongSignIn(proxied, from(address)))
		expect(statuses).toEqual([400, 400, 400, 400])
		const again = []
		for (let i = 0; i < LIMIT; i++) again.push(await wrongSignIn(proxied, from('198.51.100.1')))
		expect(again).toEqual([400, 400, 429])
	})

	test('TRUST_PROXY=1 trusts one hop only: the address the load balancer appended, not one the client put before it', async () => {
		const statuses = []
		for (const forged of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) statuses.push(await wrongSignIn(proxied, from(`${forged}, 198.51.100.50`)))
		expect(statuses).toEqual([400, 400, 400, 429])
	})
})

describe('the scheme, for the same-origin check on writes', () => {
	const httpsOrigin = (app: TestApp) => app.url.replace(/^http:/, 'https:')

	test('TRUST_PROXY=1: behind a proxy that ended TLS (X-Forwarded-Proto: https), the page’s https origin may post', async () => {
		expect(await wrongSignIn(proxied, { ...from('198.51.100.60'), 'X-Forwarded-Proto': 'https' }, httpsOrigin(proxied))).toBe(400)
		// The origin must still be the one the proxy names.
		expect(await wrongSignIn(proxied, { ...from('198.51.100.61'), 'X-Forwarded-Proto': 'https' }, proxied.url)).toBe(403)
	})

	test('unset: X-Forwarded-Proto is ignored, so an https origin does not match this http server', async () => {
		expect(await wrongSignIn(direct, { 'X-Forwarded-Proto': 'https' }, httpsOrigin(direct))).toBe(403)
	})
})
