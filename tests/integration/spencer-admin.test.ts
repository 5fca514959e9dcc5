import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { Browser, refusingSmtpUrl, startApp, type TestApp } from './app.ts'
import { expectSentHome } from './pages.ts'

let app: TestApp
let admin: Browser
let oakfieldId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
	const [row] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
	oakfieldId = row!.id
})
afterAll(() => app?.close())

const userId = async (email: string) => (await app.sql<{ id: string }>('select id from users where email = ?', [email]))[0]!.id

describe('every screen of the area refuses other roles and visitors', () => {
	const paths = () => ['/spencer-admin/schools', '/spencer-admin/schools/create', `/spencer-admin/schools/${oakfieldId}`]
	const others = [
		{ email: 'office@oakfield.test', home: '/school-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]

	test.each(others)('$email is sent to $home, for loaders and actions', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		await expectSentHome(browser, paths(), home, { intent: 'save', name: 'Hacked', subdomain: 'hacked', type: 'Primary' })
		expect(await app.sql("select id from school where subdomain = 'hacked'")).toEqual([])
	})

	test('a visitor is sent to sign in', async () => {
		for (const path of paths()) {
			const response = await new Browser(app).request(path)
			expect(response.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
	})
})

describe('schools', () => {
	test('create a school; a duplicate subdomain is refused with 1001 beside the field', async () => {
		const created = await admin.post('/spencer-admin/schools/create', {
			intent: 'save',
			name: 'Hillside Infant School',
			subdomain: 'Hillside',
			type: 'Infant',
			urn: '123456',
		})
		expect(created.status).toBe(302)
		const [school] = await app.sql<{ id: string; subdomain: string }>("select id, subdomain from school where name = 'Hillside Infant School'")
		expect(school?.subdomain).toBe('hillside')
		expect(created.headers.get('Location')).toBe(`/spencer-admin/schools/${school!.id}`)

		const duplicate = await admin.post('/spencer-admin/schools/create', { intent: 'save', name: 'Other', subdomain: 'hillside', type: 'Primary' })
		expect(duplicate.status).toBe(409)
		expect(await duplicate.text()).toContain('School subdomain should be unique. Please change it and try again.')
		expect((await app.sql("select id from school where subdomain = 'hillside'")).length).toBe(1)

		const bad = await admin.post('/spencer-admin/schools/create', { intent: 'save', name: 'X', subdomain: 'a b', type: 'Castle', urn: '12' })
		expect(bad.status).toBe(400)
	})

	test('a contact email longer than an address can be is refused beside the field, on create and on save', async () => {
		const contactEmail = `${'a'.repeat(300)}@example.com`
		const fields = { intent: 'save', name: 'Longmail School', subdomain: 'longmail', type: 'Primary', contactEmail }
		const created = await admin.post('/spencer-admin/schools/create', fields)
		expect(created.status).toBe(400)
		expect(await created.text()).toContain('Use at most 254 characters')
		const saved = await admin.post(`/spencer-admin/schools/${oakfieldId}`, { ...fields, name: 'Oakfield Primary School', subdomain: 'oakfield' })
		expect(saved.status).toBe(400)
		expect(await saved.text()).toContain('Use at most 254 characters')
		expect(await app.sql("select id from school where subdomain = 'longmail' or contact_email like 'aaaa%'")).toEqual([])
	})

	test('the list searches, sorts and paginates on the server', async () => {
		const page = await admin.request('/spencer-admin/schools?q=river')
		const html = await page.text()
		expect(html).toContain('Riverside Academy')
		expect(html).not.toContain('Oakfield Primary School')
		const none = await (await admin.request('/spencer-admin/schools?q=zzzz')).text()
		expect(none).toContain('No matching data')
	})

	test('the list costs the same number of SQL queries with 5 schools and with 500', async () => {
		const count = async () => Number((await admin.request('/spencer-admin/schools?sort=students&dir=desc')).headers.get('X-Query-Count'))
		await app.sql(
			"insert into school (id, created_at, updated_at, name, subdomain, type, archived) select gen_random_uuid(), now(), now(), 'Bulk ' || i, 'bulk-a-' || i, 'Primary', false from generate_series(1, 1) i",
		)
		const [{ total: few } = { total: 0 }] = await app.sql<{ total: number }>('select count(*)::int as total from school')
		expect(few).toBeLessThanOrEqual(6)
		const small = await count()
		await app.sql(
			"insert into school (id, created_at, updated_at, name, subdomain, type, archived) select gen_random_uuid(), now(), now(), 'Bulk ' || i, 'bulk-b-' || i, 'Primary', false from generate_series(1, 495) i",
		)
		const large = await count()
		expect(small).toBeGreaterThan(0)
		expect(large).toBe(small)
	})
})

describe('a school’s staff on its page', () => {
	test('one page of 25 at a time, with the next page’s link keeping the access report’s address, in the same statements for 2 staff and for 60', async () => {
		const [school] = await app.sql<{ id: string }>(
			"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Paged Staff School', 'paged-staff', 'Primary', false) returning id",
		)
		const here = `/spencer-admin/schools/${school!.id}`
		const addStaff = (from: number, to: number) =>
			app.sql(
				`with made as (insert into users (id, created_at, updated_at, email, first_name, last_name, review_digest)
					select gen_random_uuid(), now(), now(), 'paged' || i || '@paged.test', 'Pat', 'Paged' || lpad(i::text, 2, '0'), true from generate_series(${from}, ${to}) i returning id, last_name)
				insert into school_membership (id, created_at, updated_at, user_id, school_id, role, access, first_name, last_name)
				select gen_random_uuid(), now(), now(), id, ?, 'professional', 'active', 'Pat', last_name from made`,
				[school!.id],
			)
		const statements = async (path: string) => Number((await admin.request(path)).headers.get('X-Query-Count'))
		await addStaff(1, 2)
		const few = await statements(here)
		await addStaff(3, 60)
		expect(await statements(here)).toBe(few)

		const first = await (await admin.request(`${here}?upn=A000000000000&from=2026-01-01&to=2026-01-31`)).text()
		expect(first).toContain('Showing 1–25 of 60')
		expect(first).toContain('Paged01')
		expect(first).not.toContain('Paged26')
		expect(first).toMatch(/href="\/spencer-admin\/schools\/[0-9a-f-]+\?upn=A000000000000&amp;from=2026-01-01&amp;to=2026-01-31&amp;page=2"/)
		const third = await (await admin.request(`${here}?page=3`)).text()
		expect(third).toContain('Showing 51–60 of 60')
		expect(third).toContain('Paged60')
		expect(third).not.toContain('Paged50')
		expect((await admin.request(`${here}?page=99999999999`)).status).toBe(400)
	})
})

describe('school admins', () => {
	test('adding a school admin sends an invitation that signs them in as that school’s admin', async () => {
		const response = await admin.post(`/spencer-admin/schools/${oakfieldId}?modal=add-school-admin`, {
			intent: 'add-admin',
			firstName: 'Nina',
			lastName: 'Osei',
			email: 'nina@oakfield.test',
		})
		expect(response.status).toBe(302)
		const mail = app.outbox().filter((message) => message.to.includes('nina@oakfield.test')).at(-1)
		expect(mail?.subject).toBe("You're invited to Spencer")
		const token = new URL(/https?:\/\/\S+set-password-from-email\?\S+/.exec(mail!.body)![0]).searchParams.get('token')!
		const nina = new Browser(app)
		const set = await nina.post(`/auth/set-password-from-email?token=${token}&email=nina%40oakfield.test`, {
			email: 'nina@oakfield.test',
			token,
			password: 'Oak-Trees!2026',
		})
		expect(set.status).toBe(302)
		expect((await nina.request('/')).headers.get('Location')).toBe('/school-admin')
		const again = await admin.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'add-admin', firstName: 'N', lastName: 'O', email: 'nina@oakfield.test' })
		expect(again.status).toBe(409)
	})
})

describe('an invitation e-mail that cannot be sent', () => {
	test('adding a school admin keeps them, as Invited, with a warning to resend; resend says the same; the log names no one', async () => {
		// The SMTP connection is refused.
		app.configure({ SMTP_URL: await refusingSmtpUrl() })
		const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const here = `/spencer-admin/schools/${oakfieldId}`
		const toastAfter = async (response: Response) => {
			expect(response.status).toBe(302)
			return (await admin.request(response.headers.get('Location')!)).text()
		}
		try {
			const added = await admin.post(here, { intent: 'add-admin', firstName: 'Unity', lastName: 'Mailless', email: 'mailless@oakfield.test' })
			expect(await toastAfter(added)).toContain('School admin added, but the invitation email could not be sent.')
			const [membership] = await app.sql<{ id: string; access: string }>(
				"select m.id, m.access from school_membership m join users u on u.id = m.user_id where u.email = 'mailless@oakfield.test'",
			)
			expect(membership?.access).toBe('invited')
			const resent = await admin.post(here, { intent: 'resend', membershipId: membership!.id })
			expect(await toastAfter(resent)).toContain('The invitation email could not be sent.')
			// Each failure is logged, naming the membership and never the person.
			const logged = warnings.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('Invitation email'))
			expect(logged).toHaveLength(2)
			for (const line of logged) {
				expect(line).toContain(membership!.id)
				expect(line).not.toMatch(/mailless|Unity/i)
			}
		} finally {
			warnings.mockRestore()
			app.configure({ SMTP_URL: undefined })
		}
	})
})

