import { TestClock } from 'pg-boss'
import { beforeAll, describe, expect, test } from 'vitest'
import {
	Answer,
	Domain,
	Feedback,
	Group,
	Profile,
	Question,
	Questionnaire,
	Recommendation,
	RetentionHold,
	Round,
	StudentProfessional,
	StudentRecommendation,
	Theme,
	type School,
	type Student,
} from '#app/models/index.ts'
import { forkEm } from '#app/services/database.server.ts'
import { QUEUES, type JobSystem } from '#app/services/job-queue.server.ts'
import { RETENTION_CRON, RETENTION_TIME_ZONE, startJobs } from '#app/services/jobs.server.ts'
import { countQueries } from '#app/services/query-stats.server.ts'
import { purgeDueStudents } from '#app/services/retention.server.ts'
import { twoInstancesForThisFile } from './database.ts'
import { createMember, createSchool, createStudent } from './factories.ts'

/**
 * The retention purge (issue 17, item 2; ADR 070) on both engines: the nightly job purges exactly the students whose
 * retention period has ended (counted from archiving, in the school's own years) and whom no running hold keeps, as an
 * erasure does — every row about them — leaving a `retention` tombstone and a `student.purge` audit line each. A second
 * run changes nothing; two instances running it at once purge each student once; it runs through the job queue, once a
 * night at 01:40 UK time however many instances schedule it. One statement per table, whatever the batch's size.
 */
const instances = twoInstancesForThisFile()

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => instances.db.em().execute<T[]>(query, params)

/** Row counts of every table of the public schema. */
async function tableCounts(): Promise<Record<string, number>> {
	const tables = (
		await sql<{ table_name: string }>(
			"select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'mikro_orm%' order by table_name",
		)
	).map((row) => row.table_name)
	const rows = await sql<{ t: string; n: number }>(tables.map((table) => `select '${table}' as t, count(*)::int as n from "${table}"`).join(' union all '))
	return Object.fromEntries(rows.map((row) => [row.t, row.n]))
}

/** Rows about these students in every table with a student_id column (the tombstones aside), the students, and their answers. */
async function rowsAbout(ids: string[]): Promise<Record<string, number>> {
	const list = ids.map((id) => `'${id}'`).join(', ')
	const tables = (
		await sql<{ table_name: string }>(
			"select table_name from information_schema.columns where table_schema = 'public' and column_name = 'student_id' and table_name <> 'student_tombstone' order by table_name",
		)
	).map((row) => row.table_name)
	const rows = await sql<{ t: string; n: number }>(
		[
			...tables.map((table) => `select '${table}' as t, count(*)::int as n from "${table}" where student_id in (${list})`),
			`select 'student' as t, count(*)::int as n from student where id in (${list})`,
			`select 'answer' as t, count(*)::int as n from answer a join feedback f on f.id = a.feedback_id join round r on r.id = f.round_id join profile p on p.id = r.profile_id where p.student_id in (${list})`,
		].join(' union all '),
	)
	return Object.fromEntries(rows.map((row) => [row.t, row.n]))
}

let questionnaire: { questionnaire: Questionnaire; question: Question; recommendation: Recommendation }

/** A questionnaire of one question, and a recommendation, for the leavers' profiles and plans. */
async function content() {
	const em = instances.db.em()
	const theme = em.create(Theme, { name: `Retention theme ${Date.now()}` })
	const q = em.create(Questionnaire, { title: `Retention questionnaire ${Date.now()}`, status: 'published' })
	const domain = em.create(Domain, { questionnaire: q, position: 0, name: 'Belonging' })
	const question = em.create(Question, { domain, position: 0, text: 'Joins in', theme })
	const recommendation = em.create(Recommendation, { title: `Retention rec ${Date.now()}`, description: 'Plan', theme, severity: 'medium' })
	await em.flush()
	return { questionnaire: q, question, recommendation }
}

/**
 * A student with everything a student has — a profile with a round, answered feedback and a respondent, a plan entry,
 * a group, a key professional — archived at `archivedAt` (or on the roll, with `null`), with an optional hold.
 */
async function student(school: School, archivedAt: string | null, hold?: { until: string | null; school?: School }): Promise<Student> {
	const em = instances.db.em()
	const created = await createStudent(em, school)
	const member = await createMember(em, school)
	const profile = em.create(Profile, { school, student: created, questionnaire: questionnaire.questionnaire, kind: 'one-time', startDate: '2020-01-06' })
	profile.respondents.add(member)
	const round = em.create(Round, { profile, index: 0, opensOn: '2020-01-06' })
	const feedback = em.create(Feedback, { round, respondent: member, status: 'complete', submittedAt: new Date('2020-01-10T10:00:00Z') })
	em.create(Answer, { feedback, question: questionnaire.question, value: 2 })
	em.create(StudentRecommendation, { student: created, recommendation: questionnaire.recommendation, sourceProfile: profile })
	em.create(StudentProfessional, { student: created, membership: member, isKey: true })
	const group = em.create(Group, { school, name: `Group ${created.id}` })
	group.students.add(created)
	if (hold) em.create(RetentionHold, { school: hold.school ?? school, student: created, reason: 'Safeguarding hold', until: hold.until })
	await em.flush()
	if (archivedAt) await sql('update student set archived = true, archived_at = ? where id = ?', [new Date(archivedAt), created.id])
	return created
}

