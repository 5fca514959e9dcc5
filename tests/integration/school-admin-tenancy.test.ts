import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

/**
 * Tenancy of the whole school-admin area in one table: signed in as
 * Riverside's office, every route that takes an id answers 404 for each of
 * Oakfield's records (and for Oakfield's people posted to Riverside's own
 * records), and nothing is changed. The same table, signed in as another role,
 * is sent to that role's home.
 *
 * To cover a new route, add a row. `:name` in a path or a body value is
 * replaced by `ids[name]`; add the record it needs to `loadIds` below.
 */
type Row = { path: string; method: 'GET' | 'POST'; body?: Record<string, string> }

const ROWS: Row[] = [
	// Students (list/:id): the details form, archive, the transfer and erasure modals and their posts.
	{ method: 'GET', path: '/school-admin/students/list/:oakStudent' },
	{ method: 'GET', path: '/school-admin/students/list/:oakStudent?modal=transfer-student' },
	{ method: 'GET', path: '/school-admin/students/list/:oakStudent?modal=erase-student' },
	{
		method: 'POST',
		path: '/school-admin/students/list/:oakStudent',
		body: { intent: 'save', upn: ':oakUpn', firstName: 'Taken', lastName: 'Over', dateOfBirth: '2017-01-01', gender: 'Female', yearGroup: 'Year 3', senStatus: 'none' },
	},
	{ method: 'POST', path: '/school-admin/students/list/:oakStudent', body: { intent: 'archive' } },
	{ method: 'POST', path: '/school-admin/students/list/:oakStudent', body: { intent: 'transfer', destination: 'riverside' } },
	{ method: 'POST', path: '/school-admin/students/list/:oakStudent', body: { intent: 'erase', reason: 'Parent’s request', confirmation: ':oakUpn' } },
	{ method: 'POST', path: '/school-admin/students/list/:oakStudent', body: { intent: 'export' } },

	// Subject access exports: Oakfield's export's page and its file.
	{ method: 'GET', path: '/school-admin/exports/:oakExport' },
	{ method: 'GET', path: '/school-admin/exports/:oakExport/download' },

	// Retention: the hold modal and its posts, with an Oakfield student (the period is the acting school's alone).
	{ method: 'GET', path: '/school-admin/retention?modal=retention-hold&id=:oakStudent' },
	{ method: 'POST', path: '/school-admin/retention', body: { intent: 'hold', id: ':oakStudent', reason: 'Safeguarding hold' } },
	{ method: 'POST', path: '/school-admin/retention', body: { intent: 'lift-hold', id: ':oakStudent' } },

	// Transfers: a request between Oakfield and Meadow View, which Riverside is neither side of.
	{ method: 'GET', path: '/school-admin/students/transfer-students/incoming?modal=approve-transfer&id=:oakTransfer' },
	{ method: 'GET', path: '/school-admin/students/transfer-students/incoming?modal=reject-transfer&id=:oakTransfer' },
	{ method: 'GET', path: '/school-admin/students/transfer-students/outgoing?modal=cancel-transfer&id=:oakTransfer' },
	{ method: 'POST', path: '/school-admin/students/transfer-students/incoming', body: { intent: 'approve', id: ':oakTransfer' } },
	{ method: 'POST', path: '/school-admin/students/transfer-students/incoming', body: { intent: 'reject', id: ':oakTransfer', reason: 'Not ours' } },
	{ method: 'POST', path: '/school-admin/students/transfer-students/outgoing', body: { intent: 'cancel', id: ':oakTransfer' } },

	// Groups (groups/:id): Oakfield's group, and Oakfield's people posted to Riverside's group.
	{ method: 'GET', path: '/school-admin/groups/:oakGroup' },
	{ method: 'GET', path: '/school-admin/groups/:oakGroup?modal=add-student&findStudent=a' },
	{ method: 'POST', path: '/school-admin/groups/:oakGroup', body: { intent: 'save-group', name: 'Taken over', description: '' } },
	{ method: 'POST', path: '/school-admin/groups/:oakGroup', body: { intent: 'add-student', studentId: ':riverStudent' } },
	{ method: 'POST', path: '/school-admin/groups/:oakGroup', body: { intent: 'remove-student', studentId: ':oakGroupStudent' } },
	{ method: 'POST', path: '/school-admin/groups/:oakGroup', body: { intent: 'add-staff', membershipId: ':riverMember' } },
	{ method: 'POST', path: '/school-admin/groups/:oakGroup', body: { intent: 'remove-staff', membershipId: ':oakGroupMember' } },
	{ method: 'POST', path: '/school-admin/groups/:oakGroup', body: { intent: 'delete-group' } },
	{ method: 'GET', path: '/school-admin/groups/:riverGroup?modal=remove-student&student=:oakStudent' },
	{ method: 'GET', path: '/school-admin/groups/:riverGroup?modal=remove-staff&member=:oakMember' },
	{ method: 'POST', path: '/school-admin/groups/:riverGroup', body: { intent: 'add-student', studentId: ':oakStudent' } },
	{ method: 'POST', path: '/school-admin/groups/:riverGroup', body: { intent: 'add-staff', membershipId: ':oakMember' } },

	// Imports: Oakfield's jobs, their status pages and their refused rows as CSV.
	{ method: 'GET', path: '/school-admin/students/import/:oakStudentJob' },
	{ method: 'GET', path: '/school-admin/students/import/:oakStudentJob/errors.csv' },
	{ method: 'GET', path: '/school-admin/directory/import/:oakStaffJob' },
	{ method: 'GET', path: '/school-admin/directory/import/:oakStaffJob/errors.csv' },

	// Directory: the member modals and their posts, with an Oakfield membership.
	{ method: 'GET', path: '/school-admin/directory?modal=set-role&id=:oakMember' },
	{ method: 'GET', path: '/school-admin/directory?modal=access&id=:oakMember' },
	{ method: 'GET', path: '/school-admin/directory?modal=delete-person&id=:oakMember' },
	{ method: 'POST', path: '/school-admin/directory', body: { intent: 'set-role', id: ':oakMember', role: 'schoolAdmin' } },
	{ method: 'POST', path: '/school-admin/directory', body: { intent: 'give-access', id: ':oakMember' } },
	{ method: 'POST', path: '/school-admin/directory', body: { intent: 'remove-access', id: ':oakMember' } },
	{ method: 'POST', path: '/school-admin/directory', body: { intent: 'delete', id: ':oakMember' } },
]

