/**
 * npm run bench:data-protection — issue 17's line of `npm run bench`: a subject access export of a student with 20
 * rounds × 3 respondents × 25 questions, whole-school exports of a school of 250 students and of one of 1,000, and the
 * offboarding of the larger (dry run, then the deletion), each timed with the server's resident memory before it and
 * at its peak (sampled every 20 ms from /proc). The exports stream: the target is that a 1,000-student school's export
 * grows the server's memory no more than the 250-student school's does (within 16 MB).
 *
 * Makes a fresh database on the server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), starts
 * the production build on it as `npm start` does (Node's flags of ADR 060) with the demo seeded, adds two of seed:scale's
 * schools (250 and 1,000 students, 2 answered rounds each) and the 20-round student, and drops the database at the end. Exits 1 on a missed target.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildIfNeeded } from './build-if-needed.js'
import { createBigStudent } from './bench/big-student.ts'
import { adminQuery } from './bench/databases.ts'
import { signIn, signInWithCode, waitFor } from './bench/http.ts'
import { SERVER_NODE_FLAGS } from './server-flags.js'

const PORT = Number(process.env.BENCH_PORT ?? 4392)
const BASE = `http://127.0.0.1:${PORT}`
const SCHOOL_SIZE = 1000
const GROWTH_TOLERANCE_MB = 16

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
if (!serverUrl.startsWith('postgres')) throw new Error('bench:data-protection runs on PostgreSQL: set DATABASE_URL=postgres://…')
const dbName = `spencer_bench_dp_${randomBytes(5).toString('hex')}`
const dbUrl = new URL(serverUrl)
dbUrl.pathname = `/${dbName}`
const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-'))

buildIfNeeded()
await adminQuery(serverUrl, `create database ${dbName}`)
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server.js'], {
	env: {
		...process.env,
		PORT: String(PORT),
		DATABASE_URL: dbUrl.toString(),
		SEED_DEMO: '1',
		NODE_ENV: 'production',
		SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
		APP_URL: `http://localhost:${PORT}`,
		MAIL_OUTBOX_DIR: outbox,
		AUTH_POSTS_PER_MINUTE: '1000',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
})
const db = new pg.Client({ connectionString: dbUrl.toString() })

type Measured = { name: string; seconds: number; beforeMb: number; peakMb: number; detail: string }

try {
	await waitFor(`${BASE}/healthz`)
	await db.connect()
	// seed:scale's schools: scale-01 of a quarter of the size, then scale-02 of the full size (an existing school is kept).
	for (const [schools, students] of [
		[1, SCHOOL_SIZE / 4],
		[2, SCHOOL_SIZE],
	]) {
		const seeded = spawnSync(process.execPath, ['scripts/seed-scale.ts', String(schools)], {
			env: { ...process.env, DATABASE_URL: dbUrl.toString(), SCALE_STUDENTS: String(students) },
			stdio: ['ignore', 'ignore', 'inherit'],
		})
		if (seeded.status !== 0) throw new Error('seed:scale failed')
	}
	const { big } = await createBigStudent(dbUrl.toString(), 20, ['senco@oakfield.test', 'teacher@oakfield.test', 'ta@oakfield.test'])
	const office = await signIn(BASE, 'office@oakfield.test')
	const platform = await signInWithCode(BASE, outbox, 'admin@spencer.test')
	const schoolOf = async (subdomain: string) => (await db.query<{ id: string; n: number }>('select s.id, (select count(*)::int from student where school_id = s.id) as n from school s where subdomain = $1', [subdomain])).rows[0]!
	const small = await schoolOf('scale-01')
	const large = await schoolOf('scale-02')
	if (large.n !== SCHOOL_SIZE) throw new Error(`scale-02 has ${large.n} students`)

	const results: Measured[] = []
	const studentExport = await measure('subject access export, 20 rounds × 3 respondents × 25 questions', async () => {
		const response = await post(`/school-admin/students/list/${big}`, office, { intent: 'export' })
		return exportDone(response.headers.get('Location')?.split('/').at(-1) ?? '')
	})
	results.push(studentExport.measured, await download(`/school-admin/exports/${studentExport.id}/download`, office))
	const growth: Record<'small' | 'large', number> = { small: 0, large: 0 }
	for (const [key, school, label] of [
		['small', small, `whole-school export, ${small.n} students`],
		['large', large, `whole-school export, ${large.n.toLocaleString('en-GB')} students`],
	] as const) {
		const done = await measure(label, async () => {
			await post(`/spencer-admin/schools/${school.id}/offboard`, platform, { intent: 'export' })
			const [row] = (await db.query<{ id: string }>("select id from data_export where school_id = $1 and kind = 'school' order by created_at desc limit 1", [school.id])).rows
			return exportDone(row?.id ?? '')
		})
		growth[key] = done.measured.peakMb - done.measured.beforeMb
		results.push(done.measured, await download(`/spencer-admin/schools/${school.id}/exports/${done.id}/download`, platform))
	}
	await post(`/spencer-admin/schools/${large.id}`, platform, { intent: 'archive' })
	results.push(
		(
			await measure(`offboarding dry run, ${large.n.toLocaleString('en-GB')} students`, async () => {
				const response = await fetch(`${BASE}/spencer-admin/schools/${large.id}/offboard`, { headers: { Cookie: platform } })
				await response.arrayBuffer()
				if (!response.ok) throw new Error(`the dry run answered ${response.status}`)
				return { id: '', detail: 'every table counted in one query' }
			})
		).measured,
		(
			await measure(`offboarding, ${large.n.toLocaleString('en-GB')} students`, async () => {
				const response = await post(`/spencer-admin/schools/${large.id}/offboard`, platform, { intent: 'offboard', confirmation: 'scale-02' })
				if (response.status !== 302) throw new Error(`the offboarding answered ${response.status}`)
				const left = (await db.query<{ n: number }>('select count(*)::int as n from student where school_id = $1', [large.id])).rows[0]!.n
				if (left !== 0) throw new Error(`${left} students left`)
				return { id: '', detail: 'one transaction, no student left' }
			})
		).measured,
	)

	console.log('\nData protection (issue 17) on PostgreSQL, production build with the flags of npm start\n')
	console.log(`${'what'.padEnd(66)}${'time'.padEnd(10)}${'server RSS before → peak'.padEnd(28)}detail`)
	for (const row of results) {
		const memory = `${Math.round(row.beforeMb)} → ${Math.round(row.peakMb)} MB (+${Math.round(row.peakMb - row.beforeMb)})`
		console.log(`${row.name.padEnd(66)}${`${row.seconds.toFixed(2)} s`.padEnd(10)}${memory.padEnd(28)}${row.detail}`)
	}
	const flat = growth.large - growth.small <= GROWTH_TOLERANCE_MB
	console.log(
		`\nMemory with the school's size: a ${large.n.toLocaleString('en-GB')}-student export grew the server by ${Math.round(growth.large)} MB, a ${small.n}-student one by ${Math.round(growth.small)} MB ` +
			`(target: within ${GROWTH_TOLERANCE_MB} MB: ${flat ? 'ok' : 'MISSED'})`,
	)
	if (!flat) process.exitCode = 1
} finally {
	await db.end().catch(() => {})
	server.kill('SIGTERM')
	await new Promise((resolve) => server.once('exit', resolve))
	await adminQuery(serverUrl, `drop database if exists ${dbName} with (force)`)
	rmSync(outbox, { recursive: true, force: true })
}

/** Runs `run` while sampling the server's resident memory every 20 ms. */
async function measure(name: string, run: () => Promise<{ id: string; detail: string }>): Promise<{ id: string; measured: Measured }> {
	const beforeMb = rssMb()
	let peakMb = beforeMb
	const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb())), 20)
	const started = performance.now()
	try {
		const { id, detail } = await run()
		return { id, measured: { name, seconds: (performance.now() - started) / 1000, beforeMb, peakMb: Math.max(peakMb, rssMb()), detail } }
	} finally {
		clearInterval(sampler)
	}
}

