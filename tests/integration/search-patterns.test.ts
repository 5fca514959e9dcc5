import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { membershipOf, oakfieldId } from './assessment-fixtures.ts'
import { page } from './pages.ts'
import { uniqueUpn } from './factories.ts'

/**
 * Issue 12 item 3: what is typed is matched literally. An address is compared
 * (whatever its case), never used as a pattern; every search box finds `%`,
 * `_` and `\` as themselves (ADR 016).
 */

let app: TestApp
let admin: Browser
let office: Browser
let senco: Browser
let oakfield: string
let groupId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	oakfield = await oakfieldId(app)
})
afterAll(() => app?.close())

const schoolId = async (subdomain: string) => (await app.sql<{ id: string }>('select id from school where subdomain = ?', [subdomain]))[0]!.id
const memberships = (email: string) =>
	app.sql<{ subdomain: string; role: string }>(
		'select s.subdomain, m.role from school_membership m join school s on s.id = m.school_id join users u on u.id = m.user_id where lower(u.email) = lower(?) order by s.subdomain',
		[email],
	)

describe('an address is compared, never matched', () => {
	test('offic_@oakfield.test, added as a school admin by the platform admin, is that new address: office@oakfield.test gains nothing', async () => {
		const riverside = await schoolId('riverside')
		const before = await memberships('office@oakfield.test')
		const response = await admin.post(`/spencer-admin/schools/${riverside}`, { intent: 'add-admin', firstName: 'Ophelia', lastName: 'Literal', email: 'offic_@oakfield.test' })
		expect(response.status).toBe(302)
		expect(await memberships('office@oakfield.test')).toEqual(before)
		expect(await memberships('offic_@oakfield.test')).toEqual([{ subdomain: 'riverside', role: 'schoolAdmin' }])
		expect(app.outbox().filter((mail) => mail.to.includes('office@oakfield.test') && /invited/.test(mail.subject))).toEqual([])
		expect(app.outbox().filter((mail) => mail.to.includes('offic_@oakfield.test') && /invited/.test(mail.subject))).toHaveLength(1)
	})

	test('the same address in other letters is the same person, stored in lower case', async () => {
		const meadowview = await schoolId('meadowview')
		const response = await admin.post(`/spencer-admin/schools/${meadowview}`, { intent: 'add-admin', firstName: 'Olivia', lastName: 'Bennett', email: 'OFFICE@Oakfield.TEST' })
		expect(response.status).toBe(302)
		expect(await memberships('office@oakfield.test')).toEqual([
			{ subdomain: 'meadowview', role: 'schoolAdmin' },
			{ subdomain: 'oakfield', role: 'schoolAdmin' },
		])
		const [count] = await app.sql<{ n: number }>("select count(*)::int as n from users where lower(email) = 'office@oakfield.test'")
		expect(count!.n).toBe(1)
		const added = await admin.post(`/spencer-admin/schools/${meadowview}`, { intent: 'add-admin', firstName: 'Mixed', lastName: 'Case', email: 'Mixed.Case@Meadowview.test' })
		expect(added.status).toBe(302)
		expect(await app.sql("select email from users where lower(email) = 'mixed.case@meadowview.test'")).toEqual([{ email: 'mixed.case@meadowview.test' }])
	})

	test('the directory’s add: a_c-like addresses are new people, not the person they would match', async () => {
		const response = await office.post('/school-admin/directory/add', { firstName: 'Tess', lastName: 'Literal', email: 'teache_@oakfield.test', role: 'professional' })
		expect(response.status).toBe(302)
		expect(await memberships('teache_@oakfield.test')).toEqual([{ subdomain: 'oakfield', role: 'professional' }])
		expect(await memberships('teacher@oakfield.test')).toEqual([{ subdomain: 'oakfield', role: 'professional' }])
	})

	test('sign-in and forgot password find only the exact address', async () => {
		const wrong = await new Browser(app).post('/auth/login', { intent: 'password', email: 'senc_@oakfield.test', password: 'Spencer!2026' })
		expect(wrong.status).not.toBe(302)
		const right = await new Browser(app).post('/auth/login', { intent: 'password', email: 'SENCO@oakfield.test', password: 'Spencer!2026' })
		expect(right.status).toBe(302)

		const resets = () => app.outbox().filter((mail) => mail.to.includes('senco@oakfield.test') && /Reset/.test(mail.subject)).length
		await app.jobs.settled()
		const before = resets()
		await new Browser(app).post('/auth/forgot-password', { email: 'senc_@oakfield.test' })
		await new Browser(app).post('/auth/forgot-password', { email: '%@oakfield.test' })
		// The mail goes out after the answer (ADR 019): counted once the jobs have run.
		await app.jobs.settled()
		expect(resets()).toBe(before)
		await new Browser(app).post('/auth/forgot-password', { email: 'Senco@Oakfield.test' })
		await app.jobs.settled()
		expect(resets()).toBe(before + 1)
	})
})

/** Texts stored in every searchable place: each search below must find exactly the ones containing it. */
const TEXTS = ['a_c', 'abc', '100%', '1000', 'back\\slash']
const CASES = [
	{ q: '%', finds: ['100%'] },
	{ q: '_', finds: ['a_c'] },
	{ q: '\\', finds: ['back\\slash'] },
	{ q: 'a_c', finds: ['a_c'] },
	{ q: '100%', finds: ['100%'] },
]
/** Each kind of record is named with its own word, as one page can list several kinds (the students list offers the groups). */
const label = (kind: Kind, text: string) => `${kind} ${text}`
type Kind = 'Pupil' | 'Staff' | 'Group' | 'School'