let app: TestApp
let ids: Record<string, string> = {}

async function loadIds(): Promise<Record<string, string>> {
	const one = async (query: string, params: unknown[] = []) => {
		const [row] = await app.sql<{ id: string }>(query, params)
		if (!row) throw new Error(`no record for: ${query}`)
		return row.id
	}
	const school = (subdomain: string) => one('select id from school where subdomain = ?', [subdomain])
	const [oakfield, riverside, meadowview] = await Promise.all([school('oakfield'), school('riverside'), school('meadowview')])
	const oakStudent = await one('select id from student where school_id = ? order by upn limit 1', [oakfield])
	const oakUpn = (await app.sql<{ upn: string }>('select upn from student where id = ?', [oakStudent]))[0]!.upn
	const oakGroup = await one("select id from student_group where school_id = ? and name = 'Nurture group'", [oakfield])
	const [transfer] = await app.sql<{ id: string }>(
		`insert into transfer_request (id, created_at, updated_at, student_id, from_school_id, to_school_id, status,
			student_first_name, student_last_name, student_upn, student_year_group)
		select gen_random_uuid(), now(), now(), s.id, ?, ?, 'created', s.first_name, s.last_name, s.upn, s.year_group
		from student s where s.id = ? returning id`,
		[oakfield, meadowview, oakStudent],
	)
	// Finished jobs, so that no worker picks them up while the table runs.
	const job = async (kind: string) =>
		(
			await app.sql<{ id: string }>(
				`insert into import_job (id, created_at, updated_at, school_id, kind, file_name, upload, status, finished_at)
				values (gen_random_uuid(), now(), now(), ?, ?, 'oakfield.csv', '\\x', 'completed_with_errors', now()) returning id`,
				[oakfield, kind],
			)
		)[0]!.id
	return {
		oakExport: await one(
			`insert into data_export (id, created_at, updated_at, school_id, kind, student_id, status, file_name, finished_at, expires_at)
			values (gen_random_uuid(), now(), now(), ?, 'student', ?, 'ready', 'export.zip', now(), now() + interval '7 days') returning id`,
			[oakfield, oakStudent],
		),
		oakStudentJob: await job('students'),
		oakStaffJob: await job('directory'),
		oakStudent,
		oakUpn,
		oakGroup,
		oakTransfer: transfer!.id,
		oakGroupStudent: await one('select student_id as id from group_student where group_id = ? limit 1', [oakGroup]),
		oakGroupMember: await one('select membership_id as id from group_staff where group_id = ? limit 1', [oakGroup]),
		oakMember: await one("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'teacher@oakfield.test'"),
		riverStudent: await one('select id from student where school_id = ? order by upn limit 1', [riverside]),
		riverGroup: await one('select id from student_group where school_id = ? limit 1', [riverside]),
		riverMember: await one("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'mentor@riverside.test'"),
	}
}

