import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * One person, two schools (docs/decisions/017-school-switcher.md): Dana is school admin at Oakfield (her oldest
 * membership) and a professional at Riverside, connected to one Riverside student. Each session acts in one of her
 * memberships, chosen with the header's switcher, a plain form post.
 */
let app: TestApp
const ids: Record<'oakfield' | 'riverside' | 'dana' | 'atOakfield' | 'atRiverside' | 'oakStudent' | 'riverLinked' | 'riverOther', string> = {
	oakfield: '',
	riverside: '',
	dana: '',
	atOakfield: '',
	atRiverside: '',
	oakStudent: '',
	riverLinked: '',
	riverOther: '',
}

const one = async (query: string, params: unknown[] = []) => {
	const [row] = await app.sql<{ id: string }>(query, params)
	if (!row) throw new Error(`no row for: ${query}`)
	return row.id
}

async function addMembership(userId: string, schoolId: string, role: string, access: string, daysAgo: number) {
	return one(
		`insert into school_membership (id, created_at, updated_at, user_id, school_id, role, job_title, access, first_name, last_name)
		values (gen_random_uuid(), now() - make_interval(days => ?), now(), ?, ?, ?, 'Cover', ?, 'Dana', 'Dual') returning id`,
		[daysAgo, userId, schoolId, role, access],
	)
}

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	ids.oakfield = await one("select id from school where subdomain = 'oakfield'")
	ids.riverside = await one("select id from school where subdomain = 'riverside'")
	ids.dana = await one(
		`insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled, password_hash)
		select gen_random_uuid(), now(), now(), 'dana@oakfield.test', 'Dana', 'Dual', 'schoolStaff', false, password_hash
		from users where email = 'office@oakfield.test' returning id`,
	)
	ids.atOakfield = await addMembership(ids.dana, ids.oakfield, 'schoolAdmin', 'active', 2)
	ids.atRiverside = await addMembership(ids.dana, ids.riverside, 'professional', 'active', 1)
	ids.oakStudent = await one('select id from student where school_id = ? order by upn limit 1', [ids.oakfield])
	ids.riverLinked = await one('select id from student where school_id = ? order by upn limit 1', [ids.riverside])
	ids.riverOther = await one('select id from student where school_id = ? order by upn offset 1 limit 1', [ids.riverside])
	await app.sql(
		'insert into student_professional (id, created_at, updated_at, student_id, membership_id, is_key) values (gen_random_uuid(), now(), now(), ?, ?, false)',
		[ids.riverLinked, ids.atRiverside],
	)
})
afterAll(() => app?.close())

/** Posts the switcher's form as a browser without JavaScript does, and follows the redirects to the page it lands on. */
async function switchTo(browser: Browser, membershipId: string) {
	const response = await browser.post('/switch-school', { membershipId })
	expect(response.status).toBe(302)
	const location = response.headers.get('Location')!
	let next = location
	for (let hops = 0; hops < 3; hops++) {
		const landed = await browser.request(next)
		if (landed.status !== 302) {
			expect(landed.status).toBe(200)
			return { location, landing: next, text: textOf(await landed.text()) }
		}
		next = landed.headers.get('Location')!
	}
	throw new Error('too many redirects')
}

async function signedIn(email = 'dana@oakfield.test') {
	const browser = new Browser(app)
	await browser.signIn(email)
	return browser
}

/** The membership a browser's session row points to. */
async function chosen(browser: Browser) {
	const me = (await (await browser.request('/api/me/')).json()) as { activeSchoolId: string | null }
	const sessions = await app.sql<{ active_membership_id: string | null }>(
		'select active_membership_id from session where user_id = ? order by last_seen_at desc',
		[ids.dana],
	)
	return { activeSchoolId: me.activeSchoolId, sessions: sessions.map((row) => row.active_membership_id) }
}

const switches = async () =>
	(await app.sql<{ n: number }>("select count(*)::int as n from audit_event where action = 'session.switch-school'"))[0]!.n

