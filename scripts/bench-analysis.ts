/**
 * npm run bench:analysis — the student analysis page on PostgreSQL for a
 * student with 20 rounds × 3 respondents × 25 questions answered (1,500
 * answers). Makes a fresh database on the server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), starts the production build on
 * it with the demo seeded and QUERY_STATS=1, signs in as the need manager and
 * asks for the page BENCH_N times (default 200).
 *
 * Prints p50/p95 of the response time on loopback (the server's time plus
 * one local round trip) and the X-Query-Count of each request, next to a demo
 * student with 4 rounds. Target (issue 6): p95 < 100 ms, and the same number
 * of queries for both students. Exits 1 when either is missed.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildIfNeeded } from './build-if-needed.js'
import { createBigStudent } from './bench/big-student.ts'
import { adminQuery } from './bench/databases.ts'
import { signIn, waitFor } from './bench/http.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4392)
const BASE = `http://127.0.0.1:${PORT}`
const RUNS = Number(process.env.BENCH_N ?? 200)
const TARGET_MS = 100
const ROUNDS = 20
const RESPONDENTS = ['senco@oakfield.test', 'teacher@oakfield.test', 'ta@oakfield.test']

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
if (!serverUrl.startsWith('postgres')) throw new Error('bench:analysis runs on PostgreSQL: set DATABASE_URL=postgres://…')
const dbName = `spencer_bench_${randomBytes(5).toString('hex')}`
const dbUrl = new URL(serverUrl)
dbUrl.pathname = `/${dbName}`

buildIfNeeded()
await adminQuery(serverUrl, `create database ${dbName}`)
const server = spawn(process.execPath, ['server.js'], {
	env: {
		...process.env,
		PORT: String(PORT),
		DATABASE_URL: dbUrl.toString(),
		SEED_DEMO: '1',
		QUERY_STATS: '1',
		NODE_ENV: 'production',
		// Production on PostgreSQL requires one (ADR 015); any will do for a measurement.
		SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
		APP_URL: `http://localhost:${PORT}`,
		MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-')),
		AUTH_POSTS_PER_MINUTE: '1000',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
})

try {
	await waitFor(`${BASE}/healthz`)
	const { big, demo } = await createBigStudent(dbUrl.toString(), ROUNDS, RESPONDENTS)
	const cookie = await signIn(BASE, 'senco@oakfield.test')
	const bigPage = await measure(`/students/profile/${big}/analysis`, cookie)
	const demoPage = await measure(`/students/profile/${demo}/analysis`, cookie)

	console.log(`\nStudent analysis on PostgreSQL, production build, ${RUNS} requests each (after 20 to warm up)\n`)
	console.log(`${'student'.padEnd(44)}${'p50 ms'.padEnd(10)}${'p95 ms'.padEnd(10)}${'max ms'.padEnd(10)}queries`)
	for (const [name, result] of [
		[`${ROUNDS} rounds × ${RESPONDENTS.length} respondents × 25 questions`, bigPage],
		['demo student, 4 rounds × 2 respondents', demoPage],
	] as const) {
		console.log(`${name.padEnd(44)}${result.p50.toFixed(1).padEnd(10)}${result.p95.toFixed(1).padEnd(10)}${result.max.toFixed(1).padEnd(10)}${[...result.queries].join(', ')}`)
	}
	const constant = bigPage.queries.size === 1 && demoPage.queries.size === 1 && [...bigPage.queries][0] === [...demoPage.queries][0]
	console.log(`\nTarget p95 < ${TARGET_MS} ms: ${bigPage.p95 < TARGET_MS ? 'ok' : 'MISSED'}; constant queries: ${constant ? 'ok' : 'NO'}`)
	if (bigPage.p95 >= TARGET_MS || !constant) process.exitCode = 1
} finally {
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	await adminQuery(serverUrl, `drop database if exists ${dbName} with (force)`)
}

async function measure(pathname: string, cookie: string) {
	const times: number[] = []
	const queries = new Set<string>()
	for (let i = 0; i < RUNS + 20; i++) {
		const started = performance.now()
		const response = await fetch(`${BASE}${pathname}`, { headers: { Cookie: cookie } })
		await response.arrayBuffer()
		const elapsed = performance.now() - started
		if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`)
		if (i < 20) continue
		times.push(elapsed)
		queries.add(response.headers.get('X-Query-Count') ?? '?')
	}
	times.sort((a, b) => a - b)
	const at = (fraction: number) => times[Math.min(times.length - 1, Math.floor(fraction * times.length))]!
	return { p50: at(0.5), p95: at(0.95), max: times.at(-1)!, queries }
}
