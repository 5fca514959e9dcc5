import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { Browser, refusingSmtpUrl, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

let app: TestApp
let office: Browser
let oakfieldId: string
let riversideMemberId: string
let officeMemberId: string

const PASSWORD = 'Oak-Trees!2026'

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	riversideMemberId = await membershipId('mentor@riverside.test')
	officeMemberId = await membershipId('office@oakfield.test')
})
afterAll(() => app?.close())

async function membershipId(email: string, schoolId?: string) {
	const rows = await app.sql<{ id: string }>(
		`select m.id from school_membership m join users u on u.id = m.user_id where lower(u.email) = lower(?) ${schoolId ? 'and m.school_id = ?' : ''}`,
		schoolId ? [email, schoolId] : [email],
	)
	return rows[0]!.id
}

const member = async (id: string) =>
	(await app.sql<{ role: string; access: string; job_title: string | null }>('select role, access, job_title from school_membership where id = ?', [id]))[0]

const addForm = (overrides: Record<string, string> = {}) => ({
	firstName: 'Ada',
	lastName: 'Lovelace',
	email: 'ada@oakfield.test',
	role: 'professional',
	jobTitle: 'Teaching Assistant',
	...overrides,
})

/** The toast a redirect carries, as the next page renders it. */
async function toastAfter(browser: Browser, response: Response) {
	expect(response.status).toBe(302)
	return (await browser.request(response.headers.get('Location')!)).text()
}

/** Opens the newest invitation to `email` in a new browser and sets a password: that browser is then signed in. */
async function acceptInvitation(email: string) {
	const mail = app.outbox().filter((message) => message.to.includes(email) && /invited to Spencer/.test(message.subject)).at(-1)
	expect(mail, `an invitation to ${email}`).toBeDefined()
	const link = new URL(/https?:\/\/\S+set-password-from-email\?\S+/.exec(mail!.body)![0])
	const token = link.searchParams.get('token')!
	const browser = new Browser(app)
	expect((await browser.request(`${link.pathname}${link.search}`)).status).toBe(200)
	const set = await browser.post(`${link.pathname}${link.search}`, { email, token, password: PASSWORD })
	expect(set.status).toBe(302)
	return browser
}

