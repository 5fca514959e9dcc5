import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * Erasure on request (issue 17, item 3; ADR 063): Oakfield's school admin erases one demo student, with profiles,
 * answers, a plan, a group, professional links and transfer requests both ways, and a finished import in each of
 * two schools whose file has the UPN. Counted table by table, every row about the student goes and nothing else
 * does; one tombstone and one `student.erase` line are added; the UPN is nowhere in the database any more.
 */

let app: TestApp
let office: Browser
let ids: { oakfield: string; riverside: string; meadowview: string; officeUser: string; group: string }
let student: { id: string; upn: string; first_name: string; last_name: string; year_group: string; sen_status: string }
let profileIds: string[]
let importIds: { oakWithUpn: string; riverWithUpn: string; oakWithout: string }

const one = async <T>(query: string, params: unknown[] = []) => {
	const [row] = await app.sql<T>(query, params)
	if (!row) throw new Error(`no row for: ${query}`)
	return row
}

/** Row counts of every table of the public schema but those a signed-in browser touches by itself (sessions, rate limits). */
async function tableCounts(): Promise<Record<string, number>> {
	const tables = (
		await app.sql<{ table_name: string }>(
			"select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
		)
	)
		.map((row) => row.table_name)
		.filter((table) => !['session', 'rate_limit', 'pending_sign_in'].includes(table))
	const rows = await app.sql<{ t: string; n: number }>(tables.map((table) => `select '${table}' as t, count(*)::int as n from "${table}"`).join(' union all '))
	return Object.fromEntries(rows.map((row) => [row.t, row.n]))
}

/** The rows about the student, table by table: every table with a student_id column, the student, and what hangs from its profiles. */
async function studentRows(): Promise<Record<string, number>> {
	const withStudentId = (
		await app.sql<{ table_name: string }>(
			"select table_name from information_schema.columns where table_schema = 'public' and column_name = 'student_id' and table_name <> 'student_tombstone' order by table_name",
		)
	).map((row) => row.table_name)
	const profiles = profileIds.length ? profileIds.map((id) => `'${id}'`).join(', ') : 'null'
	const queries = [
		...withStudentId.map((table) => `select '${table}' as t, count(*)::int as n from "${table}" where student_id = '${student.id}'`),
		`select 'student' as t, count(*)::int as n from student where id = '${student.id}'`,
		`select 'profile_respondent' as t, count(*)::int as n from profile_respondent where profile_id in (${profiles})`,
		`select 'round' as t, count(*)::int as n from round where profile_id in (${profiles})`,
		`select 'feedback' as t, count(*)::int as n from feedback f join round r on r.id = f.round_id where r.profile_id in (${profiles})`,
		`select 'answer' as t, count(*)::int as n from answer a join feedback f on f.id = a.feedback_id join round r on r.id = f.round_id where r.profile_id in (${profiles})`,
	]
	const rows = await app.sql<{ t: string; n: number }>(queries.join(' union all '))
	return Object.fromEntries(rows.map((row) => [row.t, row.n]))
}

/** Rows of any table of the public schema, or any job, whose text holds the UPN; and import files that hold it. */
async function placesHoldingUpn(): Promise<string[]> {
	const tables = (
		await app.sql<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'")
	).map((row) => row.table_name)
	const upn = student.upn
	const rows = await app.sql<{ t: string; n: number }>(
		[
			...tables.map((table) => `select '${table}' as t, count(*)::int as n from "${table}" x where upper(x::text) like '%${upn}%'`),
			`select 'import_job.upload' as t, count(*)::int as n from import_job where position('${upn}' in upper(encode(upload, 'escape'))) > 0`,
			`select 'pgboss.job' as t, count(*)::int as n from pgboss.job where upper(data::text) like '%${upn}%'`,
		].join(' union all '),
	)
	return rows.filter((row) => row.n > 0).map((row) => row.t)
}

