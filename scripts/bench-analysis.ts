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
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { withCheckLetter } from '#app/lib/upn.ts'
import { buildIfNeeded } from './build-if-needed.js'
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
await admin(`create database ${dbName}`)
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
		MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-')),
		AUTH_POSTS_PER_MINUTE: '1000',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
})

try {
	await waitFor(`${BASE}/healthz`)
	const { big, demo } = await createBenchStudent()
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
	await admin(`drop database if exists ${dbName} with (force)`)
}

/** One student of Oakfield with the demo questionnaire answered in every round by all three respondents. */
async function createBenchStudent(): Promise<{ big: string; demo: string }> {
	const client = new pg.Client({ connectionString: dbUrl.toString() })
	await client.connect()
	try {
		const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T
		const school = await one<{ id: string }>("select id from school where subdomain = 'oakfield'")
		const questionnaire = await one<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1")
		const { rows: members } = await client.query(
			'select m.id from school_membership m join users u on u.id = m.user_id where u.email = any($1) and m.school_id = $2',
			[RESPONDENTS, school.id],
		)
		const { rows: questions } = await client.query(
			'select q.id from question q join domain d on d.id = q.domain_id where d.questionnaire_id = $1 order by d.position, q.position',
			[questionnaire.id],
		)
		if (questions.length !== 25 || members.length !== 3) throw new Error('the demo seed is not what the benchmark expects')
		const student = randomUUID()
		const profile = randomUUID()
		await client.query('begin')
		await client.query(
			`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
			values ($1, now(), now(), $2, $3, 'Bench', 'Mark', '2016-05-01', 'Male', 'Year 4', 'none', false)`,
			[student, school.id, withCheckLetter('777240000001')],
		)
		await client.query(
			`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
			values ($1, now(), now(), $2, $3, $4, 'recurring', 2, current_date - 280, 'active')`,
			[profile, school.id, student, questionnaire.id],
		)
		for (const member of members) await client.query('insert into profile_respondent (profile_id, membership_id) values ($1, $2)', [profile, member.id])
		for (let index = 0; index < ROUNDS; index++) {
			const round = randomUUID()
			await client.query(`insert into round (id, created_at, updated_at, profile_id, index, opens_on) values ($1, now(), now(), $2, $3, current_date - 280 + $3 * 14)`, [
				round,
				profile,
				index,
			])
			for (const [r, member] of members.entries()) {
				const feedback = randomUUID()
				await client.query(
					"insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values ($1, now(), now(), $2, $3, 'complete', now())",
					[feedback, round, member.id],
				)
				const values = questions.map((question, q) => `('${randomUUID()}', now(), now(), '${feedback}', '${question.id}', ${(index * 7 + r * 3 + q) % 5})`)
				await client.query(`insert into answer (id, created_at, updated_at, feedback_id, question_id, value) values ${values.join(', ')}`)
			}
		}
		await client.query('commit')
		const demo = await one<{ id: string }>(
			'select p.student_id as id from profile p where p.school_id = $1 and p.student_id <> $2 order by p.created_at limit 1',
			[school.id, student],
		)
		return { big: student, demo: demo.id }
	} finally {
		await client.end()
	}
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

async function admin(query: string) {
	const client = new pg.Client({ connectionString: serverUrl })
	await client.connect()
	try {
		await client.query(query)
	} finally {
		await client.end()
	}
}