const fill = (text: string) => text.replace(/:([a-zA-Z]+)/g, (match, name: string) => ids[name] ?? match)
const label = (row: Row) => `${row.method} ${row.path}${row.body?.intent ? ` (${row.body.intent})` : ''}`

async function send(browser: Browser, row: Row) {
	const path = fill(row.path)
	if (row.method === 'GET') return browser.request(path)
	return browser.post(path, Object.fromEntries(Object.entries(row.body ?? {}).map(([key, value]) => [key, fill(value)])))
}

/** What the table's writes could touch, to show afterwards that none of them did. */
const snapshot = () =>
	Promise.all([
		app.sql('select id, school_id, first_name, last_name, archived from student where id in (?, ?) order by id', [ids.oakStudent, ids.riverStudent]),
		app.sql('select id, status, reason from transfer_request where id = ?', [ids.oakTransfer]),
		app.sql('select id, name, description from student_group where id in (?, ?) order by id', [ids.oakGroup, ids.riverGroup]),
		app.sql('select group_id, student_id from group_student where group_id in (?, ?) order by 1, 2', [ids.oakGroup, ids.riverGroup]),
		app.sql('select group_id, membership_id from group_staff where group_id in (?, ?) order by 1, 2', [ids.oakGroup, ids.riverGroup]),
		app.sql("select count(*)::int as n from transfer_request where student_id = ? and status = 'created'", [ids.oakStudent]),
		app.sql('select id, role, access from school_membership where id = ?', [ids.oakMember]),
		app.sql('select count(*)::int as n from student_tombstone'),
		app.sql('select count(*)::int as n from data_export'),
		app.sql('select student_id, reason, until from retention_hold order by student_id'),
		app.sql('select id, retention_years from school order by id'),
	])

let riverside: Browser
let before: unknown

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	ids = await loadIds()
	riverside = new Browser(app)
	await riverside.signIn('office@riverside.test')
	before = await snapshot()
})
afterAll(() => app?.close())

describe('signed in as Riverside’s school admin, every Oakfield record answers 404', () => {
	test.each(ROWS.map((row) => [label(row), row] as const))('%s', async (_, row) => {
		const response = await send(riverside, row)
		expect(response.status).toBe(404)
	})

	test('and nothing was changed', async () => {
		expect(await snapshot()).toEqual(before)
	})

	test('while Oakfield’s own admin reads the same records (the 404s are about the school, not the paths)', async () => {
		const oakfield = new Browser(app)
		await oakfield.signIn('office@oakfield.test')
		for (const path of [
			'/school-admin/students/list/:oakStudent?modal=transfer-student',
			'/school-admin/students/list/:oakStudent?modal=erase-student',
			'/school-admin/retention?modal=retention-hold&id=:oakStudent',
			'/school-admin/students/transfer-students/outgoing?modal=cancel-transfer&id=:oakTransfer',
			'/school-admin/groups/:oakGroup?modal=add-student&findStudent=a',
			'/school-admin/students/import/:oakStudentJob',
			'/school-admin/directory/import/:oakStaffJob/errors.csv',
			'/school-admin/directory?modal=delete-person&id=:oakMember',
			'/school-admin/exports/:oakExport',
			'/school-admin/exports/:oakExport/download',
		]) {
			expect((await oakfield.request(fill(path))).status, path).toBe(200)
		}
	})
})

describe('signed in with another role, every route of the table is refused', () => {
	const others = [
		{ email: 'senco@riverside.test', home: '/need-manager' },
		{ email: 'mentor@riverside.test', home: '/professional' },
	]
	test.each(others)('$email is sent to $home', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const row of ROWS) {
			const response = await send(browser, row)
			expect(response.status, label(row)).toBe(302)
			expect(response.headers.get('Location'), label(row)).toMatch(new RegExp(`^${home}`))
		}
		expect(await snapshot()).toEqual(before)
	})
})
