import { once } from 'node:events'
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
