import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { page, postAndFollow, textOf } from './pages.ts'

let app: TestApp
let office: Browser
let oakfieldId: string
let riversideId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	riversideId = (await app.sql<{ id: string }>("select id from school where subdomain = 'riverside'"))[0]!.id
})
afterAll(() => app?.close())

const LIST = '/school-admin/groups'

async function groupOf(schoolId: string, name: string) {
	return (await app.sql<{ id: string }>('select id from student_group where school_id = ? and name = ?', [schoolId, name]))[0]!.id
}

async function createGroup(name: string, description = '') {
	const response = await office.post(`${LIST}?modal=add-group`, { intent: 'create-group', name, description })
	expect(response.status).toBe(302)
	const id = /\/school-admin\/groups\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
	expect(id).toBeTruthy()
	return id!
}

const studentOf = async (schoolId: string, offset = 0) =>
	(await app.sql<{ id: string; first_name: string; last_name: string; upn: string }>(
		'select id, first_name, last_name, upn from student where school_id = ? order by upn offset ? limit 1',
		[schoolId, offset],
	))[0]!
const membershipOf = async (email: string) =>
	(await app.sql<{ id: string }>('select m.id from school_membership m join users u on u.id = m.user_id where u.email = ?', [email]))[0]!.id
const groupStudents = (groupId: string) => app.sql<{ student_id: string }>('select student_id from group_student where group_id = ?', [groupId])
const groupStaff = (groupId: string) => app.sql<{ membership_id: string }>('select membership_id from group_staff where group_id = ?', [groupId])