describe('before switching, a session acts in the oldest membership', () => {
	test('Dana is Oakfield’s school admin: Oakfield’s students, none of Riverside’s, and a switcher naming both schools', async () => {
		const dana = await signedIn()
		expect((await dana.request('/')).headers.get('Location')).toBe('/school-admin')
		const html = await (await dana.request('/school-admin/students/list')).text()
		expect(html).toContain(`href="/school-admin/students/list/${ids.oakStudent}"`)
		expect(html).not.toContain(ids.riverLinked)
		expect((await dana.request(`/school-admin/students/list/${ids.riverLinked}`)).status).toBe(404)

		expect(html).toContain('action="/switch-school"')
		expect(html).toMatch(/<label[^>]*for="school-switcher"[^>]*>School<\/label>/)
		expect(html).toContain(`<option value="${ids.atOakfield}" selected="">Oakfield Primary School (School admin)</option>`)
		expect(html).toContain(`<option value="${ids.atRiverside}">Riverside Academy (Staff member)</option>`)
		expect(textOf(html)).toContain('Switch')
		expect(await chosen(dana)).toMatchObject({ activeSchoolId: ids.oakfield })
	})
})

describe('switching to Riverside, without JavaScript', () => {
	let dana: Browser
	beforeAll(async () => {
		dana = await signedIn()
	})

	test('lands on the professional home with a toast, and the header now selects Riverside', async () => {
		const before = await switches()
		const { location, text } = await switchTo(dana, ids.atRiverside)
		expect(location).toBe('/professional')
		expect(text).toContain('Now working in Riverside Academy')
		const html = await (await dana.request('/professional/students')).text()
		expect(html).toContain(`<option value="${ids.atRiverside}" selected="">Riverside Academy (Staff member)</option>`)
		expect(await switches()).toBe(before + 1)
		const [event] = await app.sql('select actor_id, impersonated_user_id, entity_id, school_id from audit_event where action = ? order by at desc limit 1', [
			'session.switch-school',
		])
		expect(event).toEqual({ actor_id: ids.dana, impersonated_user_id: null, entity_id: ids.atRiverside, school_id: ids.riverside })
	})

	test('sees Riverside within a professional’s need-to-know, and is refused Oakfield’s records and admin area', async () => {
		const list = await (await dana.request('/professional/students')).text()
		expect(list).toContain(`href="/students/profile/${ids.riverLinked}"`)
		expect(list).not.toContain(ids.riverOther)
		expect(list).not.toContain(ids.oakStudent)
		expect((await dana.request(`/students/profile/${ids.riverLinked}`)).status).toBe(200)
		expect((await dana.request(`/students/profile/${ids.riverOther}`)).status).toBe(404)
		expect((await dana.request(`/students/profile/${ids.oakStudent}`)).status).toBe(404)
		for (const path of ['/school-admin', '/school-admin/students/list', `/school-admin/students/list/${ids.oakStudent}`, '/school-admin/directory']) {
			const response = await dana.request(path)
			expect(response.status, path).toBe(302)
			expect(response.headers.get('Location'), path).toBe('/professional')
		}
		const write = await dana.post(`/school-admin/students/list/${ids.oakStudent}`, { intent: 'archive' })
		expect(write.headers.get('Location')).toBe('/professional')
		expect(await app.sql('select archived from student where id = ?', [ids.oakStudent])).toEqual([{ archived: false }])
	})

	test('the choice lasts across requests of this session, and only this session: another sign-in starts at Oakfield', async () => {
		expect((await dana.request('/')).headers.get('Location')).toBe('/professional')
		expect((await chosen(dana)).activeSchoolId).toBe(ids.riverside)
		const laptop = await signedIn()
		expect((await laptop.request('/')).headers.get('Location')).toBe('/school-admin')
		expect((await laptop.request('/school-admin/students/list')).status).toBe(200)
		expect((await dana.request('/')).headers.get('Location')).toBe('/professional')
	})

	test('switching back to Oakfield returns to the school admin’s home', async () => {
		const { location, text } = await switchTo(dana, ids.atOakfield)
		expect(location).toBe('/school-admin')
		expect(text).toContain('Now working in Oakfield Primary School')
		expect((await dana.request(`/school-admin/students/list/${ids.oakStudent}`)).status).toBe(200)
	})
})

