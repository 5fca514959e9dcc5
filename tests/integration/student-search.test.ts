import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * Issue 13, item 2: `/students` is a quick search, by name or UPN, over the
 * students the signed-in school role may see (the rule of
 * `/students/profile/:id`), each result a link to that profile. Anyone else
 * goes home.
 */

let app: TestApp
const browsers = new Map<string, Browser>()
let oakfieldId: string
let riversideId: string

async function as(email: string) {
	let browser = browsers.get(email)
	if (!browser) {
		browser = new Browser(app)
		await browser.signIn(email)
		browsers.set(email, browser)
	}
	return browser
}

/** The ids of the profiles a search's page links to, in order. */
const linked = (html: string) => [...html.matchAll(/href="\/students\/profile\/([0-9a-f-]{36})"/g)].map((match) => match[1] as string)

async function search(email: string, q: string, extra = '') {
	const response = await (await as(email)).request(`/students?q=${encodeURIComponent(q)}${extra}`)
	expect(response.status, `${email} ${q}`).toBe(200)
	return response.text()
}

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	riversideId = (await app.sql<{ id: string }>("select id from school where subdomain = 'riverside'"))[0]!.id
	// Thirty more Oakfield students named alike, linked to nobody: a search with more than a page of results, none of
	// them the professional's.
	await app.sql(
		`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group)
		select gen_random_uuid(), now(), now(), ?, 'Z' || lpad(n::text, 12, '0'), 'Pupil', 'Quickfind ' || lpad(n::text, 2, '0'), '2016-09-01', 'Not stated', 'Year 4'
		from generate_series(1, 30) n`,
		[oakfieldId],
	)
})
afterAll(() => app?.close())