describe('the groups screens refuse other roles and visitors', () => {
	const others = [
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]

	test.each(others)('$email is sent to $home, for loaders and actions', async ({ email, home }) => {
		const groupId = await groupOf(oakfieldId, 'Nurture group')
		const student = await studentOf(oakfieldId, 2)
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const path of [LIST, `${LIST}?modal=add-group`, `${LIST}/${groupId}`, `${LIST}/${groupId}?modal=add-student&findStudent=a`]) {
			const read = await browser.request(path)
			expect(read.status, path).toBe(302)
			expect(read.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
		const writes: [string, Record<string, string>][] = [
			[LIST, { intent: 'create-group', name: 'Hacked group' }],
			[`${LIST}/${groupId}`, { intent: 'save-group', name: 'Hacked group' }],
			[`${LIST}/${groupId}`, { intent: 'add-student', studentId: student.id }],
			[`${LIST}/${groupId}`, { intent: 'delete-group' }],
		]
		for (const [path, form] of writes) {
			const write = await browser.post(path, form)
			expect(write.status, `${path} ${form.intent}`).toBe(302)
			expect(write.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
		expect(await app.sql("select id from student_group where name = 'Hacked group'")).toEqual([])
		expect(await app.sql('select id from student_group where id = ?', [groupId])).toHaveLength(1)
	})

	test('a visitor is sent to sign in', async () => {
		const groupId = await groupOf(oakfieldId, 'Nurture group')
		for (const path of [LIST, `${LIST}/${groupId}`]) {
			const read = await new Browser(app).request(path)
			expect(read.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
			const write = await new Browser(app).post(path, { intent: 'delete-group' })
			expect(write.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
		}
	})
})

describe('another school’s group, student or staff member answers 404', () => {
	test('reads and writes on Riverside’s group, and Riverside’s people in Oakfield’s group', async () => {
		const theirs = await groupOf(riversideId, 'Year 9 mentoring')
		const ours = await groupOf(oakfieldId, 'Lunchtime club')
		const theirStudent = await studentOf(riversideId)
		const theirMember = await membershipOf('mentor@riverside.test')
		const ourStudent = await studentOf(oakfieldId, 3)

		expect((await office.request(`${LIST}/${theirs}`)).status).toBe(404)
		expect((await office.request(`${LIST}/not-a-uuid`)).status).toBe(404)
		for (const form of [
			{ intent: 'save-group', name: 'Taken over' },
			{ intent: 'add-student', studentId: ourStudent.id },
			{ intent: 'remove-student', studentId: ourStudent.id },
			{ intent: 'add-staff', membershipId: await membershipOf('teacher@oakfield.test') },
			{ intent: 'delete-group' },
		] as Record<string, string>[]) {
			expect((await office.post(`${LIST}/${theirs}`, form)).status, form.intent).toBe(404)
		}
		expect(await app.sql('select name from student_group where id = ?', [theirs])).toEqual([{ name: 'Year 9 mentoring' }])
		expect(await app.sql('select student_id from group_student where group_id = ? and student_id = ?', [theirs, ourStudent.id])).toEqual([])

		expect((await office.post(`${LIST}/${ours}`, { intent: 'add-student', studentId: theirStudent.id })).status).toBe(404)
		expect((await office.post(`${LIST}/${ours}`, { intent: 'add-staff', membershipId: theirMember })).status).toBe(404)
		expect((await office.post(`${LIST}/${ours}`, { intent: 'add-student', studentId: 'not-a-uuid' })).status).toBe(400)
		expect((await office.request(`${LIST}/${ours}?modal=remove-student&student=${theirStudent.id}`)).status).toBe(404)
		expect((await office.request(`${LIST}/${ours}?modal=remove-staff&member=${theirMember}`)).status).toBe(404)
		expect(await app.sql('select student_id from group_student where student_id = ? and group_id = ?', [theirStudent.id, ours])).toEqual([])
		// Search never offers another school's people.
		const search = await page(office, `${LIST}/${ours}?modal=add-student&findStudent=${encodeURIComponent(theirStudent.upn)}`)
		expect(search).toContain('No one matches')
	})
})

describe('the list', () => {
	test('shows each group with its student and staff counts, searches and paginates; the sidebar has Groups', async () => {
		const html = await (await office.request(LIST)).text()
		expect(html).toContain('href="/school-admin/groups"')
		const counts = await app.sql<{ name: string; students: number; staff: number }>(
			`select g.name, (select count(*)::int from group_student gs where gs.group_id = g.id) as students,
				(select count(*)::int from group_staff gf where gf.group_id = g.id) as staff
			from student_group g where g.school_id = ? and g.name in ('Nurture group', 'Lunchtime club')`,
			[oakfieldId],
		)
		const text = textOf(html)
		for (const group of counts) {
			expect(group.students).toBeGreaterThan(0)
			expect(text).toContain(`${group.name}`)
			expect(html).toMatch(new RegExp(`${group.name}</a>.*?<td[^>]*>[^<]*</td><td[^>]*>${group.students}</td><td[^>]*>${group.staff}</td>`))
		}
		expect(text).not.toContain('Year 9 mentoring')
		const searched = await page(office, `${LIST}?q=lunch`)
		expect(searched).toContain('Lunchtime club')
		expect(searched).not.toContain('Nurture group')
		// The description is searched too, whatever its case.
		const byDescription = await page(office, `${LIST}?q=SETTLING`)
		expect(byDescription).toContain('Nurture group')
		expect(byDescription).not.toContain('Lunchtime club')
		const byName = await page(office, `${LIST}?sort=name&dir=desc`)
		expect(byName.indexOf('Nurture group')).toBeLessThan(byName.indexOf('Lunchtime club'))
		expect(await page(office, `${LIST}?q=zzzz`)).toContain('No matching data')

		await app.sql(
			`insert into student_group (id, created_at, updated_at, school_id, name)
			select gen_random_uuid(), now(), now(), ?, 'Paged ' || lpad(n::text, 2, '0') from generate_series(1, 30) n`,
			[oakfieldId],
		)
		const [total] = await app.sql<{ n: number }>('select count(*)::int as n from student_group where school_id = ?', [oakfieldId])
		expect(await page(office, LIST)).toContain(`Showing 1–25 of ${total!.n}`)
		expect(await page(office, `${LIST}?page=2`)).toContain(`Showing 26–${total!.n} of ${total!.n}`)
		const bySize = await page(office, `${LIST}?sort=students&dir=desc`)
		expect(bySize.indexOf('Nurture group')).toBeLessThan(bySize.indexOf('Paged 01'))
		await app.sql("delete from student_group where school_id = ? and name like 'Paged %'", [oakfieldId])
	})

	test('costs the same number of SQL queries with 2 groups and with 40', async () => {
		const queries = async () => {
			const response = await office.request(LIST)
			expect(response.status).toBe(200)
			return Number(response.headers.get('X-Query-Count'))
		}
		const few = await queries()
		await app.sql(
			`insert into student_group (id, created_at, updated_at, school_id, name)
			select gen_random_uuid(), now(), now(), ?, 'Counted ' || n from generate_series(1, 40) n`,
			[oakfieldId],
		)
		expect(few).toBeGreaterThan(0)
		expect(await queries()).toBe(few)
		await app.sql("delete from student_group where school_id = ? and name like 'Counted %'", [oakfieldId])
	})
})

describe('create, edit and delete', () => {
	test('a name is required and unique in the school (in any case); another school may use it', async () => {
		const empty = await office.post(`${LIST}?modal=add-group`, { intent: 'create-group', name: '  ', description: '' })
		expect(empty.status).toBe(400)
		expect(textOf(await empty.text())).toContain('Enter a name')

		const taken = await office.post(`${LIST}?modal=add-group`, { intent: 'create-group', name: 'nurture GROUP', description: 'A twin' })
		expect(taken.status).toBe(400)
		expect(textOf(await taken.text())).toContain('Your school already has a group with this name.')
		expect(await app.sql("select id from student_group where description = 'A twin'")).toEqual([])

		const riverside = new Browser(app)
		await riverside.signIn('office@riverside.test')
		const theirs = await riverside.post(LIST, { intent: 'create-group', name: 'Nurture group', description: '', schoolId: oakfieldId })
		expect(theirs.status).toBe(302)
		expect(await app.sql("select school_id from student_group where name = 'Nurture group' order by school_id = ? desc", [riversideId])).toEqual([
			{ school_id: riversideId },
			{ school_id: oakfieldId },
		])

		const id = await createGroup('Reading buddies', 'Paired reading, Tuesdays.')
		const created = await page(office, `${LIST}/${id}`)
		expect(created).toContain('Reading buddies')
		expect(created).toContain('Paired reading, Tuesdays.')
		expect(await app.sql("select school_id from audit_event where action = 'group.create' and entity_id = ?", [id])).toEqual([{ school_id: oakfieldId }])
	})

	test('edit the name and description; a taken name is refused beside the field', async () => {
		const id = await createGroup('Homework club')
		const taken = await office.post(`${LIST}/${id}`, { intent: 'save-group', name: 'Lunchtime Club', description: '' })
		expect(taken.status).toBe(400)
		expect(textOf(await taken.text())).toContain('Your school already has a group with this name.')
		const saved = await postAndFollow(office, `${LIST}/${id}`, { intent: 'save-group', name: 'Homework help', description: 'After school, Thursdays.' })
		expect(saved.text).toContain('Group saved')
		expect(await app.sql('select name, description from student_group where id = ?', [id])).toEqual([{ name: 'Homework help', description: 'After school, Thursdays.' }])
		// Saving it under its own name is fine.
		expect((await office.post(`${LIST}/${id}`, { intent: 'save-group', name: 'Homework help', description: '' })).status).toBe(302)
	})

	test('delete a group: its students and staff stay at the school', async () => {
		const id = await createGroup('Short-lived')
		const student = await studentOf(oakfieldId, 5)
		await office.post(`${LIST}/${id}`, { intent: 'add-student', studentId: student.id })
		await office.post(`${LIST}/${id}`, { intent: 'add-staff', membershipId: await membershipOf('teacher@oakfield.test') })
		expect(await page(office, `${LIST}/${id}?modal=delete-group`)).toContain('Delete Short-lived? Its 1 student and 1 staff stay at the school')
		const deleted = await postAndFollow(office, `${LIST}/${id}`, { intent: 'delete-group' })
		expect(deleted.location).toBe(LIST)
		expect(deleted.text).toContain('Group “Short-lived” deleted')
		expect(await app.sql('select id from student_group where id = ?', [id])).toEqual([])
		expect(await groupStudents(id)).toEqual([])
		expect(await groupStaff(id)).toEqual([])
		expect(await app.sql('select id from student where id = ?', [student.id])).toHaveLength(1)
		expect(await app.sql("select school_id from audit_event where action = 'group.delete' and entity_id = ?", [id])).toEqual([{ school_id: oakfieldId }])
		expect((await office.request(`${LIST}/${id}`)).status).toBe(404)
	})
})

describe('students and staff of a group', () => {
	test('search the school’s students in the modal, add several, remove one with a confirmation', async () => {
		const id = await createGroup('Forest school')
		const [first, second] = [await studentOf(oakfieldId, 7), await studentOf(oakfieldId, 8)]
		const modal = `${LIST}/${id}?modal=add-student&findStudent=${encodeURIComponent(first.last_name)}`
		const results = await page(office, modal)
		expect(results).toContain(`${first.first_name} ${first.last_name}`)
		expect(results).toContain(first.upn)
		expect(await page(office, `${LIST}/${id}?modal=add-student&findStudent=${first.upn.toLowerCase()}`)).toContain(`${first.first_name} ${first.last_name}`)

		// The add posts back to the modal with its search, so the next one can be added.
		const added = await office.post(modal, { intent: 'add-student', studentId: first.id })
		expect(added.status).toBe(302)
		expect(added.headers.get('Location')).toBe(modal)
		expect(textOf(await (await office.request(modal)).text())).toContain(`${first.first_name} ${first.last_name} added to Forest school`)
		expect((await office.post(modal, { intent: 'add-student', studentId: first.id })).status).toBe(302)
		expect((await office.post(modal, { intent: 'add-student', studentId: second.id })).status).toBe(302)
		expect((await groupStudents(id)).map((row) => row.student_id).sort()).toEqual([first.id, second.id].sort())
		expect(await app.sql("select id from audit_event where action = 'group.student.add' and entity_id = ?", [id])).toHaveLength(3)

		const details = await page(office, `${LIST}/${id}`)
		expect(details).toContain('Students (2)')
		expect(details).toContain(first.upn)
		// Already in the group: no longer offered.
		expect(await page(office, `${LIST}/${id}?modal=add-student&findStudent=${first.upn}`)).toContain('No one matches')

		expect(await page(office, `${LIST}/${id}?modal=remove-student&student=${first.id}`)).toContain(`Remove ${first.first_name} ${first.last_name} from Forest school?`)
		const removed = await postAndFollow(office, `${LIST}/${id}`, { intent: 'remove-student', studentId: first.id })
		expect(removed.text).toContain(`${first.first_name} ${first.last_name} removed from Forest school`)
		expect(await groupStudents(id)).toEqual([{ student_id: second.id }])
		expect(await app.sql('select id from student where id = ?', [first.id])).toHaveLength(1)
		// Removed again (posted twice, another tab): it says so, and nothing more is written or audited.
		const audited = async () => (await app.sql<{ n: number }>("select count(*)::int as n from audit_event where action = 'group.student.remove' and entity_id = ?", [id]))[0]!.n
		const before = await audited()
		const again = await postAndFollow(office, `${LIST}/${id}`, { intent: 'remove-student', studentId: first.id })
		expect(again.text).toContain(`${first.first_name} ${first.last_name} is not in Forest school`)
		expect(again.text).not.toContain('removed from Forest school')
		expect(await audited()).toBe(before)
		// The students list shows the group.
		expect(await page(office, `/school-admin/students/list?group=${id}`)).toContain(`${second.first_name} ${second.last_name}`)
	})

	test('an add with JavaScript (single fetch, …/:id.data) returns to the modal with its search, not to the data URL', async () => {
		const id = await createGroup('Chess club')
		const student = await studentOf(oakfieldId, 9)
		const search = `modal=add-student&findStudent=${student.upn}`
		const response = await office.post(`${LIST}/${id}.data?${search}&_routes=root%2Croutes%2Fshell`, { intent: 'add-student', studentId: student.id })
		const body = await response.text()
		expect(body).toContain(`"${LIST}/${id}?${search}"`)
		expect(body).not.toContain(`${id}.data`)
		expect(await groupStudents(id)).toEqual([{ student_id: student.id }])
	})

	test('a group’s students paginate on the server', async () => {
		const id = await createGroup('Whole school')
		await app.sql('insert into group_student (group_id, student_id) select ?, id from student where school_id = ?', [id, oakfieldId])
		const [total] = await app.sql<{ n: number }>('select count(*)::int as n from student where school_id = ?', [oakfieldId])
		expect(await page(office, `${LIST}/${id}`)).toContain(`Showing 1–25 of ${total!.n}`)
		expect(await page(office, `${LIST}/${id}?page=2`)).toContain(`Showing 26–${total!.n} of ${total!.n}`)
	})

	test('a group’s staff are listed up to 100, with how many there are', async () => {
		const id = await createGroup('Everyone on the staff')
		await app.sql(
			`with added as (
				insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled)
				select gen_random_uuid(), now(), now(), 'cap' || n || '@oakfield.test', 'Cap', 'Member ' || lpad(n::text, 3, '0'), 'schoolStaff', false
				from generate_series(1, 101) n returning id, first_name, last_name
			), members as (
				insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access)
				select gen_random_uuid(), now(), now(), id, ?, first_name, last_name, 'professional', 'none' from added returning id
			)
			insert into group_staff (group_id, membership_id) select ?, id from members`,
			[oakfieldId, id],
		)
		const details = await page(office, `${LIST}/${id}`)
		expect(details).toContain('Staff (101)')
		expect(details).toContain('Showing the first 100 of 101 staff')
		expect(details.match(/cap\d+@oakfield\.test/g)).toHaveLength(100)
		const senco = new Browser(app)
		await senco.signIn('senco@oakfield.test')
		expect(await page(senco, `/need-manager/groups/${id}`)).toContain('Showing the first 100 of 101 staff')
		await app.sql('delete from student_group where id = ?', [id])
		await app.sql("delete from school_membership where user_id in (select id from users where email like 'cap%@oakfield.test')")
		await app.sql("delete from users where email like 'cap%@oakfield.test'")
	})

	test('add and remove staff from the school’s directory', async () => {
		const id = await createGroup('Sports leaders')
		const teacher = await membershipOf('teacher@oakfield.test')
		const results = await page(office, `${LIST}/${id}?modal=add-staff&findStaff=class+teacher`)
		expect(results).toContain('Tom Harris')
		expect(results).not.toContain('Daniel Reid')
		const added = await postAndFollow(office, `${LIST}/${id}?modal=add-staff&findStaff=class+teacher`, { intent: 'add-staff', membershipId: teacher })
		expect(added.text).toContain('Tom Harris added to Sports leaders')
		expect(await groupStaff(id)).toEqual([{ membership_id: teacher }])
		// Found by full name or email; once in the group, no longer offered.
		expect(await page(office, `${LIST}/${id}?modal=add-staff&findStaff=sarah+collins`)).toContain('Sarah Collins')
		expect(await page(office, `${LIST}/${id}?modal=add-staff&findStaff=daniel+reid`)).not.toContain('Daniel Reid')
		expect(await page(office, `${LIST}/${id}?modal=add-staff&findStaff=senco%40oakfield`)).toContain('senco@oakfield.test')
		const mentions = async (path: string) => (await page(office, path)).split('Tom Harris').length
		expect(await mentions(`${LIST}/${id}?modal=add-staff&findStaff=class+teacher`)).toBe(await mentions(`${LIST}/${id}?modal=add-staff`))
		const details = await page(office, `${LIST}/${id}`)
		expect(details).toContain('Staff (1)')
		expect(details).toContain('teacher@oakfield.test')
		expect(await page(office, `${LIST}/${id}?modal=remove-staff&member=${teacher}`)).toContain('Remove Tom Harris from Sports leaders?')
		const removed = await postAndFollow(office, `${LIST}/${id}`, { intent: 'remove-staff', membershipId: teacher })
		expect(removed.text).toContain('Tom Harris removed from Sports leaders')
		expect(await groupStaff(id)).toEqual([])
		expect((await app.sql<{ action: string }>("select action from audit_event where entity_id = ? and action like 'group.staff.%' order by at", [id])).map((event) => event.action)).toEqual([
			'group.staff.add',
			'group.staff.remove',
		])
	})
})
