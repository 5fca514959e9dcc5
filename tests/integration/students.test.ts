import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { expectSentHome } from './pages.ts'

let app: TestApp
let office: Browser
let oakfieldId: string
let riversideStudentId: string
let oakfieldStudentId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	riversideStudentId = (
		await app.sql<{ id: string }>("select s.id from student s join school sc on sc.id = s.school_id where sc.subdomain = 'riverside' limit 1")
	)[0]!.id
	oakfieldStudentId = (await app.sql<{ id: string }>('select id from student where school_id = ? order by upn limit 1', [oakfieldId]))[0]!.id
})
afterAll(() => app?.close())

const membershipId = async (email: string) =>
	(await app.sql<{ id: string }>('select m.id from school_membership m join users u on u.id = m.user_id where u.email = ?', [email]))[0]!.id

const studentForm = (overrides: Record<string, string> = {}) => ({
	intent: 'save',
	upn: withCheckLetter('999240000001'),
	firstName: 'Ada',
	lastName: 'Lovelace',
	dateOfBirth: '2017-05-04',
	gender: 'Female',
	yearGroup: 'Year 3',
	senStatus: 'none',
	...overrides,
})

describe('every screen of the students area refuses other roles and visitors', () => {
	const paths = () => [
		'/school-admin/students',
		'/school-admin/students/list',
		'/school-admin/students/list/create',
		`/school-admin/students/list/${oakfieldStudentId}`,
	]
	const others = [
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]

	test.each(others)('$email is sent to $home, for loaders and actions', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		await expectSentHome(browser, paths(), home, studentForm({ upn: withCheckLetter('999240000900'), firstName: 'Hacked' }))
		expect(await app.sql("select id from student where first_name = 'Hacked'")).toEqual([])
	})

	test('a visitor is sent to sign in', async () => {
		for (const path of paths()) {
			const response = await new Browser(app).request(path)
			expect(response.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
			const write = await new Browser(app).post(path, studentForm({ upn: withCheckLetter('999240000901'), firstName: 'Hacked' }))
			expect(write.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
		}
		expect(await app.sql("select id from student where first_name = 'Hacked'")).toEqual([])
	})

	test('the area opens on its list tab, and the sidebar has Students', async () => {
		const response = await office.request('/school-admin/students')
		expect(response.headers.get('Location')).toBe('/school-admin/students/list')
		const html = await (await office.request('/school-admin/students/list')).text()
		expect(html).toContain('href="/school-admin/students"')
		expect(html).toContain('aria-label="Students sections"')
		expect(html).toContain('href="/school-admin/students/transfer-students"')
	})
})

describe('another school’s student', () => {
	test('answers 404 to read and to write, and is not changed', async () => {
		const read = await office.request(`/school-admin/students/list/${riversideStudentId}`)
		expect(read.status).toBe(404)
		for (const form of [studentForm({ firstName: 'Stolen', upn: withCheckLetter('999240000902') }), { intent: 'archive' }]) {
			const write = await office.post(`/school-admin/students/list/${riversideStudentId}`, form)
			expect(write.status).toBe(404)
		}
		const [student] = await app.sql<{ first_name: string; archived: boolean }>('select first_name, archived from student where id = ?', [riversideStudentId])
		expect(student!.first_name).not.toBe('Stolen')
		expect(student!.archived).toBe(false)
		expect((await office.request('/school-admin/students/list/not-a-uuid')).status).toBe(404)
	})

	test('a professional of another school cannot be linked', async () => {
		const response = await office.post(
			`/school-admin/students/list/${oakfieldStudentId}`,
			studentForm({ keyProfessional: await membershipId('support@riverside.test') }),
		)
		expect(response.status).toBe(404)
	})
})

describe('create and edit', () => {
	test('a wrong check letter is refused beside the field; a posted schoolId changes nothing; a duplicate UPN answers 1003', async () => {
		const wrong = await office.post('/school-admin/students/list/create', studentForm({ upn: 'A801200005001' }))
		expect(wrong.status).toBe(400)
		expect(await wrong.text()).toContain('This UPN&#x27;s check letter is not right')

		const future = await office.post('/school-admin/students/list/create', studentForm({ dateOfBirth: '2999-01-01' }))
		expect(future.status).toBe(400)

		const riversideId = (await app.sql<{ id: string }>("select id from school where subdomain = 'riverside'"))[0]!.id
		const created = await office.post('/school-admin/students/list/create', { ...studentForm({ upn: withCheckLetter('999240000001').toLowerCase() }), schoolId: riversideId })
		expect(created.status).toBe(302)
		const [student] = await app.sql<{ id: string; school_id: string; upn: string; date_of_birth: unknown }>(
			"select id, school_id, upn, date_of_birth from student where last_name = 'Lovelace'",
		)
		expect(student!.school_id).toBe(oakfieldId)
		expect(student!.upn).toBe(withCheckLetter('999240000001'))
		expect(created.headers.get('Location')).toBe(`/school-admin/students/list/${student!.id}`)
		const [event] = await app.sql<{ school_id: string }>("select school_id from audit_event where action = 'student.create' and entity_id = ?", [student!.id])
		expect(event!.school_id).toBe(oakfieldId)

		// Taken on this platform by another school's student: still refused, beside the field.
		const [riversideUpn] = await app.sql<{ upn: string }>('select upn from student where id = ?', [riversideStudentId])
		for (const upn of [withCheckLetter('999240000001'), riversideUpn!.upn]) {
			const duplicate = await office.post('/school-admin/students/list/create', studentForm({ upn, firstName: 'Twin' }))
			expect(duplicate.status).toBe(409)
			expect(await duplicate.text()).toContain('Student upn already exist.')
		}
		expect(await app.sql("select id from student where first_name = 'Twin'")).toEqual([])
	})

	test('edit with a key and connected professionals; change the key; archive and restore', async () => {
		await office.post('/school-admin/students/list/create', studentForm({ upn: withCheckLetter('999240000002'), lastName: 'Hopper' }))
		const [{ id } = { id: '' }] = await app.sql<{ id: string }>("select id from student where last_name = 'Hopper'")
		const teacher = await membershipId('teacher@oakfield.test')
		const senco = await membershipId('senco@oakfield.test')
		const path = `/school-admin/students/list/${id}`

		const body = new URLSearchParams({ ...studentForm({ upn: withCheckLetter('999240000002'), lastName: 'Hopper', yearGroup: 'Year 4', senStatus: 'senSupport', keyProfessional: teacher }) })
		body.append('connectedProfessionals', senco)
		const saved = await office.request(path, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url } })
		expect(saved.status).toBe(302)
		const links = () =>
			app.sql<{ membership_id: string; is_key: boolean }>('select membership_id, is_key from student_professional where student_id = ? order by is_key desc', [id])
		expect(await links()).toEqual([
			{ membership_id: teacher, is_key: true },
			{ membership_id: senco, is_key: false },
		])
		const [row] = await app.sql<{ year_group: string; sen_status: string }>('select year_group, sen_status from student where id = ?', [id])
		expect(row).toEqual({ year_group: 'Year 4', sen_status: 'senSupport' })

		// The key moves from the teacher to the need manager; the teacher is no longer linked.
		const moved = await office.post(path, studentForm({ upn: withCheckLetter('999240000002'), lastName: 'Hopper', keyProfessional: senco }))
		expect(moved.status).toBe(302)
		expect(await links()).toEqual([{ membership_id: senco, is_key: true }])
		// The list shows the key professional beside the student.
		const [key] = await app.sql<{ name: string }>(
			"select u.first_name || ' ' || u.last_name as name from school_membership m join users u on u.id = m.user_id where m.id = ?",
			[senco],
		)
		expect(await (await office.request('/school-admin/students/list?q=hopper')).text()).toMatch(new RegExp(`Hopper</a>.*${key!.name}`, 's'))

		const html = await (await office.request(path)).text()
		expect(html).toContain('Hopper')
		expect(html).toContain('04/05/2017')

		expect((await office.post(path, { intent: 'archive' })).status).toBe(302)
		expect((await app.sql<{ archived: boolean }>('select archived from student where id = ?', [id]))[0]!.archived).toBe(true)
		expect((await office.post(path, { intent: 'unarchive' })).status).toBe(302)
		expect((await app.sql<{ archived: boolean }>('select archived from student where id = ?', [id]))[0]!.archived).toBe(false)
		const actions = await app.sql<{ action: string }>('select action from audit_event where entity_id = ? order by at', [id])
		expect(actions.map((event) => event.action)).toEqual(['student.create', 'student.update', 'student.update', 'student.archive', 'student.unarchive'])
	})
})

