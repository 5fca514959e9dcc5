import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * School offboarding (issue 17, item 4; ADR 069): the platform admin offboards Riverside, a demo school whose school
 * admin also works at Meadow View, and one of whose students has moved to Meadow View with feedback Riverside's staff
 * gave. The dry run counts what goes; the offboarding deletes exactly that (counted table by table, before and after),
 * after which no row anywhere holds an id of the school's, its students', its staff's or its groups'; the staff member
 * of two schools keeps their account, and the moved student keeps their record at Meadow View.
 */

let app: TestApp
let admin: Browser
let ids: { riverside: string; meadowview: string; moved: string; kept: string }
/** Every id the school owned, by what it was: none of them may be left in any uuid column of any table. */
let owned: Record<string, string[]>
/** The moved student's feedback from Riverside's staff not yet submitted: it goes, with its answers. */
let unfinishedElsewhere: number

const one = async <T>(query: string, params: unknown[] = []) => {
	const [row] = await app.sql<T>(query, params)
	if (!row) throw new Error(`no row for: ${query}`)
	return row
}
const column = async (query: string, params: unknown[] = []) => (await app.sql<{ id: string }>(query, params)).map((row) => row.id)

/** Row counts of every table of the public schema but those a signed-in browser touches by itself (sessions, rate limits). */
async function tableCounts(): Promise<Record<string, number>> {
	const tables = (
		await app.sql<{ table_name: string }>(
			"select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'mikro_orm%' order by table_name",
		)
	)
		.map((row) => row.table_name)
		.filter((table) => !['session', 'rate_limit', 'pending_sign_in'].includes(table))
	const rows = await app.sql<{ t: string; n: number }>(tables.map((table) => `select '${table}' as t, count(*)::int as n from "${table}"`).join(' union all '))
	return Object.fromEntries(rows.map((row) => [row.t, row.n]))
}

/** For each kind of owned id, the table.column places that still hold one (any uuid column of any table). */
async function placesHoldingOwnedIds(): Promise<string[]> {
	const columns = await app.sql<{ table_name: string; column_name: string }>(
		"select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.data_type = 'uuid'",
	)
	const all = Object.values(owned).flat()
	// Lines of the platform's trail outside any school: the offboarding's own, and an account's (sign-ins, password
	// changes), which hold the deleted account's id and name no one any more (ADR 061, 069).
	const list = all.map((id) => `'${id}'`).join(', ')
	const rows = await app.sql<{ place: string; n: number }>(
		columns
			.map(
				({ table_name, column_name }) =>
					// The platform's own line recording the offboarding names the school, outside any school.
					`select '${table_name}.${column_name}' as place, count(*)::int as n from "${table_name}" where "${column_name}" in (${list})${
						table_name === 'audit_event' ? ' and school_id is not null' : ''
					}`,
			)
			.join(' union all '),
	)
	return rows.filter((row) => row.n > 0).map((row) => row.place)
}

