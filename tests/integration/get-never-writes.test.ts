import { afterAll, beforeAll, expect, test } from 'vitest'
import { todayInUk } from '#app/lib/format.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { createBareStudent, membershipOf, oakfieldId } from './assessment-fixtures.ts'
import { page } from './pages.ts'

/**
 * A GET never writes (ADR 019): loading any assessment page leaves every
 * table as it was, even when rounds have fallen due that nobody has made
 * yet; the scheduled "rounds-due" job makes them, once however often it runs.
 * The app sends no scheduled jobs here (schedule: false), so nothing but the
 * pages runs while the rows are counted.
 */
let app: TestApp
let senco: Browser
let teacher: Browser

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	teacher = new Browser(app)
	await teacher.signIn('teacher@oakfield.test')
	// The start-up run has made the demo's due rounds.
	await app.jobs.settled()
})
afterAll(() => app?.close())

/** Rows of every table of the app's schema, and the job system's jobs. */
async function rowCounts(): Promise<Record<string, number>> {
	const tables = await app.sql<{ table_name: string }>(
		"select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
	)
	const counts: Record<string, number> = {}
	for (const { table_name } of tables) counts[table_name] = (await app.sql<{ n: number }>(`select count(*)::int as n from "${table_name}"`))[0]!.n
	counts['pgboss.job'] = (await app.sql<{ n: number }>('select count(*)::int as n from pgboss.job'))[0]!.n
	return counts
}

async function roundsOf(profileId: string) {
	return (
		await app.sql<{ rounds: number; feedback: number }>(
			`select count(distinct r.id)::int as rounds, count(f.id)::int as feedback from round r left join feedback f on f.round_id = r.id where r.profile_id = ?`,
			[profileId],
		)
	)[0]!
}

test('no assessment page writes a row, though rounds have fallen due; the scheduled job makes them, once', async () => {
	const schoolId = await oakfieldId(app)
	const respondents = [await membershipOf(app, 'senco@oakfield.test'), await membershipOf(app, 'teacher@oakfield.test')]
	const questionnaireId = (await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1"))[0]!.id
	const today = todayInUk()
	// One profile whose only round opens today, one weekly profile three weeks in with none of its four rounds made.
	const profiles: string[] = []
	for (const [kind, interval, startsDaysAgo, name] of [
		['one-time', null, 0, 'Dueday'],
		['recurring', 1, 21, 'Weekly'],
	] as const) {
		const studentId = await createBareStudent(app, name)
		const [profile] = await app.sql<{ id: string }>(
			`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
			values (gen_random_uuid(), now(), now(), ?, ?, ?, ?, ?, ?::date - ?::int, 'active') returning id`,
			[schoolId, studentId, questionnaireId, kind, interval, today, startsDaysAgo],
		)
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?), (?, ?)', [profile!.id, respondents[0], profile!.id, respondents[1]])
		profiles.push(profile!.id)
	}
	const [own] = await app.sql<{ feedback_id: string; domain_id: string }>(
		`select f.id as feedback_id, (select d.id from domain d where d.questionnaire_id = p.questionnaire_id order by d.position limit 1) as domain_id
		from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id
		where f.respondent_id = ? and p.status = 'active' order by r.opens_on desc limit 1`,
		[respondents[0]],
	)
	const before = await rowCounts()

	const sencoPages = ['home', 'home/feedback', 'home/students', 'home/recommendations', 'questionnaires', 'feedback', 'students/manage-students'].map((path) => `/need-manager/${path}`)
	sencoPages.push(`/need-manager/questionnaires/${own!.feedback_id}/domains`, `/need-manager/questionnaires/${own!.feedback_id}/domains/${own!.domain_id}`)
	for (const path of sencoPages) await page(senco, path)
	for (const path of ['home', 'home/feedback', 'home/students', 'questionnaires', 'feedback'].map((path) => `/professional/${path}`)) await page(teacher, path)

	expect(await rowCounts()).toEqual(before)
	expect(await Promise.all(profiles.map(roundsOf))).toEqual([
		{ rounds: 0, feedback: 0 },
		{ rounds: 0, feedback: 0 },
	])
	expect(await page(teacher, '/professional/questionnaires')).not.toContain('Dueday')

	// The job, sent twice at once and once more: one round today, four weekly ones, one feedback per respondent each.
	await Promise.all([app.jobs.send('rounds-due'), app.jobs.send('rounds-due')])
	await app.jobs.settled()
	await app.jobs.send('rounds-due')
	await app.jobs.settled()
	expect(await Promise.all(profiles.map(roundsOf))).toEqual([
		{ rounds: 1, feedback: 2 },
		{ rounds: 4, feedback: 8 },
	])
	const questionnaires = await page(teacher, '/professional/questionnaires?q=Dueday')
	expect(questionnaires).toContain('Dueday Pupil')
})

test('[13.6] an ended impersonation’s answer writes nothing but the renewal of the session (ADR 026)', async () => {
	const admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
	const [oakfield] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
	const [senco] = await app.sql<{ id: string }>("select id from users where email = 'senco@oakfield.test'")
	expect((await admin.post(`/spencer-admin/schools/${oakfield!.id}`, { intent: 'impersonate', userId: senco!.id })).status).toBe(302)
	await app.sql("update impersonation set expires_at = now() - interval '1 second' where ended_at is null")
	const rows = () => app.sql('select id, started_at, expires_at, ended_at from impersonation order by id')
	const sessions = async () => (await app.sql<{ id: string }>('select id from session order by id')).map((row) => row.id)
	const [impersonations, sessionsBefore, counts] = [await rows(), await sessions(), await rowCounts()]

	const answer = await admin.request('/need-manager/home')
	expect(answer.headers.get('Location')).toBe('/impersonation/ended')
	await page(admin, '/impersonation/ended')

	// The impersonation row is left as it was (its expiresAt says it is over), no audit event, nothing else:
	expect(await rows()).toEqual(impersonations)
	expect(await rowCounts()).toEqual(counts)
	// ...but the admin's session, bound to the impersonation, is replaced by a new one (a new session id).
	const sessionsAfter = await sessions()
	expect(sessionsAfter.filter((id) => !sessionsBefore.includes(id))).toHaveLength(1)
	expect(sessionsBefore.filter((id) => !sessionsAfter.includes(id))).toHaveLength(1)
})
