import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { checkUpload, importFile, waitForJob } from './import-helpers.ts'
import { page, textOf } from './pages.ts'

/**
 * Issue 12 item 9: a school sees what its own membership holds. Adding the
 * address of another school's member shows none of that school's names or of
 * the person's activity; a platform admin's address is never added, and no
 * answer says why or whose an address is (ADR 016).
 */

let app: TestApp
let oakOffice: Browser
let riverOffice: Browser
let riverside: string

const CANNOT_ADD = 'This address can’t be added to a school’s directory. Use another address for this person.'
const IMPORT = '/school-admin/directory/import'
// Tom Harris of Oakfield, as Oakfield entered him, and the day he last signed in (there).
const OAK_NAME = 'Tom Harris'
const SIGNED_IN = { iso: '2026-11-11', shown: '11/11/2026' }

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	oakOffice = new Browser(app)
	await oakOffice.signIn('office@oakfield.test')
	riverOffice = new Browser(app)
	await riverOffice.signIn('office@riverside.test')
	riverside = (await app.sql<{ id: string }>("select id from school where subdomain = 'riverside'"))[0]!.id
	await app.sql("update users set last_sign_in_at = '2026-11-11T11:11:11Z' where email = 'teacher@oakfield.test'")
})
afterAll(() => app?.close())

const membershipIn = async (email: string, subdomain: string) =>
	(
		await app.sql<{ id: string; first_name: string; last_name: string }>(
			`select m.id, m.first_name, m.last_name from school_membership m join users u on u.id = m.user_id join school s on s.id = m.school_id
			where u.email = ? and s.subdomain = ?`,
			[email, subdomain],
		)
	)[0]

/** The raw page, scripts and serialised loader data included. */
const raw = async (browser: Browser, path: string) => {
	const response = await browser.request(path)
	expect(response.status, path).toBe(200)
	return response.text()
}

/** Nothing Oakfield entered about Tom, nor his activity, anywhere in what Riverside is sent. */
function expectNothingOfOakfield(html: string) {
	expect(html).not.toContain(OAK_NAME)
	expect(html).not.toContain(SIGNED_IN.iso)
	expect(html).not.toContain(SIGNED_IN.shown)
	expect(html).not.toMatch(/last ?sign/i)
}

describe('adding the address of another school’s member', () => {
	test('answers as for a new person, and Riverside sees the name it typed, not Oakfield’s nor his last sign-in', async () => {
		const added = await riverOffice.post('/school-admin/directory/add', {
			firstName: 'Theo',
			lastName: 'Brown',
			email: 'teacher@oakfield.test',
			role: 'professional',
			jobTitle: 'Visiting Teacher',
		})
		expect(added.status).toBe(302)
		const landing = await raw(riverOffice, added.headers.get('Location')!)
		expect(textOf(landing)).toContain('Theo Brown added')
		expectNothingOfOakfield(landing)

		const list = await raw(riverOffice, '/school-admin/directory?q=teacher%40oakfield')
		expect(textOf(list)).toContain('Theo Brown')
		expectNothingOfOakfield(list)
		const sorted = await raw(riverOffice, '/school-admin/directory?sort=name')
		expectNothingOfOakfield(sorted)

		const theirs = await membershipIn('teacher@oakfield.test', 'riverside')
		const modal = await raw(riverOffice, `/school-admin/directory?modal=set-role&id=${theirs!.id}`)
		expect(textOf(modal)).toContain('Set the role of Theo Brown')
		expectNothingOfOakfield(modal)

		// Oakfield's directory is as Oakfield left it.
		const oakfield = await page(oakOffice, '/school-admin/directory?q=teacher%40oakfield')
		expect(oakfield).toContain(OAK_NAME)
		expect(oakfield).not.toContain('Theo Brown')
		expect(await membershipIn('teacher@oakfield.test', 'oakfield')).toMatchObject({ first_name: 'Tom', last_name: 'Harris' })
	})

	test('every Riverside screen that names him uses Riverside’s name: staff directory, group staff, key professional', async () => {
		const theirs = await membershipIn('teacher@oakfield.test', 'riverside')
		await app.sql("update school_membership set access = 'active' where id = ?", [theirs!.id])
		const [group] = await app.sql<{ id: string }>('select id from student_group where school_id = ? order by name limit 1', [riverside])
		await app.sql('insert into group_staff (group_id, membership_id) values (?, ?)', [group!.id, theirs!.id])
		const [student] = await app.sql<{ id: string; first_name: string; last_name: string }>(
			'select id, first_name, last_name from student where school_id = ? and not exists (select 1 from student_professional sp where sp.student_id = student.id and sp.is_key) order by last_name limit 1',
			[riverside],
		)
		await app.sql('insert into student_professional (id, created_at, updated_at, student_id, membership_id, is_key) values (gen_random_uuid(), now(), now(), ?, ?, true)', [
			student!.id,
			theirs!.id,
		])

		const helen = new Browser(app)
		await helen.signIn('senco@riverside.test')
		for (const [browser, path] of [
			[helen, '/need-manager/directory?q=teacher%40oakfield'],
			[helen, `/need-manager/groups/${group!.id}`],
			[riverOffice, `/school-admin/groups/${group!.id}`],
			[riverOffice, `/school-admin/students/list?q=${encodeURIComponent(student!.last_name)}`],
			[helen, `/students/profile/${student!.id}`],
		] as const) {
			const html = await raw(browser, path)
			expect(textOf(html), path).toContain('Theo Brown')
			expect(html, path).not.toContain(OAK_NAME)
		}
	})

	test('a person who renames themselves is renamed in every school', async () => {
		const tom = new Browser(app)
		await tom.signIn('teacher@oakfield.test')
		expect((await tom.post('/settings/profile', { intent: 'name', firstName: 'Tomas', lastName: 'Harris' })).status).toBe(302)
		expect(await membershipIn('teacher@oakfield.test', 'oakfield')).toMatchObject({ first_name: 'Tomas', last_name: 'Harris' })
		expect(await membershipIn('teacher@oakfield.test', 'riverside')).toMatchObject({ first_name: 'Tomas', last_name: 'Harris' })
		await app.sql("update school_membership set first_name = 'Tom' where id = ?", [(await membershipIn('teacher@oakfield.test', 'oakfield'))!.id])
		await app.sql("update school_membership set first_name = 'Theo', last_name = 'Brown' where id = ?", [(await membershipIn('teacher@oakfield.test', 'riverside'))!.id])
	})
})

