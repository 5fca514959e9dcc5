import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

let app: TestApp
let senco: Browser
let oakfieldId: string
let riversideGroupId: string
let oakfieldGroupId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	riversideGroupId = (await app.sql<{ id: string }>("select g.id from student_group g join school s on s.id = g.school_id where s.subdomain = 'riverside' limit 1"))[0]!.id
	oakfieldGroupId = (await app.sql<{ id: string }>('select id from student_group where school_id = ? order by name limit 1', [oakfieldId]))[0]!.id
})
afterAll(() => app?.close())

const AREAS = ['/need-manager', '/professional'] as const
const paths = (area: string) => [`${area}/students`, `${area}/directory`, `${area}/groups`, `${area}/groups/${oakfieldGroupId}`]

describe('the students, directory and groups screens refuse other roles', () => {
	const others = [
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'office@oakfield.test', home: '/school-admin' },
	]
	test.each(others)('$email is sent to $home from both areas', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const path of AREAS.flatMap(paths)) {
			const response = await browser.request(path)
			expect(response.status, path).toBe(302)
			expect(response.headers.get('Location'), path).toBe(home)
			const write = await browser.post(path, { intent: 'anything' })
			expect(write.status, path).toBe(302)
			expect(write.headers.get('Location'), path).toBe(home)
		}
	})

	test('a need manager is kept out of the professional area and the other way round; a visitor signs in', async () => {
		for (const path of paths('/professional')) expect((await senco.request(path)).headers.get('Location'), path).toBe('/need-manager')
		const teacher = new Browser(app)
		await teacher.signIn('teacher@oakfield.test')
		for (const path of paths('/need-manager')) expect((await teacher.request(path)).headers.get('Location'), path).toBe('/professional')
		for (const path of paths('/professional')) expect((await teacher.request(path)).status, path).toBe(200)
		for (const path of paths('/need-manager')) {
			expect((await new Browser(app).request(path)).headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
	})

	test('the sidebar has Students, Groups and Directory', async () => {
		const html = await (await senco.request('/need-manager/students')).text()
		for (const href of ['/need-manager/students', '/need-manager/groups', '/need-manager/directory']) expect(html).toContain(`href="${href}"`)
	})
})

