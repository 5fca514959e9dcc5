import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { TestClock } from 'pg-boss'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { Profile, Questionnaire, User } from '#app/models/index.ts'
import { forkEm, openDatabase, type Database } from '#app/services/database.server.ts'
import { getEnv } from '#app/services/env.server.ts'
import { enqueue, QUEUES, type JobSystem } from '#app/services/job-queue.server.ts'
import { HOUSEKEEPING_CRON, ROUNDS_DUE_CRON, startJobs } from '#app/services/jobs.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { ensureRoundsDue } from '#app/services/profiles.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createMember, createSchool, createStudent } from './factories.ts'

/**
 * The job system (ADR 019) on both engines: two app instances on one
 * database share every queue and run each job once; the due rounds are a
 * scheduled job, created once however many instances run it at the same time.
 */
let db: TestDatabase
let second: Database

beforeAll(async () => {
	db = await createTestDatabase()
	// A second app instance: on PostgreSQL its own pool; PGlite serves one process, so the same database.
	second = db.engine === 'postgresql' ? await openDatabase(db.target) : db
})
afterAll(async () => {
	if (second !== db) await second.close()
	await db?.close()
})

/** Two instances' job systems, started at the same moment (each sends its start-up jobs). */
async function twoInstances(): Promise<JobSystem[]> {
	return Promise.all([startJobs(db, { schedule: true, import: {} }), startJobs(second, { schedule: true, import: {} })])
}

async function settled() {
	await expect
		.poll(async () => (await db.em().execute<{ n: number }[]>("select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')"))[0]?.n, {
			timeout: 30_000,
			interval: 25,
		})
		.toBe(0)
}

const outbox = () => {
	const dir = getEnv().MAIL_OUTBOX_DIR
	return readdirSync(dir)
		.filter((file) => file.endsWith('.eml'))
		.map((file) => /^To: (.*)$/m.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1]?.trim() ?? '')
}

test('a job runs once across two instances: 30 reset mails, each sent once, by either instance', async () => {
	const em = db.em()
	const users = Array.from({ length: 30 }, (_, i) => em.create(User, { email: `once-${i}@jobs.test`, firstName: 'Once', lastName: String(i) }))
	await em.flush()
	const systems = await twoInstances()
	try {
		// Queued through both instances, half each.
		await Promise.all(
			users.map((user, i) => enqueue(forkEm(i % 2 ? second.orm : db.orm), QUEUES.resetMail, { email: user.email, linkBase: 'http://spencer.test/auth/new-password' })),
		)
		await settled()
	} finally {
		await Promise.all(systems.map((system) => system.stop()))
	}
	const sent = outbox().filter((to) => to.includes('@jobs.test'))
	expect(sent.toSorted()).toEqual(users.map((user) => user.email).toSorted())
	const [jobs] = await db.em().execute<{ completed: number; other: number }[]>(
		"select count(*) filter (where state = 'completed')::int as completed, count(*) filter (where state <> 'completed')::int as other from pgboss.job where name = ?",
		[QUEUES.resetMail],
	)
	expect(jobs).toEqual({ completed: 30, other: 0 })
})