const erasePath = () => `/school-admin/students/list/${student.id}?modal=erase-student`
const eraseForm = (overrides: Record<string, string> = {}) => ({ intent: 'erase', reason: 'Parent’s request under UK GDPR, received 12/11', confirmation: student.upn, ...overrides })

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	const school = async (subdomain: string) => (await one<{ id: string }>('select id from school where subdomain = ?', [subdomain])).id
	const [oakfield, riverside, meadowview] = await Promise.all([school('oakfield'), school('riverside'), school('meadowview')])
	// A student with everything: a profile with answers, a plan entry, a group, a professional, and a name no one else has.
	student = await one(
		`select s.id, s.upn, s.first_name, s.last_name, s.year_group, s.sen_status from student s
		where s.school_id = ?
			and exists (select 1 from student_recommendation r where r.student_id = s.id)
			and exists (select 1 from student_professional p where p.student_id = s.id)
			and exists (select 1 from group_student g where g.student_id = s.id)
			and (select count(*) from student o where o.first_name = s.first_name and o.last_name = s.last_name) = 1
		order by s.upn limit 1`,
		[oakfield],
	)
	profileIds = (await app.sql<{ id: string }>('select id from profile where student_id = ?', [student.id])).map((row) => row.id)
	const group = (await one<{ group_id: string }>('select group_id from group_student where student_id = ? limit 1', [student.id])).group_id
	const officeUser = (await one<{ id: string }>("select id from users where email = 'office@oakfield.test'")).id
	ids = { oakfield, riverside, meadowview, officeUser, group }

	// Transfer requests both ways: the one that brought the student from Riverside, and one pending to Meadow View.
	await app.sql(
		`insert into transfer_request (id, created_at, updated_at, student_id, from_school_id, to_school_id, status, student_first_name, student_last_name, student_upn, student_year_group)
		select gen_random_uuid(), now(), now(), s.id, ?::uuid, ?::uuid, 'approved', s.first_name, s.last_name, s.upn, s.year_group from student s where s.id = ?
		union all
		select gen_random_uuid(), now(), now(), s.id, ?::uuid, ?::uuid, 'created', s.first_name, s.last_name, s.upn, s.year_group from student s where s.id = ?`,
		[riverside, oakfield, student.id, oakfield, meadowview, student.id],
	)
	// Finished imports (no worker picks them up): Oakfield's and Riverside's files have the UPN (one in lower case), another has not.
	const job = async (schoolId: string, csv: string) =>
		(
			await one<{ id: string }>(
				`insert into import_job (id, created_at, updated_at, school_id, kind, file_name, upload, status, finished_at)
				values (gen_random_uuid(), now(), now(), ?, 'students', 'pupils.csv', convert_to(?, 'UTF8'), 'completed', now()) returning id`,
				[schoolId, csv],
			)
		).id
	const header = 'UPN,Legal Forename,Legal Surname,DOB,Year,Gender\n'
	importIds = {
		oakWithUpn: await job(oakfield, `${header}${student.upn},${student.first_name},${student.last_name},01/09/2017,Year 3,F\n`),
		riverWithUpn: await job(riverside, `${header}${student.upn.toLowerCase()},${student.first_name},${student.last_name},01/09/2017,Year 3,F\n`),
		oakWithout: await job(oakfield, `${header}B801200005001,Ann,Other,01/09/2017,Year 3,F\n`),
	}

	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	// Every screen below has been opened once (rounds due are made on access) and the start-up jobs have run.
	await app.jobs.settled()
})
afterAll(() => app?.close())

describe('what the form refuses writes nothing', () => {
	test.each([
		{ why: 'a UPN that does not match', form: () => eraseForm({ confirmation: 'B801200005001' }), message: 'This is not the student’s UPN' },
		{ why: 'no confirmation', form: () => eraseForm({ confirmation: '' }), message: 'Type the student’s UPN to confirm' },
		{ why: 'an empty reason', form: () => eraseForm({ reason: '   ' }), message: 'Give the reason for erasing this student' },
		{ why: 'a reason too long', form: () => eraseForm({ reason: 'x'.repeat(501) }), message: 'Use at most 500 characters' },
	])('$why: 400 with the message beside its field, in the open modal', async ({ form, message }) => {
		const before = await tableCounts()
		const response = await office.post(erasePath(), form())
		expect(response.status).toBe(400)
		const text = textOf(await response.text())
		expect(text).toContain(message)
		expect(text).toContain('Erase this student?')
		expect(await tableCounts()).toEqual(before)
	})

	test('a reason with a NUL byte is refused before the action', async () => {
		const response = await office.post(erasePath(), eraseForm({ reason: 'request\u0000' }))
		expect(response.status).toBe(400)
		expect(await app.sql('select id from student where id = ?', [student.id])).toHaveLength(1)
	})
})

describe('only the student’s own school admin can erase', () => {
	test('Riverside’s admin gets 404 and nothing changes', async () => {
		const riverside = new Browser(app)
		await riverside.signIn('office@riverside.test')
		const before = await tableCounts()
		const response = await riverside.post(erasePath(), eraseForm())
		expect(response.status).toBe(404)
		expect(await tableCounts()).toEqual(before)
	})

	test.each([
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	])('$email is sent to $home and nothing changes', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		const before = await tableCounts()
		const response = await browser.post(erasePath(), eraseForm())
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toMatch(new RegExp(`^${home}`))
		expect(await tableCounts()).toEqual(before)
	})
})

