import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, type TestApp } from './app.ts'
import { checkUpload, importFile, startWithOffices, waitForJob } from './import-helpers.ts'
import { textOf } from './pages.ts'

let app: TestApp
let office: Browser
let riversideJobId: string

const IMPORT = '/school-admin/directory/import'

const staff = [
	'Email,Forename,Surname,Role,Job title',
	'new.teacher@oakfield.test,Nadia,Hussain,Professional,Year 2 Teacher',
	'MENTOR@riverside.test,Someone,Else,Professional,Visiting Mentor',
	'TEACHER@oakfield.test,Tom,Harris,Need manager,Deputy SENCo',
	'admin@spencer.test,Pat,Admin,School admin,',
	'office@oakfield.test,Olivia,Bennett,Professional,Data Manager',
	'no-role@oakfield.test,No,Role,Head,',
].join('\n')

beforeAll(async () => {
	const started = await startWithOffices()
	;({ app, office } = started)
	riversideJobId = await importFile(started.riverside, IMPORT, 'E-mail,First name,Last name,Role\nriver.new@riverside.test,River,New,Professional\n')
})
afterAll(() => app?.close())

const member = async (email: string, school = 'oakfield') =>
	(
		await app.sql<{ role: string; job_title: string | null; access: string; first_name: string; last_name: string }>(
			`select m.role, m.job_title, m.access, m.first_name, m.last_name from school_membership m join users u on u.id = m.user_id join school s on s.id = m.school_id
			where lower(u.email) = ? and s.subdomain = ?`,
			[email, school],
		)
	)[0]

describe('the staff import screens refuse other roles, visitors, and other schools', () => {
	const paths = () => [IMPORT, `${IMPORT}/template.csv`, `${IMPORT}/${riversideJobId}`, `${IMPORT}/${riversideJobId}/errors.csv`]

	test.each([
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	])('$email is sent to $home, for reads and for posts', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const path of paths()) {
			const read = await browser.request(path)
			expect(read.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
			const write = await checkUpload(browser, path, staff)
			expect(write.status, path).toBe(302)
			expect(write.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
	})

	test('a visitor is sent to sign in; another school’s job answers 404', async () => {
		for (const path of paths()) expect((await new Browser(app).request(path)).headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
		expect((await office.request(`${IMPORT}/${riversideJobId}`)).status).toBe(404)
		expect((await office.request(`${IMPORT}/${riversideJobId}/errors.csv`)).status).toBe(404)
	})
})

describe('importing staff by e-mail', () => {
	test('new people join without access; known ones join or are updated; a platform admin, and the importing admin’s own role, are refused', async () => {
		const users = (await app.sql<{ n: number }>('select count(*)::int as n from users'))[0]!.n
		const id = await importFile(office, IMPORT, staff, 'staff.csv')
		const job = await waitForJob(app, id)
		expect(job).toMatchObject({ status: 'completed_with_errors', total: 6, created: 2, updated: 1, failed: 3 })
		expect(job.row_errors).toEqual([
			{ row: 5, column: 'Email', message: 'This address can’t be added to a school’s directory. Use another address for this person.' },
			// The importing admin's own entry: their role is not theirs to change (nor to lock themselves out by).
			{ row: 6, column: 'Role', message: 'You can’t change your own role: ask another school admin to do it' },
			{ row: 7, column: 'Role', message: 'Use School admin, SENCo / need manager or Staff member' },
		])
		expect((await app.sql<{ n: number }>('select count(*)::int as n from users'))[0]!.n).toBe(users + 1)
		expect(await member('new.teacher@oakfield.test')).toEqual({ role: 'professional', job_title: 'Year 2 Teacher', access: 'none', first_name: 'Nadia', last_name: 'Hussain' })
		// Riverside's mentor joins Oakfield's directory under the name Oakfield gave; Riverside's entry keeps its own.
		expect(await member('mentor@riverside.test')).toMatchObject({ role: 'professional', access: 'none', first_name: 'Someone', last_name: 'Else' })
		expect(await member('mentor@riverside.test', 'riverside')).toMatchObject({ role: 'professional', job_title: 'Learning Mentor', first_name: 'Daniel', last_name: 'Reid' })
		expect(await member('teacher@oakfield.test')).toMatchObject({ role: 'needManager', job_title: 'Deputy SENCo', access: 'active' })
		expect(await member('office@oakfield.test')).toMatchObject({ role: 'schoolAdmin' })
		expect(await app.sql("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'admin@spencer.test'")).toEqual([])
		const audits = await app.sql<{ action: string }>("select action from audit_event where action like 'member.import.%' and school_id = (select id from school where subdomain = 'oakfield') order by action")
		expect(audits.map((audit) => audit.action)).toEqual(['member.import.create', 'member.import.create', 'member.import.update'])
	})

	test('with another school admin beside them, an admin still cannot demote themselves by a file: dry run and job refuse it', async () => {
		const second = await app.sql<{ id: string }>("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'senco@oakfield.test' and m.school_id = (select id from school where subdomain = 'oakfield')")
		await app.sql("update school_membership set role = 'schoolAdmin' where id = ?", [second[0]!.id])
		try {
			const file = 'E-mail,First name,Last name,Role\noffice@oakfield.test,Olivia,Bennett,Staff member\n'
			const dryRun = await (await checkUpload(office, IMPORT, file)).text()
			expect(dryRun).toContain('You can’t change your own role: ask another school admin to do it')
			const job = await waitForJob(app, await importFile(office, IMPORT, file))
			expect(job).toMatchObject({ updated: 0, failed: 1 })
			expect(await member('office@oakfield.test')).toMatchObject({ role: 'schoolAdmin' })
		} finally {
			await app.sql("update school_membership set role = 'needManager' where id = ?", [second[0]!.id])
		}
	})

	test('the upload step names the staff file’s columns, and no dates (it has none)', async () => {
		const text = textOf(await (await office.request(IMPORT)).text())
		expect(text).toContain('Columns: Email, First name')
		expect(text).not.toContain('Dates as')
		expect(textOf(await (await office.request('/school-admin/students/import')).text())).toContain('Dates as dd/mm/yyyy or yyyy-mm-dd.')
	})

	test('importing the same file again changes nothing', async () => {
		const before = await app.sql('select id, role, job_title, access, updated_at from school_membership order by id')
		const id = await importFile(office, IMPORT, staff, 'staff.csv')
		expect(await waitForJob(app, id)).toMatchObject({ created: 0, updated: 0, failed: 3 })
		expect(await app.sql('select id, role, job_title, access, updated_at from school_membership order by id')).toEqual(before)
	})

	test('a name changes in this school’s entry; the template reads back', async () => {
		const id = await importFile(office, IMPORT, 'E-mail,First name,Last name,Role\nnew.teacher@oakfield.test,Nadia,Hussain-Reid,Professional\n')
		expect(await waitForJob(app, id)).toMatchObject({ created: 0, updated: 1, failed: 0, status: 'completed' })
		// No job title column: the job title is kept.
		expect(await member('new.teacher@oakfield.test')).toMatchObject({ last_name: 'Hussain-Reid', job_title: 'Year 2 Teacher' })
		const template = await (await office.request(`${IMPORT}/template.csv`)).text()
		const checked = await checkUpload(office, IMPORT, template)
		expect(checked.status).toBe(200)
	})
})