/** Waits for an export's job to finish: its id, and its file's size. */
async function exportDone(id: string): Promise<{ id: string; detail: string }> {
	if (!id) throw new Error('no export was made')
	for (;;) {
		const [row] = (await db.query<{ status: string; byte_size: number; total: number }>('select status, byte_size, total from data_export where id = $1', [id])).rows
		if (row?.status === 'ready') return { id, detail: `ZIP of ${Math.round(row.byte_size / 1024).toLocaleString('en-GB')} KB, ${row.total} student(s)` }
		if (!row || row.status === 'failed') throw new Error(`export ${id} ${row ? 'failed' : 'is gone'}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

/** Downloads a ready export, reading the stream to its end. */
async function download(pathname: string, cookie: string): Promise<Measured> {
	const result = await measure('  its download (streamed from the database)', async () => {
		const response = await fetch(`${BASE}${pathname}`, { headers: { Cookie: cookie } })
		const bytes = (await response.arrayBuffer()).byteLength
		if (!response.ok) throw new Error(`${pathname} answered ${response.status}`)
		return { id: '', detail: `${Math.round(bytes / 1024).toLocaleString('en-GB')} KB` }
	})
	return result.measured
}

function post(pathname: string, cookie: string, form: Record<string, string>) {
	return fetch(`${BASE}${pathname}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Cookie: cookie },
		body: new URLSearchParams(form),
	})
}

function rssMb() {
	const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
	return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024
}