describe('impersonation', () => {
	const IMPERSONATION = '__Host-spencer_impersonation'
	test('acts as the target, shows the banner, audits writes with both users, and exits to the schools list', async () => {
		const browser = new Browser(app)
		await browser.signIn('admin@spencer.test')
		const before = browser.cookies.get('__Host-spencer_session')
		const started = await browser.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: await userId('senco@oakfield.test') })
		expect(started.status).toBe(302)
		expect(browser.cookies.has(IMPERSONATION)).toBe(true)
		expect(browser.cookies.get('__Host-spencer_session')).not.toBe(before)
		const cookie = started.headers.getSetCookie().find((value) => value.startsWith(`${IMPERSONATION}=`))!
		expect(cookie).toMatch(/HttpOnly/i)

		expect((await (await browser.request('/api/me/')).json()).email).toBe('senco@oakfield.test')
		const page = await (await browser.request('/need-manager/home')).text()
		expect(page).toContain('You are in impersonation mode, viewing senco@oakfield.test account. To exit, click')
		expect((await browser.request('/spencer-admin/schools')).headers.get('Location')).toBe('/need-manager')

		await browser.post('/settings/profile', { intent: 'name', firstName: 'Sarah', lastName: 'Collins-Test' })
		const [event] = await app.sql<{ actor_id: string; impersonated_user_id: string }>(
			"select actor_id, impersonated_user_id from audit_event where action = 'account.name-changed' order by at desc limit 1",
		)
		expect(event).toEqual({ actor_id: await userId('admin@spencer.test'), impersonated_user_id: await userId('senco@oakfield.test') })
		const password = await browser.post('/settings/profile', { intent: 'password', currentPassword: 'Spencer!2026', newPassword: 'Changed-By!Admin1' })
		expect(password.status).toBe(403)
		// Locked whatever is posted: an invalid form, or the sign-in code.
		expect((await browser.post('/settings/profile', { intent: 'password', currentPassword: '', newPassword: 'x' })).status).toBe(403)
		expect((await browser.post('/settings/profile', { intent: 'mfa', enabled: 'true' })).status).toBe(403)
		const [senco] = await app.sql<{ mfa_enabled: boolean }>("select mfa_enabled from users where email = 'senco@oakfield.test'")
		expect(senco!.mfa_enabled).toBe(false)

		const exit = await browser.post('/impersonation/exit', {})
		expect(exit.headers.get('Location')).toBe('/spencer-admin/schools')
		expect(browser.cookies.has(IMPERSONATION)).toBe(false)
		expect((await (await browser.request('/api/me/')).json()).email).toBe('admin@spencer.test')
	})

	test('a platform admin cannot be impersonated', async () => {
		const response = await admin.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: await userId('admin@spencer.test') })
		expect([403, 404]).toContain(response.status)
		expect(admin.cookies.has(IMPERSONATION)).toBe(false)
	})

	test('signing out while impersonating ends the impersonation, audited as a sign-out', async () => {
		const browser = new Browser(app)
		await browser.signIn('admin@spencer.test')
		await browser.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: await userId('office@oakfield.test') })
		const [row] = await app.sql<{ id: string }>('select id from impersonation where ended_at is null order by started_at desc limit 1')
		const out = await browser.post('/auth/logout', {})
		expect(out.headers.get('Location')).toBe('/auth/login')
		expect(browser.cookies.has(IMPERSONATION)).toBe(false)
		const [ended] = await app.sql<{ ended_at: Date | null }>('select ended_at from impersonation where id = ?', [row!.id])
		expect(ended!.ended_at).not.toBeNull()
		const [event] = await app.sql<{ actor_id: string; impersonated_user_id: string }>(
			"select actor_id, impersonated_user_id from audit_event where action = 'auth.sign-out' order by at desc limit 1",
		)
		expect(event).toEqual({ actor_id: await userId('admin@spencer.test'), impersonated_user_id: await userId('office@oakfield.test') })
	})

	test('only a member of this school’s staff, from this school’s page: another school’s member → 404', async () => {
		const response = await admin.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: await userId('senco@riverside.test') })
		expect(response.status).toBe(404)
		expect(await app.sql("select 1 from impersonation i join users u on u.id = i.target_id where u.email = 'senco@riverside.test'")).toHaveLength(0)
		expect(admin.cookies.has(IMPERSONATION)).toBe(false)
	})

	test('a copied impersonation cookie used with another session gains nothing: it is cleared', async () => {
		const first = new Browser(app)
		await first.signIn('admin@spencer.test')
		await first.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: await userId('teacher@oakfield.test') })
		const second = new Browser(app)
		await second.signIn('admin@spencer.test')
		second.cookies.set(IMPERSONATION, first.cookies.get(IMPERSONATION)!)
		// Impersonation ended (10002, ADR 026): the admin is back as themselves, without the cookie.
		expect(await (await second.request('/api/me/')).json()).toEqual({ code: 10002, message: 'impersonation ended' })
		expect(second.cookies.has(IMPERSONATION)).toBe(false)
		expect((await (await second.request('/api/me/')).json()).email).toBe('admin@spencer.test')
		const thief = new Browser(app)
		await thief.signIn('office@riverside.test')
		thief.cookies.set(IMPERSONATION, first.cookies.get(IMPERSONATION)!)
		await thief.request('/api/me/')
		expect(thief.cookies.has(IMPERSONATION)).toBe(false)
		expect((await (await thief.request('/api/me/')).json()).email).toBe('office@riverside.test')
	})

	test('after an hour it ends: "Impersonation ended" (10002), then the schools list', async () => {
		const browser = new Browser(app)
		await browser.signIn('admin@spencer.test')
		await browser.post(`/spencer-admin/schools/${oakfieldId}`, { intent: 'impersonate', userId: await userId('office@oakfield.test') })
		expect((await (await browser.request('/api/me/')).json()).email).toBe('office@oakfield.test')
		await app.sql("update impersonation set expires_at = now() - interval '1 second' where ended_at is null")
		const expired = await browser.request('/school-admin')
		expect(expired.headers.get('Location')).toBe('/impersonation/ended')
		expect(browser.cookies.has(IMPERSONATION)).toBe(false)
		const page = await (await browser.request('/impersonation/ended')).text()
		expect(page).toContain('Impersonation ended')
		expect(page).toContain('Session expired. Please start impersonation again.')
		expect(page).toContain('data-error-code="10002"')
		expect(page).toContain('url=/impersonation/ended?continue')
		expect((await browser.request('/impersonation/ended?continue')).headers.get('Location')).toBe('/spencer-admin/schools')
	})
})

