import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { appContext } from '#app/context.ts'
import type { Auth } from '#app/services/auth.server.ts'
import { copyPayload, flushMonitoring, initMonitoring, reportServerError } from '#app/services/monitoring.server.ts'

// A stand-in for Sentry's ingest on loopback that records every envelope it is sent.
const envelopes: string[] = []
let ingest: Server

beforeAll(async () => {
	ingest = createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			const body = Buffer.concat(chunks)
			envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'))
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', () => resolve()))
	const port = (ingest.address() as AddressInfo).port
	initMonitoring({ dsn: `http://publickey@127.0.0.1:${port}/1`, environment: 'test-env', release: 'RC_v1.1.2' })
})

afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())))

test('a failed POST is reported with the user id, impersonation tags and its payload masked', async () => {
	vi.spyOn(console, 'error').mockImplementation(() => undefined)
	const request = new Request('http://localhost/settings/profile', {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: '__Host-spencer_session=secret-session' },
		body: new URLSearchParams({
			intent: 'password',
			currentPassword: 'Spencer!2026',
			newPassword: 'Very-Secret!99',
			token: 'reset-token-value',
			address: '12 Oak Lane',
			firstName: 'Sarah',
		}),
	})
	const context = new RouterContextProvider()
	const auth = { userId: 'user-123', impersonatorId: 'admin-9' } as Auth
	context.set(appContext, { em: null as never, auth, sessionExpired: false, clientAddress: '127.0.0.1', payload: copyPayload(request) })
	await request.text() // the action has read the body before the error

	await reportServerError(new Error('Database fell over'), request, context)
	await flushMonitoring(5000)

	const sent = envelopes.join('\n')
	expect(sent).toContain('Database fell over')
	expect(sent).toContain('"release":"RC_v1.1.2"')
	expect(sent).toContain('"environment":"test-env"')
	expect(sent).toContain('"id":"user-123"')
	expect(sent).toMatch(/"impersonating":"yes"/)
	expect(sent).toMatch(/"impersonator_id":"admin-9"/)
	expect(sent).toContain('"firstName":"Sarah"')
	for (const secret of ['Spencer!2026', 'Very-Secret!99', 'reset-token-value', '12 Oak Lane', 'secret-session']) {
		expect(sent).not.toContain(secret)
	}
	expect(sent).toContain('[Filtered]')
})

test('ignored errors are not sent', async () => {
	vi.spyOn(console, 'error').mockImplementation(() => undefined)
	const before = envelopes.length
	await reportServerError(new Error('ResizeObserver loop limit exceeded'), new Request('http://localhost/x'))
	await flushMonitoring(2000)
	expect(envelopes.slice(before).join('')).not.toContain('ResizeObserver loop limit exceeded')
})
