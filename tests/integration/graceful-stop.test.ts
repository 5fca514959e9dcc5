import { once } from 'node:events'
import { get } from 'node:http'
import { connect } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import { serverProcesses } from './server-process.ts'

/**
 * A rolling restart stops an instance with SIGTERM while it is answering (README: Deployment for scale): it takes no
 * new connection, answers in full the requests it has begun, then closes its database and exits 0. A request that
 * arrives on the stopping instance's open connection is one the proxy sent it: cutting it would lose it.
 */
const { freshDatabase, startServer, cleanup } = serverProcesses()
afterAll(cleanup)

test('SIGTERM mid-request: no new connection is taken, the request begun is answered in full, then the server exits 0', { timeout: 120_000 }, async () => {
	const { url } = await freshDatabase()
	const server = await startServer({ DATABASE_URL: url })
	const { port } = new URL(server.app.url)

	// A sign-in begun: its headers and part of its body sent, the rest still to come.
	const body = new URLSearchParams({ intent: 'password', email: 'office@oakfield.test', password: 'Spencer!2026' }).toString()
	const socket = connect(Number(port), '127.0.0.1')
	await once(socket, 'connect')
	let answer = ''
	socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
	const closed = once(socket, 'close')
	socket.write(`POST /auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`)

	const exited = once(server.process, 'exit')
	server.process.kill('SIGTERM')
	// Stopping: a new connection is refused.
	for (;;) {
		const refused = await fetch(`${server.app.url}/healthz`).then(
			() => false,
			() => true,
		)
		if (refused) break
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	expect(server.process.exitCode, 'still running while a request is open').toBeNull()

	socket.write(body.slice(10))
	await closed
	expect(answer).toMatch(/^HTTP\/1\.1 302 /)
	expect(answer).toMatch(/^set-cookie: __Host-spencer_session=/im)
	const [code] = await exited
	expect(code).toBe(0)
})

/** A GET on a connection of its own: the status, the Connection header and the body, as a load balancer reads them. */
function rawGet(url: string): Promise<{ status: number; connection: string | undefined; body: string }> {
	return new Promise((resolve, reject) => {
		get(url, { agent: false }, (answer) => {
			let body = ''
			answer.on('data', (chunk: Buffer) => (body += chunk.toString()))
			answer.on('end', () => resolve({ status: answer.statusCode ?? 0, connection: answer.headers.connection, body }))
		}).on('error', reject)
	})
}

test('SIGTERM with STOP_DRAIN_SECONDS: /healthz fails at once while every page still answers, then the port closes and the server exits 0', { timeout: 120_000 }, async () => {
	const { url } = await freshDatabase()
	const server = await startServer({ DATABASE_URL: url, STOP_DRAIN_SECONDS: '3' })
	expect((await rawGet(`${server.app.url}/healthz`)).status).toBe(200)

	const exited = once(server.process, 'exit')
	const stoppedAt = Date.now()
	server.process.kill('SIGTERM')
	// Draining: the load balancer's check fails, and what it still sends is answered, on a connection closed after it.
	let health = await rawGet(`${server.app.url}/healthz`)
	while (health.status === 200) health = await rawGet(`${server.app.url}/healthz`)
	expect(health).toEqual({ status: 503, connection: 'close', body: JSON.stringify({ status: 'stopping' }) })
	const page = await rawGet(`${server.app.url}/auth/login`)
	expect(page.status).toBe(200)
	expect(page.connection).toBe('close')
	expect(page.body).toContain('Sign in')
	expect(server.process.exitCode).toBeNull()

	// Then no new connection is taken, and the server exits 0, not before the drain was over.
	const [code] = await exited
	expect(code).toBe(0)
	expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(3000)
	await expect(rawGet(`${server.app.url}/healthz`)).rejects.toThrow()
})

test('SIGTERM to `npm start` reaches the server: it stops, and nothing is left answering on its port', { timeout: 120_000 }, async () => {
	// A supervisor (a process manager, a container whose command is `npm start`) signals the process it started, npm.
	const { url } = await freshDatabase()
	const server = await startServer({ DATABASE_URL: url }, { npmStart: true })
	const exited = once(server.process, 'exit')
	server.process.kill('SIGTERM')
	await exited
	const answered = await fetch(`${server.app.url}/healthz`).then(
		() => true,
		() => false,
	)
	expect(answered, 'a server still answers after npm stopped').toBe(false)
})