test('the due rounds are a scheduled job: two instances starting at once create each round and its feedback once', async () => {
	const em = db.em()
	const school = await createSchool(em)
	const [student, one, two] = [await createStudent(em, school), await createMember(em, school, 'needManager'), await createMember(em, school)]
	const questionnaire = em.create(Questionnaire, { title: 'Jobs questionnaire', status: 'published' })
	const tenWeeksAgo = new Date(`${todayInUk()}T12:00:00Z`)
	tenWeeksAgo.setUTCDate(tenWeeksAgo.getUTCDate() - 70)
	const profile = em.create(Profile, {
		school,
		student,
		questionnaire,
		kind: 'recurring',
		intervalWeeks: 1,
		startDate: tenWeeksAgo.toISOString().slice(0, 10),
		respondents: [one, two],
	})
	await em.flush()
	const counts = async () =>
		(
			await db.em().execute<{ rounds: number; feedback: number; indices: number }[]>(
				`select count(*)::int as rounds, count(distinct r.index)::int as indices,
					(select count(*)::int from feedback f join round x on x.id = f.round_id where x.profile_id = ?) as feedback
				from round r where r.profile_id = ?`,
				[profile.id, profile.id],
			)
		)[0]
	expect(await counts()).toEqual({ rounds: 0, feedback: 0, indices: 0 })

	// Both instances send the start-up run, and both work the queue.
	const systems = await twoInstances()
	try {
		await settled()
		// Rounds 0 to 10 (today is week 10), each with one feedback per respondent.
		expect(await counts()).toEqual({ rounds: 11, feedback: 22, indices: 11 })
		const [schedule] = await systems[0]!.boss.getSchedules(QUEUES.roundsDue)
		expect(schedule?.cron).toBe(ROUNDS_DUE_CRON)
	} finally {
		await Promise.all(systems.map((system) => system.stop()))
	}

	// The job's statement itself, run by two instances at the same moment after a profile fell behind: still once.
	await db.em().execute('delete from round where profile_id = ? and index >= 5', [profile.id])
	await Promise.all([ensureRoundsDue(db.em(), null), ensureRoundsDue(forkEm(second.orm), null), ensureRoundsDue(db.em(), school.id)])
	expect(await counts()).toEqual({ rounds: 11, feedback: 22, indices: 11 })
})

test('pg-boss keeps to its own schema: the migrations still see exactly the schema the entities describe', async () => {
	const system = await startJobs(db, { schedule: false, import: {} })
	await system.stop()
	const [installed] = await db.em().execute<{ n: number }[]>("select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'")
	expect(installed!.n).toBeGreaterThan(0)
	expect((await db.orm.schema.getUpdateSchemaSQL({ wrap: false })).trim()).toBe('')
	expect(await db.orm.migrator.getPending()).toEqual([])
})

test('housekeeping is scheduled hourly and deletes spent rate-limit counters, keeping those of a running window', async () => {
	const em = db.em()
	await em.execute(
		`insert into rate_limit (key, window_start, count) values ('spent:a', now() - interval '3 hours', 4), ('running:b', now() - interval '5 minutes', 2)`,
	)
	const system = await startJobs(db, { schedule: true, import: {} })
	try {
		expect((await system.boss.getSchedules()).map((schedule) => [schedule.name, schedule.cron])).toContainEqual([QUEUES.housekeeping, HOUSEKEEPING_CRON])
		await system.boss.send(QUEUES.housekeeping, {})
		await settled()
	} finally {
		await system.stop()
	}
	const keys = (await em.execute<{ key: string }[]>("select key from rate_limit where key in ('spent:a', 'running:b')")).map((row) => row.key)
	expect(keys).toEqual(['running:b'])
})

test('scheduled jobs run once per period while two instances both schedule: the due rounds every five minutes, housekeeping at :17', { timeout: 120_000 }, async () => {
	// Time for both instances' job systems moves only when the test says (pg-boss's TestClock, shared by both).
	// A day ahead of any real clock: pg-boss remembers its last cron pass, and the earlier tests' passes ran at the real time.
	const started = Date.parse('2036-11-25T09:58:30Z')
	const clock = new TestClock(started)
	const systems: JobSystem[] = []
	for (const database of [db, second]) systems.push(await startJobs(database, { schedule: true, import: {}, clock }))
	try {
		// 20 minutes with every timer of both instances firing when due: cron checks, forwarding, polling.
		await clock.tick(20 * 60_000)
	} finally {
		await Promise.all(systems.map((system) => system.stop()))
	}
	const jobs = await db.em().execute<{ name: string; state: string; at: string }[]>(
		// Within the 20 minutes the clock moved (the jobs the earlier tests sent carry the real time).
		"select name, state, to_char(created_on at time zone 'UTC', 'HH24:MI') as at from pgboss.job where name in (?, ?) and created_on > ? and created_on <= ? order by created_on",
		[QUEUES.roundsDue, QUEUES.housekeeping, new Date(started), new Date(started + 20 * 60_000)],
	)
	// Each period's job made once, by whichever instance got there, and run once (the start-up runs are left out).
	expect(jobs.map((job) => `${job.name} ${job.at} ${job.state}`)).toEqual([
		'rounds-due 10:00 completed',
		'rounds-due 10:05 completed',
		'rounds-due 10:10 completed',
		'rounds-due 10:15 completed',
		'housekeeping 10:17 completed',
	])
})
