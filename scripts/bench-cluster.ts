/**
 * npm run bench:cluster — several instances on one PostgreSQL (DATABASE_URL, filled by `npm run seed:scale`), as
 * README: Deployment for scale describes: the production build started as 1 and then 3 instances behind a small
 * round-robin proxy in this script, the school admin's students list loaded through it at 8 connections for
 * BENCH_SECONDS (10); then, with 3 instances under the same load, one is stopped with SIGTERM half-way (a rolling
 * restart's step). Prints requests/s at 1 and 3 instances and every error; exits 1 on any error.
 *
 * The proxy does what a load balancer does: it sends each request to the next instance, and to another when the chosen
 * one refused the connection (it has stopped listening); it checks each instance's /healthz and stops sending to one
 * that fails it (a draining instance, ADR 094). A request an instance accepted is never retried: if it is cut, the
 * client sees a 502, which counts as an error.
 * On 2 cores the rate cannot triple (the instances, PostgreSQL and the load share them); the figure is reported as
 * measured. The other multi-instance rules (one session, one rate limit, an import run once) are integration tests
 * (tests/integration/instances.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon, { type Instance as LoadRun } from 'autocannon'
import pg from 'pg'
import { buildIfNeeded } from './build-if-needed.js'
import { SERVER_NODE_FLAGS } from './server-flags.js'
import { ensureSchoolAdmin } from './bench/fixtures.ts'
import { signIn, waitFor } from './bench/http.ts'
import { STUDENTS_PAGE } from './bench/students-list.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 8
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 4393) + 1
const SCHOOL = 'scale-01'
const SESSION_SECRET = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex')

const databaseUrl = process.env.DATABASE_URL ?? ''
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
	console.error('npm run bench:cluster measures PostgreSQL: set DATABASE_URL=postgres://… to a database filled by `npm run seed:scale`.')
	process.exit(2)
}

type Instance = { port: number; process: ChildProcess; live: boolean }
const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-cluster-outbox-'))
const instances: Instance[] = []
// A connection per request from the proxy to an instance: a refusal then always means "not accepted", and a reset
// "accepted and dropped" (with kept-alive connections the two cannot be told apart, so a lost request could hide).
const agent = new http.Agent({ keepAlive: false })
const counts = { proxied: 0, retried: 0, cut: 0 }

/** The round-robin proxy: the next live instance, another one when the chosen refused or dropped the request unread. */
const proxy = http.createServer((request, response) => {
	const chunks: Buffer[] = []
	request.on('data', (chunk: Buffer) => chunks.push(chunk))
	request.on('end', () => forward(request, response, Buffer.concat(chunks), 0))
})
let next = 0
function forward(request: http.IncomingMessage, response: http.ServerResponse, body: Buffer, tries: number) {
	const live = instances.filter((instance) => instance.live)
	if (live.length === 0 || tries > live.length) {
		counts.cut++
		response.writeHead(502).end('no instance answered')
		return
	}
	const instance = live[next++ % live.length]!
	const upstream = http.request(
		{ host: '127.0.0.1', port: instance.port, method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' }, agent },
		(answer) => {
			counts.proxied++
			response.writeHead(answer.statusCode ?? 502, answer.headers)
			answer.pipe(response)
			answer.on('error', () => {
				counts.cut++
				response.destroy()
			})
		},
	)
	upstream.on('error', (error: NodeJS.ErrnoException) => {
		if (response.headersSent) return
		// Not begun: the instance has stopped listening. Any other failure before an answer is a request the instance
		// accepted and dropped (each request has a connection of its own, so none is an idle connection's close).
		if (error.code === 'ECONNREFUSED') {
			instance.live = false
			counts.retried++
			forward(request, response, body, tries + 1)
			return
		}
		counts.cut++
		response.writeHead(502).end(error.message)
	})
	upstream.end(body)
}

async function startInstance(port: number, proxyUrl: string): Promise<Instance> {
	// As `npm start` runs it (package.json), on the shared database, behind the proxy.
	const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server.js'], {
		env: { ...process.env, PORT: String(port), NODE_ENV: 'production', SESSION_SECRET, APP_URL: proxyUrl, TRUST_PROXY: '1', MAIL_OUTBOX_DIR: outbox, DATABASE_POOL_MAX: '10', STOP_DRAIN_SECONDS: String(STOP_DRAIN_SECONDS) },
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	await waitFor(`http://127.0.0.1:${port}/healthz`)
	return { port, process: child, live: true }
}

/**
 * The proxy's health check, as deploy/Caddyfile's: each instance's /healthz every HEALTH_INTERVAL_MS; one that answers
 * anything but 2xx (a draining instance's 503, ADR 094) gets no more requests. The instances drain for
 * STOP_DRAIN_SECONDS, several intervals, so the proxy has stopped sending before one closes its port.
 */
const HEALTH_INTERVAL_MS = 250
const STOP_DRAIN_SECONDS = 1
const health = setInterval(() => {
	for (const instance of instances.filter((candidate) => candidate.live)) {
		http
			.get({ host: '127.0.0.1', port: instance.port, path: '/healthz', agent }, (answer) => {
				answer.resume()
				if ((answer.statusCode ?? 500) >= 300) instance.live = false
			})
			.on('error', () => {
				// Refused: forward finds out on its next request, as before.
			})
	}
}, HEALTH_INTERVAL_MS)

/** SIGTERM, as a rolling restart sends; the proxy finds out from the health check, or else a refused connection. */
function stop(instance: Instance) {
	if (instance.process.exitCode !== null || instance.process.signalCode !== null) return Promise.resolve(instance.process.exitCode)
	const exited = new Promise<number | null>((resolve) => instance.process.once('exit', (code) => resolve(code)))
	instance.process.kill('SIGTERM')
	return exited
}

type Load = { rps: number; requests: number; non2xx: number; errors: number; timeouts: number }
async function load(url: string, cookie: string, during?: (run: LoadRun) => void): Promise<Load> {
	const headers = { Cookie: cookie }
	await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
	const run = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers })
	during?.(run)
	const result = await run
	return { rps: result.requests.average, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts }
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
try {
	await ensureSchoolAdmin(async (query, params = []) => (await pool.query(query, params)).rows, SCHOOL)
	buildIfNeeded()
	await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
	const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
	const url = `${proxyUrl}${STUDENTS_PAGE}`
	console.log(`\nSpencer bench:cluster: production build on PostgreSQL behind a round-robin proxy, ${CONNECTIONS} connections, ${SECONDS} s per run\n`)

	instances.push(await startInstance(FIRST_PORT, proxyUrl))
	const cookie = await signIn(proxyUrl, `office@${SCHOOL}.test`)
	const one = await load(url, cookie)
	for (let index = 1; index < 3; index++) instances.push(await startInstance(FIRST_PORT + index, proxyUrl))
	const three = await load(url, cookie)
	// The same load, with the first instance stopped half-way (SIGTERM, as a rolling restart sends).
	let stoppedWith: Promise<number | null> = Promise.resolve(null)
	const rolling = await load(url, cookie, () => {
		setTimeout(() => (stoppedWith = stop(instances[0]!)), (SECONDS * 1000) / 2)
	})
	const exitCode = await stoppedWith

	const errors = (figures: Load) => figures.non2xx + figures.errors + figures.timeouts
	const row = (name: string, figures: Load) => `${name.padEnd(44)}${String(Math.round(figures.rps)).padEnd(10)}${String(figures.requests).padEnd(10)}${errors(figures)}`
	console.log(`Students list ${STUDENTS_PAGE} at ${SCHOOL}, through the proxy`)
	console.log(`${'instances'.padEnd(44)}${'req/s'.padEnd(10)}${'requests'.padEnd(10)}errors`)
	console.log(row('1', one))
	console.log(row('3', three))
	console.log(row('3, one stopped with SIGTERM half-way', rolling))
	console.log(`3 instances: ${(three.rps / one.rps).toFixed(2)} × the rate of 1 (2 cores shared by the instances, PostgreSQL and the load)`)
	console.log(
		`The stopped instance drained for ${STOP_DRAIN_SECONDS} s (its /healthz 503, the proxy checking every ${HEALTH_INTERVAL_MS} ms) and exited with code ${exitCode}; ` +
			`the proxy sent ${counts.retried} refused request(s) to another instance, and ${counts.cut} accepted one(s) were cut.`,
	)
	console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`)
	// A cut request reached its client as a 502: counted there, once.
	const total = errors(one) + errors(three) + errors(rolling)
	if (total > 0 || exitCode !== 0) {
		console.log(`Missed: ${total} error(s) (target 0)${exitCode !== 0 ? `; the stopped instance exited with ${exitCode}` : ''}`)
		process.exitCode = 1
	} else {
		console.log('Every target met: no request lost, at 1 or 3 instances or through the stop.')
	}
} finally {
	clearInterval(health)
	for (const instance of instances) await stop(instance)
	proxy.close()
	agent.destroy()
	await pool.end()
	rmSync(outbox, { recursive: true, force: true })
}