describe('need managers', () => {
	test('see every student of their school, none of another, each linking to the student’s profile', async () => {
		const [{ n } = { n: 0 }] = await app.sql<{ n: number }>('select count(*)::int as n from student where school_id = ?', [oakfieldId])
		const html = await (await senco.request('/need-manager/students')).text()
		expect(html).toContain(`Showing 1–25 of ${n}`)
		const [first] = await app.sql<{ id: string }>('select id from student where school_id = ? order by lower(last_name), lower(first_name), id limit 1', [oakfieldId])
		expect(html).toContain(`href="/students/profile/${first!.id}"`)
		const [riverside] = await app.sql<{ upn: string }>("select s.upn from student s join school sc on sc.id = s.school_id where sc.subdomain = 'riverside' limit 1")
		expect(await (await senco.request(`/need-manager/students?q=${riverside!.upn}`)).text()).toContain('No matching data')
	})

	test('see every group with its students and staff; another school’s group is 404', async () => {
		const [group] = await app.sql<{ name: string; n: number }>('select name, (select count(*)::int from group_student where group_id = g.id) as n from student_group g where id = ?', [oakfieldGroupId])
		const list = await (await senco.request('/need-manager/groups')).text()
		expect(list).toContain(group!.name)
		expect(list).toContain(`href="/need-manager/groups/${oakfieldGroupId}"`)
		const details = await (await senco.request(`/need-manager/groups/${oakfieldGroupId}`)).text()
		expect(details.match(/href="\/students\/profile\//g)).toHaveLength(group!.n)
		expect(details).toContain('Tom Harris')
		expect((await senco.request(`/need-manager/groups/${riversideGroupId}`)).status).toBe(404)
		expect((await senco.request('/need-manager/groups/not-a-group')).status).toBe(404)
	})

	test('a group’s students paginate on the server, 25 a page', async () => {
		const [group] = await app.sql<{ id: string }>(
			"insert into student_group (id, created_at, updated_at, school_id, name) values (gen_random_uuid(), now(), now(), ?, 'Thirty of Oakfield') returning id",
			[oakfieldId],
		)
		await app.sql('insert into group_student (group_id, student_id) select ?, id from student where school_id = ? and archived = false order by upn limit 30', [
			group!.id,
			oakfieldId,
		])
		const [{ n } = { n: 0 }] = await app.sql<{ n: number }>('select count(*)::int as n from group_student where group_id = ?', [group!.id])
		expect(n).toBe(30)
		const first = await (await senco.request(`/need-manager/groups/${group!.id}`)).text()
		expect(first.match(/href="\/students\/profile\//g)).toHaveLength(25)
		expect(first).toContain('Showing 1–25 of 30')
		expect(first).toContain('Next page')
		const second = await (await senco.request(`/need-manager/groups/${group!.id}?page=2`)).text()
		expect(second.match(/href="\/students\/profile\//g)).toHaveLength(5)
		expect(second).toContain('Showing 26–30 of 30')
		// The professionals' tests below need students outside any group.
		await app.sql('delete from group_student where group_id = ?', [group!.id])
		await app.sql('delete from student_group where id = ?', [group!.id])
	})

	test('read the directory: name, role, job title, e-mail; not access, not another school', async () => {
		const html = await (await senco.request('/need-manager/directory')).text()
		for (const text of ['Olivia Bennett', 'School admin', 'Class Teacher', 'mailto:teacher@oakfield.test']) expect(html).toContain(text)
		expect(html).not.toContain('Invited')
		expect(html).not.toContain('riverside.test')
		expect(html).not.toContain('Delete')
	})
})

describe('professionals see only the students they work with', () => {
	let newcomer: Browser
	let memberId: string
	const students: { id: string; upn: string }[] = []
	let staffedGroupId: string
	let otherGroupId: string

	beforeAll(async () => {
		// A professional with no links yet, added and invited through the directory.
		const office = new Browser(app)
		await office.signIn('office@oakfield.test')
		const added = await office.post('/school-admin/directory/add', { firstName: 'Nell', lastName: 'New', email: 'nell@oakfield.test', role: 'professional', jobTitle: 'Teaching Assistant', giveAccess: 'on' })
		expect(added.status).toBe(302)
		memberId = (await app.sql<{ id: string }>("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'nell@oakfield.test'"))[0]!.id
		const mail = app.outbox().filter((message) => message.to.includes('nell@oakfield.test')).at(-1)!
		const link = new URL(/https?:\/\/\S+set-password-from-email\?\S+/.exec(mail.body)![0])
		newcomer = new Browser(app)
		const set = await newcomer.post(`${link.pathname}${link.search}`, { email: 'nell@oakfield.test', token: link.searchParams.get('token')!, password: 'Oak-Trees!2026' })
		expect(set.status).toBe(302)

		// Four students outside any group: one linked as connected professional, one through a profile, one through a new group.
		students.push(
			...(await app.sql<{ id: string; upn: string }>(
				'select s.id, s.upn from student s where s.school_id = ? and not exists (select 1 from group_student gs where gs.student_id = s.id) order by s.upn limit 4',
				[oakfieldId],
			)),
		)
		await app.sql('insert into student_professional (id, created_at, updated_at, student_id, membership_id, is_key) values (gen_random_uuid(), now(), now(), ?, ?, false)', [students[0]!.id, memberId])
		const [profile] = await app.sql<{ id: string }>('select id from profile where student_id = ? limit 1', [students[1]!.id])
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [profile!.id, memberId])
		const [staffed] = await app.sql<{ id: string }>(
			"insert into student_group (id, created_at, updated_at, school_id, name) values (gen_random_uuid(), now(), now(), ?, 'Nell''s reading group') returning id",
			[oakfieldId],
		)
		staffedGroupId = staffed!.id
		await app.sql('insert into group_staff (group_id, membership_id) values (?, ?)', [staffedGroupId, memberId])
		await app.sql('insert into group_student (group_id, student_id) values (?, ?)', [staffedGroupId, students[2]!.id])
		// A group holding a student Nell works with and one she does not.
		const [other] = await app.sql<{ id: string }>(
			"insert into student_group (id, created_at, updated_at, school_id, name) values (gen_random_uuid(), now(), now(), ?, 'Mixed group') returning id",
			[oakfieldId],
		)
		otherGroupId = other!.id
		await app.sql('insert into group_student (group_id, student_id) values (?, ?), (?, ?)', [otherGroupId, students[0]!.id, otherGroupId, students[3]!.id])
	})

	test('the students list holds exactly the linked ones', async () => {
		const html = await (await newcomer.request('/professional/students')).text()
		expect(html).toContain('Showing 1–3 of 3')
		for (const student of students.slice(0, 3)) expect(html).toContain(`href="/students/profile/${student.id}"`)
		expect(html).not.toContain(students[3]!.upn)
		expect(await (await newcomer.request(`/professional/students?q=${students[3]!.upn}`)).text()).toContain('No matching data')
		// The home's figure counts by the same rule: the student met through a profile too.
		const home = textOf(await (await newcomer.request('/professional/home')).text())
		expect(home).toMatch(/Students you work with\s*3\b/)
	})

	test('groups: theirs and those with their students, showing only those students; any other group is 404', async () => {
		const list = await (await newcomer.request('/professional/groups')).text()
		expect(list).toContain('Nell&#x27;s reading group')
		expect(list).toContain('Mixed group')
		expect(list).toContain('Showing 1–2 of 2')
		const mixed = await (await newcomer.request(`/professional/groups/${otherGroupId}`)).text()
		expect(mixed).toContain(`href="/students/profile/${students[0]!.id}"`)
		expect(mixed).not.toContain(students[3]!.upn)
		expect(mixed).toContain('Only the students you work with are shown.')
		expect((await newcomer.request(`/professional/groups/${staffedGroupId}`)).status).toBe(200)
		// A seeded group with none of Nell's students, and another school's group.
		expect((await newcomer.request(`/professional/groups/${oakfieldGroupId}`)).status).toBe(404)
		expect((await newcomer.request(`/professional/groups/${riversideGroupId}`)).status).toBe(404)
	})

	test('losing a link takes the student out of sight', async () => {
		await app.sql('delete from student_professional where membership_id = ?', [memberId])
		const html = await (await newcomer.request('/professional/students')).text()
		expect(html).toContain('Showing 1–2 of 2')
		expect(html).not.toContain(`href="/students/profile/${students[0]!.id}"`)
	})

	test('the directory is read-only and of their school', async () => {
		const html = await (await newcomer.request('/professional/directory?q=nell')).text()
		expect(html).toContain('Nell New')
		expect(html).toContain('Teaching Assistant')
		expect(html).not.toContain('Last sign-in')
	})
})
