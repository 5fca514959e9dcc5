/**
 * The bench's frame: one production server on the bench database, sections
 * run one after the other against it, each printing its figures and naming
 * the targets it missed. A new measurement is one more BenchSection.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { buildIfNeeded } from '../build-if-needed.js'
import { SERVER_NODE_FLAGS } from '../server-flags.js'
import { signIn, waitFor } from './http.ts'
import { recordedDuring, RECORDER, type RecordedStatement } from './sql-recorder.ts'

export type Sql = <T = Record<string, unknown>>(query: string, params?: unknown[]) => Promise<T[]>

/** CPU milliseconds per request spent by the server, by PostgreSQL (when it runs on this machine) and by the load generator. */
export type CpuPerRequest = { server: number; database: number | null; client: number }

export type LoadFigures = { p50: number; p95: number; rps: number; requests: number; cpu: CpuPerRequest }

export type BenchContext = {
	base: string
	sql: Sql
	/** A session cookie for the account (school staff sign in with the password alone). */
	signIn(email: string): Promise<string>
	/** GET a path at 8 concurrent connections for the bench's duration; latencies of every response. */
	load(pathname: string, cookie?: string): Promise<LoadFigures>
	/** SQL queries the server ran for one GET (X-Query-Count). */
	queriesFor(pathname: string, cookie?: string): Promise<number>
	/** The server's resident memory now, and its peak so far (MB), from /proc. */
	serverMemory(): { rssMb: number; peakMb: number }
	/**
	 * The server's resident memory once it has settled after a load: read each second until it has held within 2 MB for
	 * 20 readings (at most 60 s). V8's memory reducer gives the heap's slack back once the process has been idle for 8 s
	 * or more (runs here held their RSS for 7 to 11 s after the load, then it fell by about 85 MB), so the window is
	 * twice that.
	 */
	settledServerMemory(): Promise<{ rssMb: number; afterSeconds: number }>
	/**
	 * The statements (text and values) the server sent to PostgreSQL while `run` ran, apart from the job system's:
	 * the server runs with a recorder preloaded (sql-recorder.ts) when its section says `recordsStatements`.
	 */
	statementsDuring(run: () => Promise<void>): Promise<RecordedStatement[]>
	/** Stops this server and runs `run` against one of the same build on another database (stopped when `run` ends). */
	on<T>(databaseUrl: string, run: (context: BenchContext) => Promise<T>): Promise<T>
}

export type SectionResult = { lines: string[]; missed: string[] }

export type BenchSection = {
	name: string
	/** Data the section needs, written before the server starts. */
	prepare?(sql: Sql): Promise<void>
	/**
	 * The section reads `statementsDuring`: its server is started with the statement recorder preloaded. Other sections'
	 * servers run as `npm start` runs them (the recorder, a TypeScript module, brings Node's type stripper into the
	 * server's memory: about 15 MB).
	 */
	recordsStatements?: boolean
	run(context: BenchContext): Promise<SectionResult>
}

export const CONNECTIONS = 8
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PORT = Number(process.env.BENCH_PORT ?? 4392)
// Production on PostgreSQL requires one (ADR 015); any will do for a measurement.
const SESSION_SECRET = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex')