describe('the list', () => {
	test('searches by name or UPN, filters, sorts and paginates on the server', async () => {
		const [first] = await app.sql<{ first_name: string; last_name: string; upn: string }>(
			'select first_name, last_name, upn from student where school_id = ? order by upn limit 1',
			[oakfieldId],
		)
		const byUpn = await (await office.request(`/school-admin/students/list?q=${first!.upn.toLowerCase()}`)).text()
		expect(byUpn).toContain(first!.upn)
		expect(byUpn).toContain('Showing 1–1 of 1')
		const byName = await (await office.request(`/school-admin/students/list?q=${encodeURIComponent(`${first!.first_name} ${first!.last_name}`)}`)).text()
		expect(byName).toContain(first!.upn)
		expect(await (await office.request('/school-admin/students/list?q=zzzz')).text()).toContain('No matching data')

		const [year] = await app.sql<{ n: number }>("select count(*)::int as n from student where school_id = ? and year_group = 'Year 2'", [oakfieldId])
		expect(await (await office.request('/school-admin/students/list?yearGroup=Year+2')).text()).toContain(`of ${year!.n}<`)
		const [sen] = await app.sql<{ n: number }>("select count(*)::int as n from student where school_id = ? and sen_status = 'ehcPlan'", [oakfieldId])
		expect(await (await office.request('/school-admin/students/list?sen=ehcPlan')).text()).toContain(`of ${sen!.n}<`)
		const [group] = await app.sql<{ id: string; name: string; n: number }>(
			'select g.id, g.name, (select count(*)::int from group_student gs where gs.group_id = g.id) as n from student_group g where g.school_id = ? order by g.name limit 1',
			[oakfieldId],
		)
		const grouped = await (await office.request(`/school-admin/students/list?group=${group!.id}`)).text()
		expect(grouped).toContain(`of ${group!.n}<`)
		expect(grouped).toContain(group!.name)

		// No other school's student is ever listed.
		const [riverside] = await app.sql<{ upn: string }>('select upn from student where id = ?', [riversideStudentId])
		expect(await (await office.request(`/school-admin/students/list?q=${riverside!.upn}`)).text()).toContain('No matching data')

		const [{ total } = { total: 0 }] = await app.sql<{ total: number }>('select count(*)::int as total from student where school_id = ?', [oakfieldId])
		const upns = (await app.sql<{ upn: string }>('select upn from student where school_id = ? order by upn desc', [oakfieldId])).map((row) => row.upn)
		const sorted = await (await office.request('/school-admin/students/list?sort=upn&dir=desc')).text()
		expect(sorted).toContain(`Showing 1–${Math.min(25, total)} of ${total}`)
		expect(sorted.indexOf(upns[0]!)).toBeLessThan(sorted.indexOf(upns[1]!))
		// A page past the last says so, how many there are, and links to the last page.
		const past = await (await office.request('/school-admin/students/list?page=999')).text()
		expect(past).toMatch(new RegExp(`Page 999 is past the end: there (is 1 page|are \\d+ pages) of ${total} students`))
		expect(past).toContain('Last page')
		expect(sorted).toContain('aria-sort="descending"')
		if (total > 25) {
			const second = await (await office.request('/school-admin/students/list?sort=upn&dir=desc&page=2')).text()
			expect(second).toContain(upns[25]!)
			expect(second).not.toContain(`>${upns[0]!}<`)
		}
	})

	test('costs the same number of SQL queries with 30 students and with 300', async () => {
		const count = async () => Number((await office.request('/school-admin/students/list?sort=yearGroup')).headers.get('X-Query-Count'))
		const insert = async (from: number, to: number) => {
			for (let i = from; i <= to; i++) {
				await app.sql(
					`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
					values (gen_random_uuid(), now(), now(), ?, ?, 'Bulk', ?, '2016-01-01', 'Male', 'Year 1', 'none', false)`,
					[oakfieldId, withCheckLetter(`88824${String(i).padStart(7, '0')}`), `Pupil ${i}`],
				)
			}
		}
		const current = async () => (await app.sql<{ n: number }>('select count(*)::int as n from student where school_id = ?', [oakfieldId]))[0]!.n
		await insert(1, Math.max(0, 30 - (await current())))
		expect(await current()).toBeGreaterThanOrEqual(30)
		const small = await count()
		await insert(1000, 1000 + 300 - (await current()) - 1)
		expect(await current()).toBeGreaterThanOrEqual(300)
		const large = await count()
		expect(small).toBeGreaterThan(0)
		expect(large).toBe(small)
	})
})