const offboardPath = () => `/spencer-admin/schools/${ids.riverside}/offboard`
const recordPath = () => `/spencer-admin/schools/${ids.riverside}/offboarded`

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	const school = async (subdomain: string) => (await one<{ id: string }>('select id from school where subdomain = ?', [subdomain])).id
	const [riverside, meadowview] = await Promise.all([school('riverside'), school('meadowview')])
	// A Riverside student with feedback from Riverside's staff moves to Meadow View (as an approved transfer does, ADR 010);
	// one of those feedbacks is still unfinished.
	const moved = (
		await one<{ id: string }>(
			`select s.id from student s join profile p on p.student_id = s.id join round r on r.profile_id = p.id join feedback f on f.round_id = r.id
			where s.school_id = ? and f.status = 'complete' group by s.id order by count(*) desc, s.id limit 1`,
			[riverside],
		)
	).id
	await app.sql("update feedback set status = 'inProgress', submitted_at = null where id = (select f.id from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id where p.student_id = ? and f.status = 'complete' order by f.id limit 1)", [moved])
	await app.sql('delete from group_student where student_id = ?', [moved])
	await app.sql('delete from student_professional where student_id = ?', [moved])
	await app.sql('delete from profile_respondent where profile_id in (select id from profile where student_id = ?)', [moved])
	await app.sql('update profile set school_id = ? where student_id = ?', [meadowview, moved])
	await app.sql('update student set school_id = ? where id = ?', [meadowview, moved])
	await app.sql(
		`insert into transfer_request (id, created_at, updated_at, student_id, from_school_id, to_school_id, status, student_first_name, student_last_name, student_upn, student_year_group)
		select gen_random_uuid(), now(), now(), s.id, ?::uuid, ?::uuid, 'approved', s.first_name, s.last_name, s.upn, s.year_group from student s where s.id = ?`,
		[riverside, meadowview, moved],
	)
	unfinishedElsewhere = (
		await one<{ n: number }>(
			"select count(*)::int as n from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id join school_membership m on m.id = f.respondent_id where p.student_id = ? and m.school_id = ? and f.status <> 'complete'",
			[moved, riverside],
		)
	).n
	// A Riverside student whose records a retention hold keeps (ADR 070).
	await app.sql(
		`insert into retention_hold (id, created_at, updated_at, school_id, student_id, reason, until)
		select gen_random_uuid(), now(), now(), s.school_id, s.id, 'Safeguarding hold', null from student s where s.school_id = ? and s.id <> ? order by s.upn limit 1`,
		[riverside, moved],
	)
	const kept = (await one<{ id: string }>("select id from users where email = 'cover@meadowview.test'")).id
	ids = { riverside, meadowview, moved, kept }

	owned = {
		school: [riverside],
		students: await column('select id from student where school_id = ?', [riverside]),
		profiles: await column('select id from profile where school_id = ?', [riverside]),
		feedback: await column('select f.id from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id where p.school_id = ?', [riverside]),
		memberships: await column('select id from school_membership where school_id = ?', [riverside]),
		groups: await column('select id from student_group where school_id = ?', [riverside]),
		users: await column(
			"select u.id from users u where exists (select 1 from school_membership m where m.user_id = u.id and m.school_id = ?) and not exists (select 1 from school_membership m where m.user_id = u.id and m.school_id <> ?)",
			[riverside, riverside],
		),
	}
	// The fixture must hold each kind of row, or the test would prove nothing.
	for (const [kind, list] of Object.entries(owned)) expect(list.length, kind).toBeGreaterThan(0)
	expect(owned.users).not.toContain(kept)

	admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
	await app.jobs.settled()
})
afterAll(() => app?.close())

describe('before the school is archived', () => {
	test('the page shows the dry run and why it cannot go on; a post is refused and writes nothing', async () => {
		const page = textOf(await (await admin.request(offboardPath())).text())
		expect(page).toContain('Offboard Riverside Academy')
		expect(page).toContain('The school is not archived')
		expect(page).not.toContain('Delete the school and everything it holds')
		const before = await tableCounts()
		const response = await admin.post(offboardPath(), { intent: 'offboard', confirmation: 'riverside' })
		expect(response.status).toBe(409)
		expect(textOf(await response.text())).toContain('The school is not archived')
		expect(await tableCounts()).toEqual(before)
	})
})