export async function runBench(sections: BenchSection[]) {
	const databaseUrl = process.env.DATABASE_URL ?? ''
	if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
		console.error('npm run bench measures PostgreSQL: set DATABASE_URL=postgres://… to a database filled by `npm run seed:scale`.')
		process.exit(2)
	}
	const wanted = (process.env.BENCH_SECTIONS ?? '').split(',').filter(Boolean)
	const chosen = wanted.length ? sections.filter((section) => wanted.includes(section.name)) : sections
	const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
	const sql: Sql = async (query, params = []) => (await pool.query(query, params)).rows
	const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-'))
	const missed: string[] = []
	try {
		// The sections' data is written against the schema this build expects: migrate first, as the server would at start.
		await migrateBenchDatabase(databaseUrl)
		for (const section of chosen) await section.prepare?.(sql)
		buildIfNeeded()
		console.log(`\nSpencer bench: production build on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per page\n`)
		// A fresh server per section: one section's load (and the memory it leaves behind) does not weigh on the next.
		for (const section of chosen) {
			const result = await withServer(databaseUrl, sql, outbox, Boolean(section.recordsStatements), section.run)
			console.log(result.lines.join('\n'))
			console.log('')
			missed.push(...result.missed)
		}
		console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(1)).join(' / ')} (1 / 5 / 15 min)`)
		if (missed.length) {
			console.log(`Missed: ${missed.join('; ')}`)
			process.exitCode = 1
		} else {
			console.log('Every target met.')
		}
	} finally {
		await pool.end()
		rmSync(outbox, { recursive: true, force: true })
	}
}

async function migrateBenchDatabase(url: string) {
	const { readEnv, setEnv } = await import('#app/services/env.server.ts')
	const { migrate, openDatabase } = await import('#app/services/database.server.ts')
	setEnv(readEnv({ ...process.env, DATABASE_URL: url }))
	const db = await openDatabase({ engine: 'postgresql', url })
	try {
		await migrate(db.orm)
	} finally {
		await db.close()
	}
}

/** The production server on `databaseUrl` for as long as `run` runs, with the context that measures it. */
async function withServer<T>(databaseUrl: string, sql: Sql, outbox: string, recorded: boolean, run: (context: BenchContext) => Promise<T>): Promise<T> {
	const statementLog = path.join(outbox, `statements-${randomBytes(4).toString('hex')}.jsonl`)
	// As `npm start` runs it (package.json, ADR 056), with the statement recorder when the section reads statements.
	const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(recorded ? ['--import', RECORDER] : []), 'server.js'], {
		env: {
			...process.env,
			DATABASE_URL: databaseUrl,
			PORT: String(PORT),
			NODE_ENV: 'production',
			QUERY_STATS: '1',
			MAIL_OUTBOX_DIR: outbox,
			SESSION_SECRET,
			APP_URL: `http://localhost:${PORT}`,
			BENCH_STATEMENT_LOG: statementLog,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	})
	try {
		const base = `http://127.0.0.1:${PORT}`
		await waitFor(`${base}/healthz`)
		const pid = server.pid!
		const context: BenchContext = {
			base,
			sql,
			signIn: (email) => signIn(base, email),
			load: (pathname, cookie) => load(`${base}${pathname}`, pid, cookie),
			queriesFor: async (pathname, cookie) => {
				const response = await fetch(`${base}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} })
				await response.arrayBuffer()
				if (!response.ok) throw new Error(`${pathname} answered ${response.status}`)
				return Number(response.headers.get('X-Query-Count'))
			},
			serverMemory: () => memoryOf(pid),
			settledServerMemory: () => settledMemoryOf(pid),
			statementsDuring: (during) => {
				if (!recorded) throw new Error('statementsDuring: this section does not say recordsStatements')
				return recordedDuring(statementLog, pid, during)
			},
			on: async (otherUrl, otherRun) => {
				// One server at a time on the bench's port: this one waits stopped until the other is done.
				await stop(server)
				return withServer(otherUrl, sql, outbox, recorded, otherRun)
			},
		}
		return await run(context)
	} finally {
		await stop(server)
	}
}

function stop(server: ChildProcess) {
	if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
	const exited = new Promise((resolve) => server.once('exit', resolve))
	server.kill('SIGTERM')
	return exited
}

async function load(url: string, serverPid: number, cookie?: string): Promise<LoadFigures> {
	const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
	// A short warm-up first, so the figures are of a running server, not of its first requests.
	await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
	const latencies: number[] = []
	const before = { server: cpuMsOf([serverPid]), database: cpuMsByPid(postgresPids()), client: process.cpuUsage() }
	const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers })
	instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime))
	const result = await instance
	const client = process.cpuUsage(before.client)
	// Per process: a PostgreSQL backend that ended during the load takes its time with it, and must not count negative.
	let database = 0
	for (const [pid, ms] of cpuMsByPid(postgresPids())) database += ms - (before.database.get(pid) ?? 0)
	const perRequest = (ms: number) => ms / Math.max(1, result.requests.total)
	const cpu: CpuPerRequest = {
		server: perRequest(cpuMsOf([serverPid]) - before.server),
		database: before.database.size > 0 ? perRequest(database) : null,
		client: perRequest((client.user + client.system) / 1000),
	}
	if (result.non2xx || result.errors || result.timeouts) {
		throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`)
	}
	latencies.sort((a, b) => a - b)
	const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0
	return { p50: at(0.5), p95: at(0.95), rps: result.requests.average, requests: result.requests.total, cpu }
}

/** User and system CPU milliseconds each process has used so far (from /proc; gone processes are left out). */
function cpuMsByPid(pids: number[]): Map<number, number> {
	return new Map(pids.map((pid) => [pid, cpuMsOf([pid])] as const).filter(([, ms]) => ms > 0))
}

/** User and system CPU milliseconds the processes have used so far (from /proc; gone processes count 0). */
function cpuMsOf(pids: number[]): number {
	const ticksPerSecond = 100
	let ticks = 0
	for (const pid of pids) {
		try {
			const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
			ticks += Number(fields[11]) + Number(fields[12])
		} catch {
			// ended meanwhile
		}
	}
	return (ticks * 1000) / ticksPerSecond
}

/** PostgreSQL's processes, when the database runs on this machine (none otherwise). */
function postgresPids(): number[] {
	const pids: number[] = []
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry))
		} catch {
			// ended meanwhile
		}
	}
	return pids
}

function memoryOf(pid: number) {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8')
	const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
	return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
}

async function settledMemoryOf(pid: number) {
	const readings: number[] = [memoryOf(pid).rssMb]
	const window = 20
	const steady = () => readings.length >= window && Math.max(...readings.slice(-window)) - Math.min(...readings.slice(-window)) <= 2
	while (!steady() && readings.length <= 60) {
		await new Promise((resolve) => setTimeout(resolve, 1000))
		readings.push(memoryOf(pid).rssMb)
	}
	return { rssMb: readings.at(-1)!, afterSeconds: readings.length - 1 }
}

export function pad(text: string | number, width: number) {
	return String(text).padEnd(width)
}