describe('the student details list the student’s profiles', () => {
	test('each with its kind, start date, rounds and status, the latest start first', async () => {
		const [profile] = await app.sql<{ student_id: string; questionnaire_id: string }>(
			'select student_id, questionnaire_id from profile where school_id = ? order by created_at, id limit 1',
			[oakfieldId],
		)
		const { student_id: studentId, questionnaire_id: questionnaireId } = profile!
		// Created last and started first: the table goes by the start date, not by when a profile was made.
		await app.sql(
			`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, start_date, status)
			values (gen_random_uuid(), now(), now(), ?, ?, ?, 'one-time', '2001-02-03', 'closed')`,
			[oakfieldId, studentId, questionnaireId],
		)
		const expected = await app.sql<{ row: string }>(
			`select concat_ws('|', q.title, case p.kind when 'recurring' then 'Recurring, every ' || p.interval_weeks || ' weeks' else 'One-time' end,
				to_char(p.start_date, 'DD/MM/YYYY'), (select count(*) from round r where r.profile_id = p.id), case p.status when 'active' then 'Active' else 'Closed' end) as row
			from profile p join questionnaire q on q.id = p.questionnaire_id where p.student_id = ? order by p.start_date desc, p.id`,
			[studentId],
		)
		expect(expected.length).toBeGreaterThan(1)
		const html = await (await office.request(`/school-admin/students/list/${studentId}`)).text()
		const table = html.slice(html.indexOf('id="profiles-heading"'), html.indexOf('</table>', html.indexOf('id="profiles-heading"')))
		const rows = table
			.split('</tr>')
			.slice(1, -1)
			.map((row) => row.replace(/<[^>]+>/g, '|').split('|').filter(Boolean).join('|'))
		expect(rows).toEqual(expected.map(({ row }) => row))
	})
})