describe('who may offboard', () => {
	test.each([
		{ email: 'office@riverside.test', home: '/school-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
	])('$email is sent to $home and nothing changes', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		const before = await tableCounts()
		const response = await browser.post(offboardPath(), { intent: 'offboard', confirmation: 'riverside' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toMatch(new RegExp(`^${home}`))
		expect(await tableCounts()).toEqual(before)
	})

	test('a school that is not there answers 404', async () => {
		expect((await admin.request('/spencer-admin/schools/00000000-0000-4000-8000-000000000000/offboard')).status).toBe(404)
		expect((await admin.post('/spencer-admin/schools/00000000-0000-4000-8000-000000000000/offboard', { intent: 'offboard', confirmation: 'x' })).status).toBe(404)
	})

	test('a school that was not offboarded has no offboarding record: 404, for a school still there too', async () => {
		for (const id of ['00000000-0000-4000-8000-000000000000', ids.riverside, 'not-an-id']) {
			expect((await admin.request(`/spencer-admin/schools/${id}/offboarded`)).status, id).toBe(404)
		}
	})
})

/** A counts table of the offboarding's pages, by its caption: each row's kind and figure, as printed. */
function countsIn(html: string, caption: string): [string, string][] {
	const table = new RegExp(`<caption[^>]*>${caption}</caption>[\\s\\S]*?</table>`).exec(html)?.[0]
	if (!table) throw new Error(`no table “${caption}”`)
	return [...table.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>([^<]+)<\/td>/g)].map(([, kind, n]) => [textOf(kind!).trim(), n!])
}

describe('offboarding Riverside', () => {
	let dryRun: Record<string, number>
	let deletedKinds: string[]
	let before: Record<string, number>

	test('archived, the dry run counts what goes and offers the form', async () => {
		expect((await admin.post(`/spencer-admin/schools/${ids.riverside}`, { intent: 'archive' })).status).toBe(302)
		const html = await (await admin.request(offboardPath())).text()
		const page = textOf(html)
		deletedKinds = countsIn(html, 'Deleted with the school').map(([kind]) => kind)
		expect(deletedKinds.length).toBeGreaterThan(15)
		expect(page).toContain('the school is archived')
		expect(page).toContain('Type the school’s subdomain, riverside, to confirm')
		before = await tableCounts()
		// The same figures the page shows, read from the table rows the page prints ("Students 17").
		const figure = (label: string) => {
			const match = new RegExp(`${label.replace(/[()]/g, '\\$&')} ([\\d,]+)`).exec(page)
			if (!match) throw new Error(`no figure for ${label}`)
			return Number(match[1]!.replace(/,/g, ''))
		}
		dryRun = {
			student: figure('Students'),
			profile: figure('Profiles'),
			round: figure('Rounds'),
			answer: figure('Answers'),
			student_group: figure('Groups'),
			school_membership: figure('Staff directory entries'),
			users: figure('Staff accounts with no other school'),
			transfer_request: figure('Transfer requests, either way'),
			retention_hold: figure('Retention holds'),
			unfinished: figure('Unfinished feedback at other schools'),
			submittedElsewhere: figure('Submitted feedback at other schools, kept as “Former staff member”'),
			usersKept: figure('Staff accounts kept (they work at another school)'),
		}
		expect(dryRun.student).toBe(owned.students!.length)
		expect(dryRun.users).toBe(owned.users!.length)
		expect(dryRun.usersKept).toBe(1)
		expect(dryRun.unfinished).toBe(unfinishedElsewhere)
		expect(unfinishedElsewhere).toBeGreaterThan(0)
		expect(dryRun.submittedElsewhere).toBeGreaterThan(0)
		expect(dryRun.transfer_request).toBeGreaterThan(0)
		expect(dryRun.retention_hold).toBe(1)
		// Counting wrote nothing.
		expect(await tableCounts()).toEqual(before)
	})

	test('a subdomain that does not match is refused beside its field and writes nothing', async () => {
		const response = await admin.post(offboardPath(), { intent: 'offboard', confirmation: 'oakfield' })
		expect(response.status).toBe(400)
		expect(textOf(await response.text())).toContain('This is not the school’s subdomain')
		expect(await tableCounts()).toEqual(before)
	})

	test('the post deletes the school and lands on its offboarding record with a toast', async () => {
		const response = await admin.post(offboardPath(), { intent: 'offboard', confirmation: ' Riverside ' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(recordPath())
		const record = textOf(await (await admin.request(recordPath())).text())
		expect(record).toContain('Riverside Academy offboarded')
		expect(record).toContain('Offboarded on')
		expect(record).toContain('by Alex Morgan')
		expect((await admin.request(offboardPath())).status).toBe(404)
		const list = textOf(await (await admin.request('/spencer-admin/schools')).text())
		expect(list).not.toContain('Riverside Academy')
	})

	test('the record counts what is left, kind by kind: nothing; counting writes nothing', async () => {
		const counts = await tableCounts()
		const html = await (await admin.request(recordPath())).text()
		expect(textOf(html)).toContain('Nothing: no row of the school remains in Spencer.')
		// Every kind of row the dry run counted as deleted, each counted again: 0.
		const rows = countsIn(html, 'Left in Spencer, counted now')
		expect(rows.map(([kind]) => kind)).toEqual(deletedKinds)
		for (const [kind, n] of rows) expect(n, kind).toBe('0')
		expect(await tableCounts()).toEqual(counts)
	})

	test('counted table by table, exactly what the dry run said went, and nothing else', async () => {
		const after = await tableCounts()
		const gone = (table: string) => before[table]! - after[table]!
		for (const table of ['student', 'profile', 'round', 'answer', 'student_group', 'school_membership', 'users', 'transfer_request', 'retention_hold']) {
			expect(gone(table), table).toBe(dryRun[table])
		}
		// Feedback: the school's own, and the moved student's unfinished one.
		expect(gone('feedback')).toBe(owned.feedback!.length + dryRun.unfinished!)
		// The school's own rows: none left in any table that has a school_id.
		const withSchoolId = (
			await app.sql<{ table_name: string }>("select table_name from information_schema.columns where table_schema = 'public' and column_name = 'school_id'")
		).map((row) => row.table_name)
		for (const table of withSchoolId) {
			expect((await one<{ n: number }>(`select count(*)::int as n from "${table}" where school_id = ?`, [ids.riverside])).n, table).toBe(0)
		}
		expect(await placesHoldingOwnedIds()).toEqual([])
	})

	test('the offboarding is one line of the platform’s trail; the school’s own trail went with it', async () => {
		const lines = await app.sql<{ action: string; school_id: string | null }>('select action, school_id from audit_event where entity_id = ?', [ids.riverside])
		expect(lines).toEqual([{ action: 'school.offboard', school_id: null }])
		// What is left of the deleted accounts: lines about the accounts themselves, outside any school.
		const left = await app.sql<{ action: string }>(
			`select distinct action from audit_event where actor_id in (${owned.users!.map((id) => `'${id}'`).join(', ')}) or entity_id in (${owned.users!.map((id) => `'${id}'`).join(', ')}) order by action`,
		)
		for (const line of left) expect(line.action).toMatch(/^(auth|account)\./)
	})

	test('the moved student keeps their record at Meadow View; Riverside’s staff read as former staff', async () => {
		const feedback = await app.sql<{ status: string; respondent_id: string | null; former_respondent_key: string | null }>(
			'select f.status, f.respondent_id, f.former_respondent_key from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id where p.student_id = ?',
			[ids.moved],
		)
		expect(feedback.length).toBe(dryRun.submittedElsewhere)
		for (const row of feedback) {
			expect(row.status).toBe('complete')
			expect(row.respondent_id).toBeNull()
			expect(row.former_respondent_key).not.toBeNull()
		}
		const meadow = new Browser(app)
		await meadow.signIn('senco@meadowview.test')
		const page = await meadow.request(`/students/profile/${ids.moved}`)
		expect(page.status).toBe(200)
		expect(textOf(await page.text())).toContain('Former staff member')
	})

	test('staff of no other school cannot sign in; the one who works at Meadow View can', async () => {
		const gone = new Browser(app)
		const refused = await gone.post('/auth/login', { email: 'office@riverside.test', password: 'Spencer!2026' })
		expect(refused.status).toBe(400)
		const cover = new Browser(app)
		await cover.signIn('cover@meadowview.test')
		expect((await cover.request('/need-manager')).status).toBeLessThan(400)
	})
})