describe('every screen and action of the directory refuses other roles and visitors', () => {
	const paths = () => [
		'/school-admin/directory',
		`/school-admin/directory?modal=set-role&id=${officeMemberId}`,
		'/school-admin/directory/add',
	]
	const others = [
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]

	test.each(others)('$email is sent to $home', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		const teacher = await membershipId('teacher@oakfield.test')
		for (const path of paths()) {
			const read = await browser.request(path)
			expect(read.status, path).toBe(302)
			expect(read.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
		const writes: [string, Record<string, string>][] = [
			['/school-admin/directory/add', addForm({ email: 'intruder@oakfield.test', firstName: 'Hacked' })],
			['/school-admin/directory', { intent: 'set-role', id: teacher, role: 'schoolAdmin' }],
			['/school-admin/directory', { intent: 'give-access', id: teacher }],
			['/school-admin/directory', { intent: 'remove-access', id: teacher }],
			['/school-admin/directory', { intent: 'delete', id: teacher }],
		]
		for (const [path, form] of writes) {
			const write = await browser.post(path, form)
			expect(write.status, `${path} ${form.intent ?? 'add'}`).toBe(302)
			expect(write.headers.get('Location')).toMatch(new RegExp(`^${home}`))
		}
		expect(await app.sql("select id from users where first_name = 'Hacked'")).toEqual([])
		expect(await member(teacher)).toEqual({ role: 'professional', access: 'active', job_title: 'Class Teacher' })
	})

	test('a visitor is sent to sign in', async () => {
		for (const path of paths()) {
			const response = await new Browser(app).request(path)
			expect(response.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
		const write = await new Browser(app).post('/school-admin/directory/add', addForm({ email: 'visitor@oakfield.test' }))
		expect(write.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
		expect(await app.sql("select id from users where email = 'visitor@oakfield.test'")).toEqual([])
	})
})

describe('another school’s member', () => {
	test('answers 404 in every modal and every action, and is not changed', async () => {
		for (const modal of ['set-role', 'access', 'delete-person']) {
			const read = await office.request(`/school-admin/directory?modal=${modal}&id=${riversideMemberId}`)
			expect(read.status, modal).toBe(404)
		}
		expect((await office.request('/school-admin/directory?modal=access&id=not-an-id')).status).toBe(404)
		const forms: Record<string, string>[] = [
			{ intent: 'set-role', id: riversideMemberId, role: 'schoolAdmin' },
			{ intent: 'give-access', id: riversideMemberId },
			{ intent: 'remove-access', id: riversideMemberId },
			{ intent: 'delete', id: riversideMemberId },
		]
		for (const form of forms) {
			const write = await office.post('/school-admin/directory', form)
			expect(write.status, form.intent).toBe(404)
		}
		expect(await member(riversideMemberId)).toEqual({ role: 'professional', access: 'active', job_title: 'Learning Mentor' })
		expect(app.outbox().filter((mail) => mail.to.includes('mentor@riverside.test'))).toEqual([])
	})

	test('is never listed', async () => {
		const html = await (await office.request('/school-admin/directory?q=riverside')).text()
		expect(html).toContain('No matching data')
	})
})

describe('the list', () => {
	test('shows the staff with role, job title and access, searches and sorts', async () => {
		const html = await (await office.request('/school-admin/directory')).text()
		expect(html).toContain('href="/school-admin/directory"')
		expect(html).toContain('Import staff')
		expect(html).toContain('href="/school-admin/directory/import"')
		for (const text of ['Olivia Bennett', 'teacher@oakfield.test', 'Class Teacher', 'SENCo / need manager', 'Invited', 'Active']) {
			expect(html).toContain(text)
		}
		// Priya Shah was invited by the seed and has not set a password.
		const table = html.slice(html.indexOf('<table'))
		const priya = table.slice(table.indexOf('Priya Shah'))
		expect(priya.slice(0, priya.indexOf('</tr>'))).toContain('Invited')

		const search = await (await office.request('/school-admin/directory?q=senco')).text()
		expect(search).toContain('Sarah Collins')
		expect(search).not.toContain('Tom Harris')
		expect(search).toContain('Showing 1–1 of 1')

		const byEmail = await (await office.request('/school-admin/directory?sort=email&dir=desc')).text()
		expect(byEmail.indexOf('teacher@oakfield.test')).toBeLessThan(byEmail.indexOf('office@oakfield.test'))
		expect(byEmail).toContain('aria-sort="descending"')
	})

	test('sorts by name, role, job title and access either way; finds by surname first or job title', async () => {
		const [user] = await app.sql<{ id: string }>(
			`insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled)
			values (gen_random_uuid(), now(), now(), 'abbott@oakfield.test', 'Adam', 'Abbott', 'schoolStaff', false) returning id`,
		)
		await app.sql(
			`insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access)
			values (gen_random_uuid(), now(), now(), ?, ?, 'Adam', 'Abbott', 'professional', 'none')`,
			[user!.id, oakfieldId],
		)
		const order = async (query: string) => {
			const page = await (await office.request(`/school-admin/directory?${query}`)).text()
			const html = page.slice(page.indexOf('<table'), page.indexOf('</table>'))
			const names = ['Adam Abbott', 'Olivia Bennett', 'Sarah Collins', 'Tom Harris', 'Priya Shah'].filter((name) => html.includes(name))
			return names.sort((a, b) => html.indexOf(a) - html.indexOf(b))
		}
		expect(await order('sort=name')).toEqual(['Adam Abbott', 'Olivia Bennett', 'Sarah Collins', 'Tom Harris', 'Priya Shah'])
		expect(await order('sort=name&dir=desc')).toEqual(['Priya Shah', 'Tom Harris', 'Sarah Collins', 'Olivia Bennett', 'Adam Abbott'])
		// The roles in their catalogue order, then by surname.
		expect(await order('sort=role')).toEqual(['Olivia Bennett', 'Sarah Collins', 'Adam Abbott', 'Tom Harris', 'Priya Shah'])
		expect(await order('sort=role&dir=desc')).toEqual(['Priya Shah', 'Tom Harris', 'Adam Abbott', 'Sarah Collins', 'Olivia Bennett'])
		// No job title sorts first.
		expect(await order('sort=jobTitle')).toEqual(['Adam Abbott', 'Tom Harris', 'Olivia Bennett', 'Sarah Collins', 'Priya Shah'])
		// No access, invited, then active.
		expect(await order('sort=access')).toEqual(['Adam Abbott', 'Priya Shah', 'Olivia Bennett', 'Sarah Collins', 'Tom Harris'])
		expect(await order('q=collins+sarah')).toEqual(['Sarah Collins'])
		expect(await order('q=DATA+MANAGER')).toEqual(['Olivia Bennett'])
		await app.sql('delete from school_membership where user_id = ?', [user!.id])
		await app.sql('delete from users where id = ?', [user!.id])
	})

	test('costs the same number of SQL queries with 5 members and with 60', async () => {
		const count = async () => Number((await office.request('/school-admin/directory?sort=role')).headers.get('X-Query-Count'))
		const small = await count()
		for (let i = 0; i < 60; i++) {
			const [user] = await app.sql<{ id: string }>(
				`insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled)
				values (gen_random_uuid(), now(), now(), ?, 'Bulk', ?, 'schoolStaff', false) returning id`,
				[`bulk${i}@oakfield.test`, `Staff ${i}`],
			)
			await app.sql(
				`insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access) values (gen_random_uuid(), now(), now(), ?, ?, 'Bulk', ?, 'professional', 'none')`,
				[user!.id, oakfieldId, `Staff ${i}`],
			)
		}
		const large = await count()
		expect(small).toBeGreaterThan(0)
		expect(large).toBe(small)
		const page2 = await (await office.request('/school-admin/directory?page=2')).text()
		expect(page2).toMatch(/Showing 26–50 of \d+/)
		// A page past the end says so and leads to the last page, not "Showing 24951–60 of 60".
		const past = textOf(await (await office.request('/school-admin/directory?page=999')).text())
		expect(past).toMatch(/Page 999 is past the end: there are (\d+) pages of \d+ staff/)
		expect(past).not.toMatch(/Showing \d+–/)
		expect(await (await office.request('/school-admin/directory?page=999')).text()).toMatch(/href="\/school-admin\/directory\?page=\d+"[^>]*>Last page</)
		await app.sql("delete from users where email like 'bulk%@oakfield.test'")
	})
})

describe('add a person', () => {
	test('without access: in the directory with no access, no e-mail', async () => {
		const before = app.outbox().length
		const response = await office.post('/school-admin/directory/add', addForm({ email: 'No.Access@Oakfield.test', firstName: 'Noa', jobTitle: '' }))
		expect(await toastAfter(office, response)).toContain('Noa Lovelace added')
		const id = await membershipId('no.access@oakfield.test', oakfieldId)
		expect(await member(id)).toEqual({ role: 'professional', access: 'none', job_title: null })
		expect(app.outbox().length).toBe(before)
		const row = await (await office.request('/school-admin/directory?q=no.access')).text()
		expect(row).toContain('No access')
		const [event] = await app.sql<{ school_id: string }>("select school_id from audit_event where action = 'membership.create' and entity_id = ?", [id])
		expect(event!.school_id).toBe(oakfieldId)
	})

	test('with access: the invitation arrives and completes, signing them in to their home', async () => {
		const response = await office.post('/school-admin/directory/add', { ...addForm({ email: 'grace@oakfield.test', firstName: 'Grace', role: 'needManager' }), giveAccess: 'on' })
		expect(await toastAfter(office, response)).toContain('An invitation was sent to grace@oakfield.test')
		const id = await membershipId('grace@oakfield.test')
		expect((await member(id))!.access).toBe('invited')
		const grace = await acceptInvitation('grace@oakfield.test')
		expect((await grace.request('/')).headers.get('Location')).toBe('/need-manager')
		expect((await member(id))!.access).toBe('active')
		const html = await (await office.request('/school-admin/directory?q=grace')).text()
		expect(html).toContain('Active')
	})

	test('field errors: bad input, and an e-mail already in the school', async () => {
		const bad = await office.post('/school-admin/directory/add', addForm({ email: 'not-an-email', role: 'spencerAdmin', firstName: '' }))
		expect(bad.status).toBe(400)
		const text = await bad.text()
		expect(text).toContain('Enter a valid email address')
		expect(text).toContain('Enter a first name')
		const taken = await office.post('/school-admin/directory/add', addForm({ email: 'TEACHER@oakfield.test' }))
		expect(taken.status).toBe(409)
		expect(await taken.text()).toContain('This person is already in your school’s directory.')
		expect(await app.sql("select id from users where first_name = 'Ada' and email = 'teacher@oakfield.test'")).toEqual([])
	})

	test('the e-mail of someone at another school: they join this school too, under the name typed here, keeping their account', async () => {
		const response = await office.post('/school-admin/directory/add', addForm({ email: 'senco@riverside.test', firstName: 'Someone', lastName: 'Else', role: 'professional' }))
		expect(response.status).toBe(302)
		const users = await app.sql<{ first_name: string; n: number }>(
			"select u.first_name, (select count(*)::int from school_membership m where m.user_id = u.id) as n from users u where u.email = 'senco@riverside.test'",
		)
		expect(users).toEqual([{ first_name: 'Helen', n: 2 }])
		const names = await app.sql<{ subdomain: string; first_name: string }>(
			"select s.subdomain, m.first_name from school_membership m join school s on s.id = m.school_id join users u on u.id = m.user_id where u.email = 'senco@riverside.test' order by s.subdomain",
		)
		expect(names).toEqual([
			{ subdomain: 'oakfield', first_name: 'Someone' },
			{ subdomain: 'riverside', first_name: 'Helen' },
		])
		// Riverside is still the school they sign in to.
		const helen = new Browser(app)
		await helen.signIn('senco@riverside.test')
		expect((await helen.request('/')).headers.get('Location')).toBe('/need-manager')
	})
})

describe('an invitation e-mail that cannot be sent', () => {
	test('the person is kept as Invited and a warning toast says to resend; give access and resend say the same', async () => {
		// The SMTP connection is refused.
		app.configure({ SMTP_URL: await refusingSmtpUrl() })
		const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
		try {
			const added = await office.post('/school-admin/directory/add', { ...addForm({ email: 'unmailed@oakfield.test', firstName: 'Una' }), giveAccess: 'on' })
			const page = await toastAfter(office, added)
			expect(page).toContain('Added, but the invitation email could not be sent.')
			expect(page).toContain('Use Give access to resend.')
			const id = await membershipId('unmailed@oakfield.test')
			expect((await member(id))!.access).toBe('invited')

			const resent = await office.post('/school-admin/directory', { intent: 'give-access', id })
			expect(await toastAfter(office, resent)).toContain('The invitation email could not be sent.')
			await app.sql("update school_membership set access = 'none' where id = ?", [id])
			const given = await office.post('/school-admin/directory', { intent: 'give-access', id })
			expect(await toastAfter(office, given)).toContain('Access given, but the invitation email could not be sent.')
			expect((await member(id))!.access).toBe('invited')
			// Each failure is logged, naming the membership and never the person.
			const logged = warnings.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('Invitation email'))
			expect(logged).toHaveLength(3)
			for (const line of logged) {
				expect(line).toContain(id)
				expect(line).not.toMatch(/unmailed|Una|Lovelace/)
			}
		} finally {
			warnings.mockRestore()
			app.configure({ SMTP_URL: undefined })
		}
		expect(app.outbox().filter((message) => message.to.includes('unmailed@oakfield.test'))).toEqual([])
	})
})

describe('set role, access', () => {
	test('set role; becoming a school admin takes them off students; not your own', async () => {
		await office.post('/school-admin/directory/add', addForm({ email: 'role@oakfield.test', firstName: 'Rolf', role: 'professional' }))
		const id = await membershipId('role@oakfield.test')
		const studentId = (await app.sql<{ id: string }>('select id from student where school_id = ? limit 1', [oakfieldId]))[0]!.id
		await app.sql('insert into student_professional (id, created_at, updated_at, student_id, membership_id, is_key) values (gen_random_uuid(), now(), now(), ?, ?, false)', [studentId, id])

		const html = await (await office.request(`/school-admin/directory?modal=set-role&id=${id}`)).text()
		expect(html).toContain('Set the role of Rolf Lovelace')
		const toNeedManager = await office.post('/school-admin/directory', { intent: 'set-role', id, role: 'needManager' })
		expect(await toastAfter(office, toNeedManager)).toContain('Role changed')
		expect((await member(id))!.role).toBe('needManager')
		expect(await app.sql('select id from student_professional where membership_id = ?', [id])).toHaveLength(1)

		expect((await office.post('/school-admin/directory', { intent: 'set-role', id, role: 'owner' })).status).toBe(400)
		const toAdmin = await office.post('/school-admin/directory', { intent: 'set-role', id, role: 'schoolAdmin' })
		expect(toAdmin.status).toBe(302)
		expect((await member(id))!.role).toBe('schoolAdmin')
		expect(await app.sql('select id from student_professional where membership_id = ?', [id])).toEqual([])
		const actions = await app.sql<{ action: string }>("select action from audit_event where entity_id = ? and action = 'membership.set-role'", [id])
		expect(actions).toHaveLength(2)

		const self = await office.post('/school-admin/directory', { intent: 'set-role', id: officeMemberId, role: 'professional' })
		expect(await toastAfter(office, self)).toContain('You can’t change the role of yourself')
		expect((await member(officeMemberId))!.role).toBe('schoolAdmin')
	})

	test('give access sends the invitation; resend sends a new link; remove access', async () => {
		await office.post('/school-admin/directory/add', addForm({ email: 'later@oakfield.test', firstName: 'Lara' }))
		const id = await membershipId('later@oakfield.test')
		const modal = await (await office.request(`/school-admin/directory?modal=access&id=${id}`)).text()
		expect(modal).toContain('Give access')
		const given = await office.post('/school-admin/directory?modal=access&id=' + id, { intent: 'give-access', id })
		expect(given.headers.get('Location')).toBe('/school-admin/directory')
		expect(await toastAfter(office, given)).toContain('Invitation sent')
		expect((await member(id))!.access).toBe('invited')
		const invitations = () => app.outbox().filter((mail) => mail.to.includes('later@oakfield.test') && /invited/.test(mail.subject))
		expect(invitations()).toHaveLength(1)

		expect(await (await office.request(`/school-admin/directory?modal=access&id=${id}`)).text()).toContain('Resend invitation')
		expect(await toastAfter(office, await office.post('/school-admin/directory', { intent: 'give-access', id }))).toContain('Invitation sent again')
		expect(invitations()).toHaveLength(2)

		const lara = await acceptInvitation('later@oakfield.test')
		expect((await lara.request('/')).headers.get('Location')).toBe('/professional')
		expect(await toastAfter(office, await office.post('/school-admin/directory', { intent: 'remove-access', id }))).toContain('Access removed')
		expect((await member(id))!.access).toBe('none')
		// The next request of their session no longer reaches the school's area.
		expect((await lara.request('/professional')).headers.get('Location')).toBe('/settings/profile')
	})
})

describe('an invitation withdrawn', () => {
	test('removing the access of someone invited voids the link in their mail: it no longer sets a password', async () => {
		await office.post('/school-admin/directory/add', addForm({ email: 'withdrawn@oakfield.test', firstName: 'Wil' }))
		const id = await membershipId('withdrawn@oakfield.test')
		expect(await toastAfter(office, await office.post('/school-admin/directory?modal=access&id=' + id, { intent: 'give-access', id }))).toContain('Invitation sent')
		const mail = app.outbox().filter((message) => message.to.includes('withdrawn@oakfield.test') && /invited to Spencer/.test(message.subject)).at(-1)
		const link = new URL(/https?:\/\/\S+set-password-from-email\?\S+/.exec(mail!.body)![0])
		expect(await toastAfter(office, await office.post('/school-admin/directory', { intent: 'remove-access', id }))).toContain('Access removed')

		const browser = new Browser(app)
		const set = await browser.post(`${link.pathname}${link.search}`, { email: 'withdrawn@oakfield.test', token: link.searchParams.get('token')!, password: PASSWORD })
		expect(set.status).not.toBe(302)
		const [user] = await app.sql<{ password_hash: string | null }>("select password_hash from users where email = 'withdrawn@oakfield.test'")
		expect(user!.password_hash).toBeNull()
		expect((await browser.request('/settings/profile')).headers.get('Location')).toMatch(/^\/auth\/login/)
	})
})

describe('delete a person', () => {
	// Someone with submitted feedback can be deleted now (ADR 029): tests/integration/former-staff.test.ts.
	test('refused for yourself', async () => {
		const self = await office.post('/school-admin/directory', { intent: 'delete', id: officeMemberId })
		expect(await toastAfter(office, self)).toContain('You can’t delete yourself')
		expect(await member(officeMemberId)).toBeDefined()
	})

	test('takes them off students, groups and profiles, drops their unsubmitted feedback, and deletes an account left with no school', async () => {
		await office.post('/school-admin/directory/add', { ...addForm({ email: 'leaver@oakfield.test', firstName: 'Leo' }), giveAccess: 'on' })
		const id = await membershipId('leaver@oakfield.test')
		const [student] = await app.sql<{ id: string }>(
			"select s.id from student s where s.school_id = ? and not exists (select 1 from student_professional sp where sp.student_id = s.id and sp.is_key) limit 1",
			[oakfieldId],
		)
		const [group] = await app.sql<{ id: string }>('select id from student_group where school_id = ? limit 1', [oakfieldId])
		const [profile] = await app.sql<{ id: string; round_id: string }>(
			'select p.id, r.id as round_id from profile p join round r on r.profile_id = p.id where p.student_id = ? order by r.index desc limit 1',
			[student!.id],
		)
		await app.sql('insert into student_professional (id, created_at, updated_at, student_id, membership_id, is_key) values (gen_random_uuid(), now(), now(), ?, ?, true)', [student!.id, id])
		await app.sql('insert into group_staff (group_id, membership_id) values (?, ?)', [group!.id, id])
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [profile!.id, id])
		await app.sql("insert into feedback (id, created_at, updated_at, round_id, respondent_id, status) values (gen_random_uuid(), now(), now(), ?, ?, 'inProgress')", [profile!.round_id, id])

		const modal = await (await office.request(`/school-admin/directory?modal=delete-person&id=${id}`)).text()
		expect(modal).toContain('Delete Leo Lovelace')
		const deleted = await office.post('/school-admin/directory', { intent: 'delete', id })
		expect(await toastAfter(office, deleted)).toContain('Leo Lovelace deleted')
		for (const table of ['student_professional', 'group_staff', 'profile_respondent']) {
			expect(await app.sql(`select 1 from ${table} where membership_id = ?`, [id]), table).toEqual([])
		}
		expect(await app.sql('select 1 from feedback where respondent_id = ?', [id])).toEqual([])
		expect(await app.sql('select 1 from school_membership where id = ?', [id])).toEqual([])
		expect(await app.sql("select 1 from users where email = 'leaver@oakfield.test'")).toEqual([])
		const actions = await app.sql<{ action: string; school_id: string }>("select action, school_id from audit_event where action in ('membership.delete', 'user.delete') and actor_id = (select id from users where email = 'office@oakfield.test') order by action")
		expect(actions.map((event) => event.action)).toEqual(['membership.delete', 'user.delete'])
		// Their invitation link no longer works.
		const mail = app.outbox().filter((message) => message.to.includes('leaver@oakfield.test')).at(-1)!
		const link = new URL(/https?:\/\/\S+set-password-from-email\?\S+/.exec(mail.body)![0])
		expect(await (await new Browser(app).request(`${link.pathname}${link.search}`)).text()).toContain('expired')
	})

	test('reaches no other school’s rounds: a transferred student’s feedback stays, and a delete that would leave it is refused', async () => {
		// A member whose unsubmitted feedback sits on a profile that now belongs to Riverside (as a transfer
		// approved before approvals dropped it left things), next to feedback on one of Oakfield's profiles.
		await office.post('/school-admin/directory/add', addForm({ email: 'mover@oakfield.test', firstName: 'Mo' }))
		const id = await membershipId('mover@oakfield.test')
		const round = async (schoolId: string) =>
			(await app.sql<{ id: string; profile_id: string }>(
				'select r.id, r.profile_id from round r join profile p on p.id = r.profile_id where p.school_id = ? order by r.id limit 1',
				[schoolId],
			))[0]!
		const riversideId = (await app.sql<{ id: string }>("select id from school where subdomain = 'riverside'"))[0]!.id
		const theirs = await round(riversideId)
		const ours = await round(oakfieldId)
		const feedback = async (roundId: string) =>
			(await app.sql<{ id: string }>(
				"insert into feedback (id, created_at, updated_at, round_id, respondent_id, status) values (gen_random_uuid(), now(), now(), ?, ?, 'inProgress') returning id",
				[roundId, id],
			))[0]!.id
		const atRiverside = await feedback(theirs.id)
		const atOakfield = await feedback(ours.id)
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?), (?, ?)', [theirs.profile_id, id, ours.profile_id, id])

		const refused = await office.post('/school-admin/directory', { intent: 'delete', id })
		expect(await toastAfter(office, refused)).toContain('Mo Lovelace can’t be deleted')
		expect(await member(id)).toBeDefined()
		expect(await app.sql('select id from feedback where id in (?, ?) order by id', [atRiverside, atOakfield])).toHaveLength(2)

		// Becoming a school admin takes them off Oakfield's students only.
		expect((await office.post('/school-admin/directory', { intent: 'set-role', id, role: 'schoolAdmin' })).status).toBe(302)
		expect(await app.sql('select id from feedback where id in (?, ?)', [atRiverside, atOakfield])).toEqual([{ id: atRiverside }])
		expect(await app.sql('select profile_id from profile_respondent where membership_id = ?', [id])).toEqual([{ profile_id: theirs.profile_id }])
	})

	test('someone who also works at another school keeps their account', async () => {
		await office.post('/school-admin/directory/add', addForm({ email: 'mentor@riverside.test', firstName: 'Dan' }))
		const id = await membershipId('mentor@riverside.test', oakfieldId)
		expect((await office.post('/school-admin/directory', { intent: 'delete', id })).status).toBe(302)
		expect(await app.sql("select 1 from users where email = 'mentor@riverside.test'")).toHaveLength(1)
		expect(await member(riversideMemberId)).toBeDefined()
	})

	test('two school admins deleting each other at once leave the school one school admin', async () => {
		const [hash] = await app.sql<{ password_hash: string }>("select password_hash from users where email = 'office@oakfield.test'")
		const [school] = await app.sql<{ id: string }>(
			"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Two Admins School', 'two-admins', 'Primary', false) returning id",
		)
		const admins: Browser[] = []
		const ids: string[] = []
		for (const email of ['one@two-admins.test', 'two@two-admins.test']) {
			const [user] = await app.sql<{ id: string }>(
				"insert into users (id, created_at, updated_at, email, first_name, last_name, password_hash, system_role, mfa_enabled) values (gen_random_uuid(), now(), now(), ?, 'Admin', ?, ?, 'schoolStaff', false) returning id",
				[email, email, hash!.password_hash],
			)
			const [row] = await app.sql<{ id: string }>(
				"insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access) values (gen_random_uuid(), now(), now(), ?, ?, 'Admin', ?, 'schoolAdmin', 'active') returning id",
				[user!.id, school!.id, email],
			)
			ids.push(row!.id)
			const browser = new Browser(app)
			await browser.signIn(email)
			admins.push(browser)
		}
		const responses = await Promise.all([
			admins[0]!.post('/school-admin/directory', { intent: 'delete', id: ids[1]! }),
			admins[1]!.post('/school-admin/directory', { intent: 'delete', id: ids[0]! }),
		])
		for (const response of responses) expect(response.status).toBe(302)
		const left = await app.sql<{ id: string }>("select id from school_membership where school_id = ? and role = 'schoolAdmin'", [school!.id])
		expect(left).toHaveLength(1)
	})
})