describe('[13.2] /students, the quick student search', () => {
	test('each school role gets the search screen; a platform admin and a user without a school role go home; a visitor signs in', async () => {
		for (const email of ['office@oakfield.test', 'senco@oakfield.test', 'teacher@oakfield.test']) {
			const response = await (await as(email)).request('/students')
			expect(response.status, email).toBe(200)
			const text = textOf(await response.text())
			expect(text, email).toContain('Find a student')
			expect(text, email).toContain('Type part of a name or a UPN, then press Enter.')
			// The sidebar leads here.
			expect(await (await (await as(email)).request('/settings/profile')).text()).toContain('href="/students"')
		}
		const admin = await (await as('admin@spencer.test')).request('/students?q=a')
		expect(admin.status).toBe(302)
		expect(admin.headers.get('Location')).toBe('/spencer-admin')

		await app.sql("update school_membership set access = 'none' where user_id = (select id from users where email = 'senco@meadowview.test')")
		const noSchool = await (await as('senco@meadowview.test')).request('/students?q=a')
		expect(noSchool.headers.get('Location')).toBe('/settings/profile')

		const visitor = await new Browser(app).request('/students?q=a')
		expect(visitor.headers.get('Location')).toBe('/auth/login?redirectTo=%2Fstudents%3Fq%3Da')
	})

	test('finds by name (either way round, any case) or by UPN, each result a link to the student’s profile', async () => {
		const [student] = await app.sql<{ id: string; first_name: string; last_name: string; upn: string }>(
			'select id, first_name, last_name, upn from student where school_id = ? order by upn limit 1',
			[oakfieldId],
		)
		for (const q of [student!.upn, student!.upn.toLowerCase().slice(0, 9), `${student!.first_name} ${student!.last_name}`.toUpperCase(), `${student!.last_name} ${student!.first_name}`]) {
			expect(linked(await search('senco@oakfield.test', q)), q).toContain(student!.id)
		}
		expect(textOf(await search('senco@oakfield.test', 'no such student anywhere'))).toContain('No student matches “no such student anywhere”.')
		// An empty search runs nothing and lists nobody.
		expect(linked(await search('senco@oakfield.test', '   '))).toEqual([])
	})

	test('tenancy: another school’s students are never found, and another school’s user finds none of them', async () => {
		const [oak] = await app.sql<{ id: string; upn: string; last_name: string }>('select id, upn, last_name from student where school_id = ? limit 1', [oakfieldId])
		const [river] = await app.sql<{ id: string; upn: string; last_name: string }>('select id, upn, last_name from student where school_id = ? limit 1', [riversideId])
		const oakIds = new Set((await app.sql<{ id: string }>('select id from student where school_id = ?', [oakfieldId])).map((row) => row.id))
		const riverIds = new Set((await app.sql<{ id: string }>('select id from student where school_id = ?', [riversideId])).map((row) => row.id))

		// Oakfield's need manager and admin: Riverside's student by UPN is not found; a broad search lists only Oakfield's.
		for (const email of ['senco@oakfield.test', 'office@oakfield.test']) {
			expect(linked(await search(email, river!.upn)), email).toEqual([])
			const broad = linked(await search(email, 'a', '&perPage=100'))
			expect(broad.length, email).toBeGreaterThan(0)
			expect(broad.every((id) => oakIds.has(id)), email).toBe(true)
		}
		// Riverside's admin finds none of Oakfield's, by UPN or by name.
		for (const q of [oak!.upn, oak!.last_name, 'a']) {
			const found = linked(await search('office@riverside.test', q, '&perPage=100'))
			expect(found.some((id) => oakIds.has(id)), q).toBe(false)
			expect(found.every((id) => riverIds.has(id)), q).toBe(true)
		}
	})

	test('a professional finds only the students they may see, the same set their students list and the profile allow', async () => {
		const [me] = await app.sql<{ id: string }>(
			"select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'teacher@oakfield.test'",
		)
		// The need-to-know rule (app/services/need-to-know.server.ts), written out in SQL here as the test's own oracle.
		const rule = `(exists (select 1 from student_professional sp where sp.student_id = s.id and sp.membership_id = ?)
			or exists (select 1 from profile p join profile_respondent pr on pr.profile_id = p.id where p.student_id = s.id and pr.membership_id = ?)
			or exists (select 1 from group_student gs join group_staff gst on gst.group_id = gs.group_id where gs.student_id = s.id and gst.membership_id = ?))`
		const mine = [me!.id, me!.id, me!.id]
		const expected = (
			await app.sql<{ id: string }>(
				`select s.id from student s where s.school_id = ? and ${rule} and (lower(s.first_name || ' ' || s.last_name) like '%a%' or lower(s.upn) like '%a%')`,
				[oakfieldId, ...mine],
			)
		).map((row) => row.id)
		const [hidden] = await app.sql<{ id: string; upn: string }>(`select s.id, s.upn from student s where s.school_id = ? and not ${rule} order by s.upn limit 1`, [
			oakfieldId,
			...mine,
		])
		expect(expected.length).toBeGreaterThan(0)
		expect(hidden).toBeDefined()

		const found = new Set<string>()
		for (let page = 1; page <= 5; page++) {
			const ids = linked(await search('teacher@oakfield.test', 'a', `&perPage=100&page=${page}`))
			ids.forEach((id) => found.add(id))
			if (ids.length < 100) break
		}
		expect([...found].sort()).toEqual(expected.sort())
		// The hidden student is not found by their exact UPN, and their profile is 404 for the same professional.
		expect(linked(await search('teacher@oakfield.test', hidden!.upn))).toEqual([])
		expect((await (await as('teacher@oakfield.test')).request(`/students/profile/${hidden!.id}`)).status).toBe(404)
		// Every result opens.
		for (const id of [...found].slice(0, 3)) expect((await (await as('teacher@oakfield.test')).request(`/students/profile/${id}`)).status).toBe(200)
	})

	test('results paginate on the server, 25 a page by name, keeping the search', async () => {
		const first = await search('office@oakfield.test', 'quickfind')
		expect(linked(first)).toHaveLength(25)
		expect(textOf(first)).toContain('30 students found.')
		expect(textOf(first)).toMatch(/Pupil Quickfind 01 .*Pupil Quickfind 25 /)
		expect(first).toContain('q=quickfind&amp;page=2"')
		const second = await search('office@oakfield.test', 'quickfind', '&page=2')
		expect(linked(second)).toHaveLength(5)
		expect(textOf(second)).toContain('Pupil Quickfind 30')
		expect(linked(second).some((id) => linked(first).includes(id))).toBe(false)
	})

	test('a search refused for its length is said in the results’ status line too, which is announced as it changes', async () => {
		const response = await (await as('office@oakfield.test')).request(`/students?q=${'a'.repeat(101)}`)
		const html = await response.text()
		expect(html).toMatch(/<p role="status" class="sr-only">Search for at most 100 characters \(this search has 101\)\.<\/p>/)
	})
})