describe('refused switches change nothing', () => {
	let dana: Browser
	let noAccess: string
	let archived: string
	let someoneElses: string
	beforeAll(async () => {
		dana = await signedIn()
		await dana.post('/switch-school', { membershipId: ids.atRiverside })
		const meadowview = await one("select id from school where subdomain = 'meadowview'")
		noAccess = await addMembership(ids.dana, meadowview, 'needManager', 'none', 0)
		const closed = await one(
			"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Closed Primary', 'closed-primary', 'Primary', true) returning id",
		)
		archived = await addMembership(ids.dana, closed, 'needManager', 'active', 0)
		someoneElses = await one("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'office@riverside.test'")
	})

	test.each([
		{ name: 'another user’s membership', id: () => someoneElses, status: 404 },
		{ name: 'her own membership without access', id: () => noAccess, status: 404 },
		{ name: 'her own membership in an archived school', id: () => archived, status: 404 },
		{ name: 'an unknown id', id: () => '00000000-0000-4000-8000-000000000000', status: 404 },
		{ name: 'a malformed id', id: () => 'not-a-uuid', status: 400 },
		{ name: 'no id', id: () => '', status: 400 },
	])('$name → $status', async ({ id, status }) => {
		const before = await chosen(dana)
		const count = await switches()
		const response = await dana.post('/switch-school', { membershipId: id(), schoolId: ids.oakfield, role: 'schoolAdmin' })
		expect(response.status).toBe(status)
		expect(await chosen(dana)).toEqual(before)
		expect(before.activeSchoolId).toBe(ids.riverside)
		expect(await switches()).toBe(count)
	})

	test('a body that is not a form → 415 (ADR 018); a GET changes nothing; a visitor is sent to sign in', async () => {
		const before = await chosen(dana)
		const json = await dana.request('/switch-school', { method: 'POST', json: { membershipId: ids.atOakfield }, headers: { Origin: app.url } })
		expect(json.status).toBe(415)
		const get = await dana.request(`/switch-school?membershipId=${ids.atOakfield}`)
		expect(get.status).toBe(302)
		expect(await chosen(dana)).toEqual(before)
		const visitor = await new Browser(app).post('/switch-school', { membershipId: ids.atOakfield })
		expect(visitor.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
	})

	test('a platform admin, and a single-school user, have no switcher and cannot switch', async () => {
		for (const { email, landing } of [
			{ email: 'admin@spencer.test', landing: '/spencer-admin/schools' },
			{ email: 'teacher@oakfield.test', landing: '/professional/home' },
		]) {
			const browser = await signedIn(email)
			const home = (await browser.request('/')).headers.get('Location')
			for (const path of [landing, '/settings/profile']) {
				const response = await browser.request(path)
				expect(response.status, path).toBe(200)
				expect(await response.text(), `${email} ${path}`).not.toContain('/switch-school')
			}
			expect((await browser.post('/switch-school', { membershipId: ids.atRiverside })).status, email).toBe(404)
			expect((await browser.request('/')).headers.get('Location')).toBe(home)
		}
	})
})

describe('a chosen membership that loses its standing', () => {
	test('access removed, or the school archived: the session is back in the oldest membership', async () => {
		const dana = await signedIn()
		await dana.post('/switch-school', { membershipId: ids.atRiverside })
		expect((await dana.request('/')).headers.get('Location')).toBe('/professional')
		await app.sql("update school_membership set access = 'none' where id = ?", [ids.atRiverside])
		expect((await dana.request('/')).headers.get('Location')).toBe('/school-admin')
		expect((await dana.request(`/students/profile/${ids.riverLinked}`)).status).toBe(404)
		// A single school left with access: no switcher.
		expect(await (await dana.request('/school-admin/students/list')).text()).not.toContain('action="/switch-school"')
		await app.sql("update school_membership set access = 'active' where id = ?", [ids.atRiverside])
		expect((await dana.request('/')).headers.get('Location')).toBe('/professional')

		await app.sql('update school set archived = true where id = ?', [ids.riverside])
		try {
			expect((await dana.request('/')).headers.get('Location')).toBe('/school-admin')
		} finally {
			await app.sql('update school set archived = false where id = ?', [ids.riverside])
		}
	})

	test('a deleted membership clears the choice', async () => {
		const dana = await signedIn()
		const school = await one(
			"insert into school (id, created_at, updated_at, name, subdomain, type) values (gen_random_uuid(), now(), now(), 'Short Stay', 'short-stay', 'Primary') returning id",
		)
		const temporary = await addMembership(ids.dana, school, 'professional', 'active', 0)
		try {
			await dana.post('/switch-school', { membershipId: temporary })
			expect((await dana.request('/')).headers.get('Location')).toBe('/professional')
		} finally {
			await app.sql('delete from school_membership where id = ?', [temporary])
		}
		expect((await dana.request('/')).headers.get('Location')).toBe('/school-admin')
	})
})

describe('while a platform admin impersonates Dana', () => {
	test('it starts in her oldest membership whatever her own sessions chose; a switch lasts until the impersonation ends', async () => {
		const own = await signedIn()
		await own.post('/switch-school', { membershipId: ids.atRiverside })

		const admin = await signedIn('admin@spencer.test')
		const impersonate = () => admin.post(`/spencer-admin/schools/${ids.oakfield}`, { intent: 'impersonate', userId: ids.dana })
		expect((await impersonate()).status).toBe(302)
		expect((await admin.request('/')).headers.get('Location')).toBe('/school-admin')
		expect(await (await admin.request('/school-admin/students/list')).text()).toContain('action="/switch-school"')

		const { location, text } = await switchTo(admin, ids.atRiverside)
		expect(location).toBe('/professional')
		expect(text).toContain('Now working in Riverside Academy')
		expect(text).toContain('You are in impersonation mode')
		expect((await admin.request(`/students/profile/${ids.riverLinked}`)).status).toBe(200)
		const [event] = await app.sql('select actor_id, impersonated_user_id from audit_event where action = ? order by at desc limit 1', ['session.switch-school'])
		const adminId = await one("select id from users where email = 'admin@spencer.test'")
		expect(event).toEqual({ actor_id: adminId, impersonated_user_id: ids.dana })

		expect((await admin.post('/impersonation/exit', {})).headers.get('Location')).toBe('/spencer-admin/schools')
		expect((await admin.request('/')).headers.get('Location')).toBe('/spencer-admin')
		expect((await admin.post('/switch-school', { membershipId: ids.atRiverside })).status).toBe(404)
		expect((await impersonate()).status).toBe(302)
		expect((await admin.request('/')).headers.get('Location')).toBe('/school-admin')
		// Dana's own session kept its own choice throughout.
		expect((await own.request('/')).headers.get('Location')).toBe('/professional')
	})

	test('started from Riverside, it acts in Riverside, and is audited there; a member without access at a school is not impersonated from it', async () => {
		const admin = await signedIn('admin@spencer.test')
		expect((await admin.post(`/spencer-admin/schools/${ids.riverside}`, { intent: 'impersonate', userId: ids.dana })).status).toBe(302)
		expect((await admin.request('/')).headers.get('Location')).toBe('/professional')
		const [started] = await app.sql('select school_id from audit_event where action = ? order by at desc limit 1', ['impersonation.start'])
		expect(started).toEqual({ school_id: ids.riverside })
		expect((await admin.post('/impersonation/exit', {})).status).toBe(302)

		// Her Riverside access is removed: impersonating her from Riverside is refused, and nothing starts.
		await app.sql("update school_membership set access = 'none' where id = ?", [ids.atRiverside])
		try {
			const sessions = async () => (await app.sql<{ n: number }>('select count(*)::int as n from impersonation where ended_at is null'))[0]!.n
			const before = await sessions()
			const refused = await admin.post(`/spencer-admin/schools/${ids.riverside}`, { intent: 'impersonate', userId: ids.dana })
			expect(refused.status).toBe(409)
			expect(textOf(await refused.text())).toContain('This staff member has no access to Spencer at this school, so they cannot be impersonated here.')
			expect(await sessions()).toBe(before)
			expect((await admin.request('/')).headers.get('Location')).toBe('/spencer-admin')
		} finally {
			await app.sql("update school_membership set access = 'active' where id = ?", [ids.atRiverside])
		}
	})
})