describe('a platform admin’s address', () => {
	test('is refused by the add form in words that say nothing of whose it is, and no membership or mail follows', async () => {
		const before = app.outbox().length
		for (const email of ['admin@spencer.test', 'ADMIN@Spencer.test']) {
			const response = await riverOffice.post('/school-admin/directory/add', { firstName: 'Pat', lastName: 'Admin', email, role: 'schoolAdmin', giveAccess: 'on' })
			expect(response.status).toBe(409)
			const text = textOf(await response.text())
			expect(text).toContain(CANNOT_ADD)
			expect(text).not.toMatch(/administrator|platform|Alex|Morgan/i)
		}
		expect(await app.sql("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'admin@spencer.test'")).toEqual([])
		expect(app.outbox().length).toBe(before)
	})

	test('is refused by the platform admin’s "add school admin" too, plainly: they know who the platform admins are', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const response = await admin.post(`/spencer-admin/schools/${riverside}?modal=add-school-admin`, { intent: 'add-admin', firstName: 'Alex', lastName: 'Morgan', email: 'admin@spencer.test' })
		expect(response.status).toBe(409)
		expect(textOf(await response.text())).toContain('A platform admin can’t be on a school’s staff.')
		expect(await app.sql("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'admin@spencer.test'")).toEqual([])
	})
})

describe('the directory import', () => {
	test('plans, counts and words rows of another school’s member or a platform admin like any other', async () => {
		const csv = [
			'E-mail,First name,Last name,Role,Job title',
			'brand.new@riverside.test,Bran,New,Professional,Cover Supervisor',
			'senco@oakfield.test,Sal,Collier,Professional,Visiting SENCo',
			'admin@spencer.test,Pat,Admin,School admin,',
			'not-an-address,Bad,Row,Professional,',
		].join('\n')
		const checked = await checkUpload(riverOffice, IMPORT, csv)
		expect(checked.status).toBe(200)
		const dryRun = textOf(await checked.text())
		// The Oakfield member's row is one more new person, beside the new address.
		expect(dryRun).toMatch(/Would be created\s*2\b/)
		expect(dryRun).toMatch(/Would be refused\s*2\b/)
		expect(dryRun).toContain(CANNOT_ADD)
		expect(dryRun).not.toMatch(/administrator|platform|another school|Sarah|Collins/i)

		const id = await importFile(riverOffice, IMPORT, csv)
		const job = await waitForJob(app, id)
		expect(job).toMatchObject({ created: 2, updated: 0, failed: 2 })
		expect(job.row_errors.find((error) => error.row === 4)).toEqual({ row: 4, column: 'Email', message: CANNOT_ADD })
		const status = textOf(await raw(riverOffice, `${IMPORT}/${id}`))
		expect(status).not.toMatch(/administrator|platform|another school|Sarah|Collins/i)
		const errors = await (await riverOffice.request(`${IMPORT}/${id}/errors.csv`)).text()
		expect(errors).toContain('This address can’t be added')
		expect(errors).not.toMatch(/administrator|platform/i)

		expect(await membershipIn('senco@oakfield.test', 'riverside')).toMatchObject({ first_name: 'Sal', last_name: 'Collier' })
		expect(await membershipIn('senco@oakfield.test', 'oakfield')).toMatchObject({ first_name: 'Sarah', last_name: 'Collins' })
		expect(await app.sql("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'admin@spencer.test'")).toEqual([])
	})

	test('a name change is an update for someone who also works elsewhere, as for anyone, and reaches only this school', async () => {
		const csv = ['E-mail,First name,Last name,Role', 'brand.new@riverside.test,Bran,Newer,Professional', 'senco@oakfield.test,Sally,Collier,Professional'].join('\n')
		const id = await importFile(riverOffice, IMPORT, csv)
		expect(await waitForJob(app, id)).toMatchObject({ created: 0, updated: 2, failed: 0 })
		expect(await membershipIn('senco@oakfield.test', 'riverside')).toMatchObject({ first_name: 'Sally' })
		expect(await membershipIn('senco@oakfield.test', 'oakfield')).toMatchObject({ first_name: 'Sarah' })
		expect((await app.sql<{ first_name: string }>("select first_name from users where email = 'senco@oakfield.test'"))[0]!.first_name).toBe('Sarah')
	})
})