async function seedTexts() {
	const riverside = await schoolId('riverside')
	const sencoId = await membershipOf(app, 'senco@oakfield.test')
	const questionnaireId = (await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1"))[0]!.id
	const [group] = await app.sql<{ id: string }>(
		"insert into student_group (id, created_at, updated_at, school_id, name) values (gen_random_uuid(), now(), now(), ?, 'Search fixture') returning id",
		[oakfield],
	)
	groupId = group!.id
	for (const [index, text] of TEXTS.entries()) {
		// A student (students lists, manage students, a group's "add student"), with a transfer request
		// (transfers) and feedback the need manager must give (questionnaires, feedback).
		const studentId = randomUUID()
		await app.sql(
			`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
			values (?, now(), now(), ?, ?, 'Pupil', ?, '2017-03-04', 'Female', 'Year 3', 'none', false)`,
			[studentId, oakfield, uniqueUpn(), text],
		)
		await app.sql(
			`insert into transfer_request (id, created_at, updated_at, student_id, student_first_name, student_last_name, student_upn, student_year_group, from_school_id, to_school_id, status)
			select gen_random_uuid(), now(), now(), id, first_name, last_name, upn, year_group, school_id, ?, 'created' from student where id = ?`,
			[riverside, studentId],
		)
		const profileId = randomUUID()
		const roundId = randomUUID()
		await app.sql(
			`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, start_date, status)
			values (?, now(), now(), ?, ?, ?, 'one-time', current_date, 'active')`,
			[profileId, oakfield, studentId, questionnaireId],
		)
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [profileId, sencoId])
		await app.sql("insert into round (id, created_at, updated_at, profile_id, index, opens_on) values (?, now(), now(), ?, 0, current_date)", [roundId, profileId])
		await app.sql("insert into feedback (id, created_at, updated_at, round_id, respondent_id, status) values (gen_random_uuid(), now(), now(), ?, ?, 'incomplete')", [roundId, sencoId])
		// A member of staff (directories, a group's "add staff"), a group, a school.
		const [user] = await app.sql<{ id: string }>(
			"insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled) values (gen_random_uuid(), now(), now(), ?, 'Staff', ?, 'schoolStaff', false) returning id",
			[`lit-${index}@oakfield.test`, text],
		)
		await app.sql(
			"insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access) values (gen_random_uuid(), now(), now(), ?, ?, 'Staff', ?, 'professional', 'active')",
			[user!.id, oakfield, text],
		)
		await app.sql("insert into student_group (id, created_at, updated_at, school_id, name) values (gen_random_uuid(), now(), now(), ?, ?)", [oakfield, label('Group', text)])
		await app.sql("insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), ?, ?, 'Primary', false)", [
			label('School', text),
			`lit-${index}`,
		])
	}
}

describe('every search box matches %, _ and \\ literally', () => {
	beforeAll(seedTexts)

	const boxes: { name: string; kind: Kind; who: () => Browser; path: (q: string) => string }[] = [
		{ name: 'school admin’s students', kind: 'Pupil', who: () => office, path: (q) => `/school-admin/students/list?q=${q}` },
		{ name: 'need manager’s students', kind: 'Pupil', who: () => senco, path: (q) => `/need-manager/students?q=${q}` },
		{ name: 'manage students', kind: 'Pupil', who: () => senco, path: (q) => `/need-manager/students/manage-students?q=${q}` },
		{ name: 'a group’s "add student"', kind: 'Pupil', who: () => office, path: (q) => `/school-admin/groups/${groupId}?modal=add-student&findStudent=${q}` },
		{ name: 'outgoing transfers', kind: 'Pupil', who: () => office, path: (q) => `/school-admin/students/transfer-students/outgoing?q=${q}` },
		{ name: 'questionnaires to answer', kind: 'Pupil', who: () => senco, path: (q) => `/need-manager/questionnaires?q=${q}` },
		{ name: 'feedback', kind: 'Pupil', who: () => senco, path: (q) => `/need-manager/feedback?q=${q}` },
		{ name: 'school admin’s directory', kind: 'Staff', who: () => office, path: (q) => `/school-admin/directory?q=${q}` },
		{ name: 'need manager’s directory', kind: 'Staff', who: () => senco, path: (q) => `/need-manager/directory?q=${q}` },
		{ name: 'a group’s "add staff"', kind: 'Staff', who: () => office, path: (q) => `/school-admin/groups/${groupId}?modal=add-staff&findStaff=${q}` },
		{ name: 'school admin’s groups', kind: 'Group', who: () => office, path: (q) => `/school-admin/groups?q=${q}` },
		{ name: 'need manager’s groups', kind: 'Group', who: () => senco, path: (q) => `/need-manager/groups?q=${q}` },
		{ name: 'schools', kind: 'School', who: () => admin, path: (q) => `/spencer-admin/schools?q=${q}` },
	]

	test.each(boxes.flatMap((box) => CASES.map((search) => ({ ...box, ...search }))))('$name: $q finds only $finds', async ({ kind, who, path, q, finds }) => {
		const text = await page(who(), path(encodeURIComponent(q)))
		for (const stored of TEXTS) {
			if (finds.includes(stored)) expect(text, stored).toContain(label(kind, stored))
			else expect(text, stored).not.toContain(label(kind, stored))
		}
	})
})