describe('erasing the student', () => {
	let before: Record<string, number>
	let about: Record<string, number>
	let auditBefore: number

	test('they are on the screens first', async () => {
		const list = textOf(await (await office.request(`/school-admin/students/list?q=${student.upn}`)).text())
		expect(list).toContain(`${student.first_name} ${student.last_name}`)
		before = await tableCounts()
		about = await studentRows()
		// The demo gives the student rows in each of these: the test would prove nothing otherwise.
		for (const table of ['student', 'profile', 'profile_respondent', 'round', 'feedback', 'answer', 'student_recommendation', 'group_student', 'student_professional']) {
			expect(about[table], table).toBeGreaterThan(0)
		}
		expect(about.transfer_request).toBe(2)
		auditBefore = (await one<{ n: number }>('select count(*)::int as n from audit_event where entity_id = ?', [student.id])).n
		expect(await placesHoldingUpn()).toEqual(expect.arrayContaining(['student', 'transfer_request', 'import_job.upload']))
	})

	test('the post erases them and lands on the students list with a toast', async () => {
		const response = await office.post(erasePath(), eraseForm({ confirmation: `  ${student.upn.toLowerCase()} `, reason: 'Parent’s request\r\nunder UK GDPR' }))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/school-admin/students/list')
		const landed = textOf(await (await office.request('/school-admin/students/list')).text())
		expect(landed).toContain('Student erased')
	})

	test('every row about them has gone, and nothing else', async () => {
		const after = await studentRows()
		expect(Object.values(after).every((n) => n === 0), JSON.stringify(after)).toBe(true)
		const expected = Object.fromEntries(Object.entries(before).map(([table, n]) => [table, n - (about[table] ?? 0)]))
		expected.student_tombstone = (before.student_tombstone ?? 0) + 1
		expected.audit_event = before.audit_event! + 1
		expect(await tableCounts()).toEqual(expected)
	})

	test('the UPN is nowhere in the database; the files that had it are emptied, the other import keeps its own', async () => {
		expect(await placesHoldingUpn()).toEqual([])
		const uploads = await app.sql<{ id: string; size: number; file_name: string; status: string }>(
			'select id, length(upload)::int as size, file_name, status from import_job where id in (?, ?, ?)',
			[importIds.oakWithUpn, importIds.riverWithUpn, importIds.oakWithout],
		)
		const size = (id: string) => uploads.find((row) => row.id === id)!.size
		expect([size(importIds.oakWithUpn), size(importIds.riverWithUpn)]).toEqual([0, 0])
		expect(size(importIds.oakWithout)).toBeGreaterThan(0)
		// The jobs themselves, with their counts and status, stay on the import screens.
		expect(uploads.every((row) => row.file_name === 'pupils.csv' && row.status === 'completed')).toBe(true)
	})

	test('one tombstone that names nobody, and one student.erase audit line; the older lines stay', async () => {
		const tombstones = await app.sql<Record<string, unknown>>('select school_id, student_id, kind, year_group, had_sen_status, reason, removed_at from student_tombstone where student_id = ?', [student.id])
		expect(tombstones).toHaveLength(1)
		expect(tombstones[0]).toMatchObject({
			school_id: ids.oakfield,
			kind: 'erasure',
			year_group: student.year_group,
			had_sen_status: student.sen_status !== 'none',
			reason: 'Parent’s request\nunder UK GDPR',
		})
		const lines = await app.sql<Record<string, unknown>>("select actor_id, impersonated_user_id, entity_type, school_id from audit_event where action = 'student.erase' and entity_id = ?", [student.id])
		expect(lines).toEqual([{ actor_id: ids.officeUser, impersonated_user_id: null, entity_type: 'Student', school_id: ids.oakfield }])
		expect((await one<{ n: number }>('select count(*)::int as n from audit_event where entity_id = ?', [student.id])).n).toBe(auditBefore + 1)
	})

	test('they are on no screen: list, search, group, need manager’s lists; their pages answer 404', async () => {
		const name = `${student.first_name} ${student.last_name}`
		const senco = new Browser(app)
		await senco.signIn('senco@oakfield.test')
		const screens: [Browser, string][] = [
			[office, `/school-admin/students/list?q=${student.upn}`],
			[office, `/school-admin/students/list?q=${encodeURIComponent(student.last_name)}`],
			[office, `/students?q=${encodeURIComponent(student.last_name)}`],
			[office, `/school-admin/groups/${ids.group}`],
			[office, '/school-admin/students/transfer-students/outgoing'],
			[senco, `/need-manager/students?q=${encodeURIComponent(student.last_name)}`],
			[senco, `/need-manager/home/students?q=${encodeURIComponent(student.last_name)}`],
			[senco, '/need-manager/home/feedback'],
			[senco, '/need-manager/feedback'],
			[senco, '/need-manager/recommendations'],
		]
		for (const [browser, path] of screens) {
			const response = await browser.request(path)
			expect(response.status, path).toBe(200)
			const text = textOf(await response.text())
			expect(text, path).not.toContain(name)
			expect(text, path).not.toContain(student.upn)
		}
		expect((await office.request(`/school-admin/students/list/${student.id}`)).status).toBe(404)
		expect((await senco.request(`/students/profile/${student.id}`)).status).toBe(404)
		// A second erasure finds nobody.
		expect((await office.post(erasePath(), eraseForm())).status).toBe(404)
	})

	test('the same UPN can be created again, as a new student', async () => {
		const response = await office.post('/school-admin/students/list/create', {
			intent: 'save',
			upn: student.upn,
			firstName: student.first_name,
			lastName: student.last_name,
			dateOfBirth: '2017-09-01',
			gender: 'Female',
			yearGroup: 'Year 3',
			senStatus: 'none',
		})
		expect(response.status).toBe(302)
		const [again] = await app.sql<{ id: string }>('select id from student where upn = ?', [student.upn])
		expect(again!.id).not.toBe(student.id)
		expect(response.headers.get('Location')).toBe(`/school-admin/students/list/${again!.id}`)
	})
})