const TODAY = '2027-07-01'

describe('the purge on its day', () => {
	let due: Student[]
	let kept: Student[]
	let before: Record<string, number>
	let purged: number

	beforeAll(async () => {
		questionnaire = await content()
		const em = instances.db.em()
		const sixYears = await createSchool(em)
		const twoYears = await createSchool(em)
		await sql('update school set retention_years = 2 where id = ?', [twoYears.id])
		due = [
			await student(sixYears, '2021-06-01T09:00:00Z'),
			// Due on the day itself: archived on 1 July 2021, UK time.
			await student(sixYears, '2021-07-01T09:00:00Z'),
			// A hold that ended yesterday keeps nothing.
			await student(sixYears, '2019-09-01T09:00:00Z', { until: '2027-06-30' }),
			// A hold of another school (the one the student came from) is not this school's.
			await student(sixYears, '2020-07-20T09:00:00Z', { until: null, school: twoYears }),
			// Another school, its own period: two years.
			await student(twoYears, '2025-06-30T09:00:00Z'),
		]
		kept = [
			// Archived at 00:30 on 2 July 2021 in London (23:30 on the 1st in UTC): due tomorrow, not today.
			await student(sixYears, '2021-07-01T23:30:00Z'),
			await student(sixYears, '2021-07-02T09:00:00Z'),
			// Holds that still run: until lifted, and until today (inclusive).
			await student(sixYears, '2015-01-01T09:00:00Z', { until: null }),
			await student(sixYears, '2020-09-01T09:00:00Z', { until: TODAY }),
			// On the roll, however old their records.
			await student(sixYears, null),
			// Left two years ago less two days: the two-year school keeps them a little longer.
			await student(twoYears, '2025-07-03T09:00:00Z'),
		]
		await sql("update student set created_at = '2012-09-01' where school_id in (?, ?)", [sixYears.id, twoYears.id])
	})

	test('the fixture holds every kind of row about the students to purge', async () => {
		const about = await rowsAbout(due.map((s) => s.id))
		for (const table of ['student', 'profile', 'answer', 'student_recommendation', 'group_student', 'student_professional', 'retention_hold']) {
			expect(about[table], table).toBeGreaterThan(0)
		}
		before = await tableCounts()
	})

	test('purges exactly the students past their date whom no running hold keeps, in batches', async () => {
		purged = await purgeDueStudents(instances.db.em(), { today: TODAY, batchSize: 2 })
		expect(purged).toBe(due.length)
		expect(Object.values(await rowsAbout(due.map((s) => s.id))).every((n) => n === 0), JSON.stringify(await rowsAbout(due.map((s) => s.id)))).toBe(true)
		const left = await sql<{ id: string }>('select id from student where id in (?, ?, ?, ?, ?, ?)', kept.map((s) => s.id))
		expect(left.map((row) => row.id).toSorted()).toEqual(kept.map((s) => s.id).toSorted())
	})

	test('nothing else went: the kept students keep every row', async () => {
		const about = await rowsAbout(due.map((s) => s.id))
		const after = await tableCounts()
		const removed = Object.fromEntries(Object.keys(before).map((table) => [table, before[table]! - after[table]!]))
		// What went is what was about the purged students; what came is one tombstone and one audit line each.
		expect(removed.student).toBe(due.length)
		expect(removed.student_tombstone).toBe(-due.length)
		expect(removed.audit_event).toBe(-due.length)
		expect(removed.retention_hold).toBe(2)
		expect(about.student).toBe(0)
		const keptRows = await rowsAbout(kept.map((s) => s.id))
		expect(keptRows).toMatchObject({ student: kept.length, profile: kept.length, answer: kept.length, student_recommendation: kept.length, group_student: kept.length })
	})

	test('each leaves a retention tombstone that names nobody and a student.purge audit line by no one', async () => {
		const tombstones = await sql<Record<string, unknown>>(
			`select student_id, school_id, kind, year_group, had_sen_status, reason from student_tombstone where student_id in (${due.map(() => '?').join(', ')}) order by student_id`,
			due.map((s) => s.id),
		)
		expect(tombstones).toEqual(
			due
				.map((s) => ({ student_id: s.id, school_id: s.school.id, kind: 'retention', year_group: 'Year 4', had_sen_status: false, reason: null }))
				.toSorted((a, b) => a.student_id.localeCompare(b.student_id)),
		)
		const lines = await sql<Record<string, unknown>>(
			`select entity_id, school_id, actor_id, impersonated_user_id, entity_type from audit_event where action = 'student.purge' order by entity_id`,
		)
		expect(lines).toEqual(
			due
				.map((s) => ({ entity_id: s.id, school_id: s.school.id, actor_id: null, impersonated_user_id: null, entity_type: 'Student' }))
				.toSorted((a, b) => a.entity_id.localeCompare(b.entity_id)),
		)
	})

	test('running it again changes nothing', async () => {
		const once = await tableCounts()
		expect(await purgeDueStudents(instances.db.em(), { today: TODAY })).toBe(0)
		expect(await tableCounts()).toEqual(once)
	})

	test('the next day, the two due tomorrow go, and the one whose hold ended today; the hold until lifted still keeps theirs', async () => {
		expect(await purgeDueStudents(instances.db.em(), { today: '2027-07-02' })).toBe(3)
		const left = await sql<{ id: string }>(`select id from student where id in (${kept.map(() => '?').join(', ')})`, kept.map((s) => s.id))
		expect(left.map((row) => row.id).toSorted()).toEqual([kept[2]!, kept[4]!, kept[5]!].map((s) => s.id).toSorted())
	})
})