describe('access report', () => {
	test('lists who touched one student between two dates, with the impersonated user', async () => {
		const [student] = await app.sql<{ id: string; upn: string }>(
			"select s.id, s.upn from student s join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' order by s.upn limit 1",
		)
		await app.sql(
			`insert into audit_event (id, created_at, updated_at, actor_id, impersonated_user_id, action, entity_type, entity_id, school_id, at)
			values (gen_random_uuid(), now(), now(), ?, ?, 'student.profile.read', 'Student', ?, ?, '2026-03-10T10:00:00Z'),
				(gen_random_uuid(), now(), now(), ?, null, 'student.update', 'Student', ?, ?, '2026-05-01T10:00:00Z')`,
			[await userId('admin@spencer.test'), await userId('senco@oakfield.test'), student!.id, oakfieldId, await userId('office@oakfield.test'), student!.id, oakfieldId],
		)
		const html = await (await admin.request(`/spencer-admin/schools/${oakfieldId}?upn=${student!.upn}&from=2026-03-01&to=2026-03-31`)).text()
		expect(html).toContain('student.profile.read')
		expect(html).toContain('admin@spencer.test (acting as senco@oakfield.test)')
		expect(html).not.toContain('student.update')
		const other = await (await admin.request(`/spencer-admin/schools/${oakfieldId}?upn=A000000000000&from=2026-03-01&to=2026-03-31`)).text()
		expect(other).toContain('No student with that UPN in this school.')
	})

	test('dates of the right shape that are not days (a month 13, 30 February) ask for real dates, never a server error', async () => {
		const [student] = await app.sql<{ upn: string }>("select s.upn from student s join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' limit 1")
		for (const [from, to] of [
			['2026-13-01', '2026-03-01'],
			['2026-03-01', '2026-02-30'],
			['2026-03-01', '2026-00-01'],
		]) {
			const response = await admin.request(`/spencer-admin/schools/${oakfieldId}?upn=${student!.upn}&from=${from}&to=${to}`)
			expect(response.status, `${from} ${to}`).toBe(200)
			const html = await response.text()
			expect(html).toContain('Enter real dates in From and To.')
			expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="from"|<input[^>]*name="from"[^>]*aria-invalid="true"/)
		}
	})

	test('dates the wrong way round say so, rather than report no access between them', async () => {
		const [student] = await app.sql<{ upn: string }>("select s.upn from student s join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' limit 1")
		const html = await (await admin.request(`/spencer-admin/schools/${oakfieldId}?upn=${student!.upn}&from=2026-12-31&to=2026-01-01`)).text()
		expect(html).toContain('From is after To: swap the dates.')
		expect(html).not.toContain('No access to')
	})
})