describe('set-based, once', () => {
	test('one purge costs the same number of statements for one student as for eight', async () => {
		const school = await createSchool(instances.db.em())
		await student(school, '2001-01-01T09:00:00Z')
		const one = await countQueries(() => purgeDueStudents(instances.db.em()))
		for (let i = 0; i < 8; i++) await student(school, '2001-01-01T09:00:00Z')
		const eight = await countQueries(() => purgeDueStudents(instances.db.em()))
		expect([one.result, eight.result]).toEqual([1, 8])
		expect(one.count).toBeGreaterThan(10)
		expect(eight.count).toBe(one.count)
	})

	test('two instances running the purge at the same moment purge each student once', async () => {
		const school = await createSchool(instances.db.em())
		const leavers = []
		for (let i = 0; i < 6; i++) leavers.push(await student(school, '2001-01-01T09:00:00Z'))
		const counts = await Promise.all([purgeDueStudents(instances.db.em(), { batchSize: 2 }), purgeDueStudents(forkEm(instances.second.orm), { batchSize: 2 })])
		expect(counts[0] + counts[1]).toBe(6)
		const [row] = await sql<{ n: number; students: number }>(
			`select count(*)::int as n, count(distinct student_id)::int as students from student_tombstone where student_id in (${leavers.map(() => '?').join(', ')})`,
			leavers.map((s) => s.id),
		)
		expect(row).toEqual({ n: 6, students: 6 })
	})
})

describe('through the job queue', () => {
	test('a retention job purges what is due today', async () => {
		const school = await createSchool(instances.db.em())
		const leaver = await student(school, '2001-01-01T09:00:00Z')
		const onRoll = await student(school, null)
		const system = await startJobs(instances.db, { schedule: false, import: {} })
		try {
			await system.boss.send(QUEUES.retention, {})
			await expect
				.poll(async () => (await sql<{ n: number }>("select count(*)::int as n from pgboss.job where name = ? and state = 'completed'", [QUEUES.retention]))[0]!.n, {
					timeout: 30_000,
					interval: 50,
				})
				.toBe(1)
		} finally {
			await system.stop()
		}
		expect((await sql<{ id: string }>('select id from student where id in (?, ?)', [leaver.id, onRoll.id])).map((row) => row.id)).toEqual([onRoll.id])
		expect(await sql("select kind from student_tombstone where student_id = ?", [leaver.id])).toEqual([{ kind: 'retention' }])
	})

	test('scheduled at 01:40 UK time, it runs once a night while two instances both schedule it', { timeout: 120_000 }, async () => {
		// 01:38:30 in London (GMT in November), ahead of any real clock (pg-boss remembers its last cron pass); time moves
		// only when the test says.
		const started = Date.parse('2036-11-26T01:38:30Z')
		const clock = new TestClock(started)
		const systems: JobSystem[] = []
		for (const database of [instances.db, instances.second]) systems.push(await startJobs(database, { schedule: true, import: {}, clock }))
		try {
			const [schedule] = await systems[0]!.boss.getSchedules(QUEUES.retention)
			expect([schedule?.cron, schedule?.timezone]).toEqual([RETENTION_CRON, RETENTION_TIME_ZONE])
			await clock.tick(5 * 60_000)
		} finally {
			await Promise.all(systems.map((system) => system.stop()))
		}
		const jobs = await sql<{ state: string; at: string }>(
			"select state, to_char(created_on at time zone 'UTC', 'HH24:MI') as at from pgboss.job where name = ? and created_on > ? and created_on < ? order by created_on",
			[QUEUES.retention, new Date(started), new Date(started + 10 * 60_000)],
		)
		expect(jobs.map((job) => `${job.at} ${job.state}`)).toEqual(['01:40 completed'])
	})
})
