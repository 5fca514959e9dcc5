import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ERROR_CATALOGUE } from '#app/lib/errors.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { page, postAndFollow, textOf } from './pages.ts'

let app: TestApp
let oakfield: Browser
let riverside: Browser
let meadowview: Browser
const school: Record<'oakfield' | 'riverside' | 'meadowview', string> = { oakfield: '', riverside: '', meadowview: '' }

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	oakfield = new Browser(app)
	riverside = new Browser(app)
	meadowview = new Browser(app)
	await oakfield.signIn('office@oakfield.test')
	await riverside.signIn('office@riverside.test')
	await meadowview.signIn('office@meadowview.test')
	for (const row of await app.sql<{ id: string; subdomain: keyof typeof school }>('select id, subdomain from school')) school[row.subdomain] = row.id
})
afterAll(() => app?.close())

const INCOMING = '/school-admin/students/transfer-students/incoming'
const OUTGOING = '/school-admin/students/transfer-students/outgoing'
const studentPath = (id: string) => `/school-admin/students/list/${id}`

/** The n-th student of a seeded school, by UPN (the seed's order). */
async function nthStudent(subdomain: keyof typeof school, n: number) {
	const [row] = await app.sql<{ id: string; first_name: string; last_name: string; upn: string }>(
		'select id, first_name, last_name, upn from student where school_id = ? order by upn offset ? limit 1',
		[school[subdomain], n],
	)
	return row!
}

async function sendTransfer(browser: Browser, studentId: string, destination = 'riverside', note = 'Family moving to Nottingham.') {
	return browser.post(`${studentPath(studentId)}?modal=transfer-student`, { intent: 'transfer', destination, note })
}

async function pendingRequestOf(studentId: string) {
	const [row] = await app.sql<{ id: string }>("select id from transfer_request where student_id = ? and status = 'created'", [studentId])
	return row!.id
}

describe('every transfer screen refuses other roles and visitors', () => {
	const others = [
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]

	test.each(others)('$email is sent to $home, for loaders and actions', async ({ email, home }) => {
		const student = await nthStudent('oakfield', 20)
		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const requestId = await pendingRequestOf(student.id)
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const path of ['/school-admin/students/transfer-students', INCOMING, OUTGOING, `${INCOMING}?modal=approve-transfer&id=${requestId}`, `${studentPath(student.id)}?modal=transfer-student`]) {
			const read = await browser.request(path)
			expect(read.status, path).toBe(302)
			expect(read.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
		const writes: [string, Record<string, string>][] = [
			[OUTGOING, { intent: 'cancel', id: requestId }],
			[INCOMING, { intent: 'approve', id: requestId }],
			[INCOMING, { intent: 'reject', id: requestId, reason: 'No' }],
			[studentPath((await nthStudent('oakfield', 21)).id), { intent: 'transfer', destination: 'riverside' }],
		]
		for (const [path, form] of writes) {
			const write = await browser.post(path, form)
			expect(write.status, `${path} ${form.intent}`).toBe(302)
			expect(write.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
		expect(await app.sql<{ status: string }>('select status from transfer_request where id = ?', [requestId])).toEqual([{ status: 'created' }])
		expect(await app.sql('select id from transfer_request where student_id = ?', [(await nthStudent('oakfield', 21)).id])).toEqual([])
		// Put things back for the next role.
		expect((await oakfield.post(OUTGOING, { intent: 'cancel', id: requestId })).status).toBe(302)
	})

	test('a visitor is sent to sign in', async () => {
		for (const path of ['/school-admin/students/transfer-students', INCOMING, OUTGOING]) {
			const read = await new Browser(app).request(path)
			expect(read.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
			const write = await new Browser(app).post(path, { intent: 'cancel', id: '00000000-0000-4000-8000-000000000000' })
			expect(write.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
		}
	})

	test('the students area has a Transfer students tab that opens on incoming requests', async () => {
		const response = await oakfield.request('/school-admin/students/transfer-students')
		expect(response.headers.get('Location')).toBe(INCOMING)
		const html = await (await oakfield.request(INCOMING)).text()
		expect(html).toContain('href="/school-admin/students/transfer-students"')
		expect(html).toContain('aria-label="Transfer requests"')
		expect(textOf(html)).toContain('Outgoing requests')
	})
})

describe('sending a request', () => {
	test('the destination is found by name, subdomain or URN; unknown, ambiguous and own school are refused beside the field', async () => {
		const student = await nthStudent('oakfield', 10)
		const modal = await page(oakfield, `${studentPath(student.id)}?modal=transfer-student`)
		expect(modal).toContain('Destination school')
		// Without JavaScript the suggestions are a <datalist> of the other schools.
		const html = await (await oakfield.request(`${studentPath(student.id)}?modal=transfer-student`)).text()
		expect(html).toContain('value="Riverside Academy (riverside, URN 138802)"')
		expect(html).not.toContain('value="Oakfield Primary School (oakfield')

		const refusals: [string, string][] = [
			['Nowhere High', 'No school matches “Nowhere High”'],
			['school', '2 schools match “school”'],
			['oakfield', 'The student is already at this school'],
			['131245', 'The student is already at this school'],
			['', 'Choose the school to send the student to'],
		]
		for (const [destination, message] of refusals) {
			const response = await sendTransfer(oakfield, student.id, destination)
			expect(response.status, destination).toBe(400)
			expect(textOf(await response.text()), destination).toContain(message)
		}
		expect(await app.sql('select id from transfer_request where student_id = ?', [student.id])).toEqual([])

		for (const [destination, to] of [
			['138802', 'riverside'],
			['Meadow View School (meadowview, URN 145310)', 'meadowview'],
			['  RIVERSIDE academy ', 'riverside'],
		] as const) {
			const sent = await sendTransfer(oakfield, student.id, destination)
			expect(sent.status, destination).toBe(302)
			expect(sent.headers.get('Location')).toBe(OUTGOING)
			const [row] = await app.sql<{ id: string; to_school_id: string; from_school_id: string; status: string; note: string }>(
				"select id, to_school_id, from_school_id, status, note from transfer_request where student_id = ? and status = 'created'",
				[student.id],
			)
			expect(row).toMatchObject({ to_school_id: school[to], from_school_id: school.oakfield, status: 'created', note: 'Family moving to Nottingham.' })
			expect((await oakfield.post(OUTGOING, { intent: 'cancel', id: row!.id })).status).toBe(302)
		}
	})

	test('a request shows as “Request sent” on both sides; a second one answers 1006; a posted school changes nothing', async () => {
		const student = await nthStudent('oakfield', 11)
		const first = await oakfield.post(`${studentPath(student.id)}?modal=transfer-student`, {
			intent: 'transfer',
			destination: 'riverside',
			note: 'Moving house',
			fromSchool: school.meadowview,
			schoolId: school.meadowview,
		})
		expect(first.status).toBe(302)
		const landed = await page(oakfield, first.headers.get('Location')!)
		expect(landed).toContain('Transfer request sent')
		expect(landed).toContain(`${student.first_name} ${student.last_name}`)
		expect(landed).toContain('Request sent')
		expect(landed).toContain('Riverside Academy')
		const id = await pendingRequestOf(student.id)
		const [row] = await app.sql<{ from_school_id: string }>('select from_school_id from transfer_request where id = ?', [id])
		expect(row!.from_school_id).toBe(school.oakfield)
		expect(await app.sql('select school_id from audit_event where action = ? and entity_id = ?', ['transfer.request', id])).toEqual([{ school_id: school.oakfield }])

		const incoming = await page(riverside, INCOMING)
		expect(incoming).toContain(`${student.first_name} ${student.last_name}`)
		expect(incoming).toContain('Oakfield Primary School')
		expect(incoming).toContain('Moving house')
		expect(await page(meadowview, INCOMING)).not.toContain(student.upn)

		const second = await sendTransfer(oakfield, student.id, 'meadowview')
		expect(second.status).toBe(409)
		expect(textOf(await second.text())).toContain(ERROR_CATALOGUE[1006])
		expect(await app.sql('select id from transfer_request where student_id = ?', [student.id])).toHaveLength(1)
		// The modal says so before anyone tries.
		expect(await page(oakfield, `${studentPath(student.id)}?modal=transfer-student`)).toContain('is already pending')
	})

	test('50 concurrent requests for one student through the route: 1 created, 49 × 1006', async () => {
		const student = await nthStudent('oakfield', 12)
		const responses = await Promise.all(Array.from({ length: 50 }, () => sendTransfer(oakfield, student.id)))
		const bodies = await Promise.all(responses.map(async (response) => ({ status: response.status, text: textOf(await response.text()) })))
		expect(bodies.filter((body) => body.status === 302)).toHaveLength(1)
		const refused = bodies.filter((body) => body.status === 409)
		expect(refused).toHaveLength(49)
		for (const body of refused) expect(body.text).toContain(ERROR_CATALOGUE[1006])
		expect(await app.sql('select id from transfer_request where student_id = ?', [student.id])).toHaveLength(1)
		expect(await app.sql("select id from audit_event where action = 'transfer.request' and entity_id in (select id::text from transfer_request where student_id = ?)", [student.id])).toHaveLength(1)
	})
})

describe('the lists', () => {
	test('incoming requests paginate, search and sort on the server, in the same number of queries whatever their number', async () => {
		const queries = async (path: string) => {
			const response = await riverside.request(path)
			expect(response.status).toBe(200)
			return Number(response.headers.get('X-Query-Count'))
		}
		const few = await queries(INCOMING)
		// Decided requests (any number per student) from every Meadow View student.
		await app.sql(
			`insert into transfer_request (id, created_at, updated_at, student_id, student_first_name, student_last_name, student_upn, student_year_group,
				from_school_id, to_school_id, status, reason, decided_at)
			select gen_random_uuid(), now() - (n || ' minutes')::interval, now(), s.id, s.first_name, s.last_name, s.upn, s.year_group,
				s.school_id, ?, 'rejected', 'Full', now()
			from student s cross join generate_series(1, 3) n where s.school_id = ?`,
			[school.riverside, school.meadowview],
		)
		expect(await queries(INCOMING)).toBe(few)
		const [total] = await app.sql<{ n: number }>('select count(*)::int as n from transfer_request where to_school_id = ?', [school.riverside])
		expect(total!.n).toBeGreaterThan(25)
		expect(await page(riverside, INCOMING)).toContain(`Showing 1–25 of ${total!.n}`)
		expect(await page(riverside, `${INCOMING}?page=2`)).toContain(`Showing 26–${Math.min(50, total!.n)} of ${total!.n}`)
		const meadow = await page(riverside, `${INCOMING}?q=meadow`)
		expect(meadow).toContain('Meadow View School')
		expect(meadow).not.toContain('Oakfield Primary School')
		expect(await page(riverside, `${INCOMING}?q=zzzz`)).toContain('No matching data')
		// Pending first by default (the request sent above is still pending).
		const list = await page(riverside, INCOMING)
		expect(list.indexOf('Request sent')).toBeGreaterThan(-1)
		expect(list.indexOf('Request sent')).toBeLessThan(list.indexOf('Request rejected'))
		await app.sql("delete from transfer_request where from_school_id = ? and reason = 'Full'", [school.meadowview])
	})
	test('both lists sort by student and by date either way, find by full name or UPN, and say who sent the request', async () => {
		const first = await nthStudent('oakfield', 20)
		const second = await nthStudent('oakfield', 21)
		for (const student of [first, second]) expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const [firstId, secondId] = [await pendingRequestOf(first.id), await pendingRequestOf(second.id)]
		// The snapshot names decide the student order: Zebra (sent first) after Aardvark (sent second).
		await app.sql("update transfer_request set student_last_name = 'Zebra', created_at = now() - interval '1 hour' where id = ?", [firstId])
		await app.sql("update transfer_request set student_last_name = 'aardvark' where id = ?", [secondId])
		const names = [`${first.first_name} Zebra`, `${second.first_name} aardvark`]
		const positions = async (browser: Browser, path: string) => {
			const html = await page(browser, path)
			const found = names.map((name) => html.indexOf(name))
			for (const position of found) expect(position, path).toBeGreaterThan(-1)
			return found
		}
		for (const [browser, list] of [
			[riverside, INCOMING],
			[oakfield, OUTGOING],
		] as const) {
			const firstBefore = ([a, b]: number[]) => a! < b!
			expect(firstBefore(await positions(browser, `${list}?sort=student&dir=asc`)), list).toBe(false)
			expect(firstBefore(await positions(browser, `${list}?sort=student&dir=desc`)), list).toBe(true)
			expect(firstBefore(await positions(browser, `${list}?sort=created&dir=asc`)), list).toBe(true)
			expect(firstBefore(await positions(browser, `${list}?sort=created&dir=desc`)), list).toBe(false)
		}
		const byName = await page(riverside, `${INCOMING}?q=${encodeURIComponent(`${second.first_name.toUpperCase()} AARDVARK`)}`)
		expect(byName).toContain(second.upn)
		expect(byName).not.toContain(first.upn)
		const byUpn = await page(oakfield, `${OUTGOING}?q=${second.upn.toLowerCase()}`)
		expect(byUpn).toContain(second.upn)
		expect(byUpn).not.toContain(first.upn)
		const [sender] = await app.sql<{ first_name: string; last_name: string }>(
			`select m.first_name, m.last_name from school_membership m join users u on u.id = m.user_id where u.email = 'office@oakfield.test' and m.school_id = ?`,
			[school.oakfield],
		)
		expect(byName).toContain(`Sent by ${sender!.first_name} ${sender!.last_name}`)
		for (const id of [firstId, secondId]) expect((await oakfield.post(OUTGOING, { intent: 'cancel', id })).status).toBe(302)
	})
})

describe('another school’s records answer 404', () => {
	test('its student cannot be sent, its requests cannot be read, decided or cancelled', async () => {
		const riversideStudent = await nthStudent('riverside', 0)
		const toOakfield = await sendTransfer(riverside, riversideStudent.id, 'oakfield')
		expect(toOakfield.status).toBe(302)
		const id = await pendingRequestOf(riversideStudent.id)

		// Oakfield may see it as incoming, but Meadow View is neither side.
		expect((await sendTransfer(meadowview, riversideStudent.id, 'oakfield')).status).toBe(404)
		for (const modal of ['approve-transfer', 'reject-transfer']) {
			expect((await meadowview.request(`${INCOMING}?modal=${modal}&id=${id}`)).status).toBe(404)
			expect((await riverside.request(`${INCOMING}?modal=${modal}&id=${id}`)).status).toBe(404)
		}
		expect((await oakfield.request(`${OUTGOING}?modal=cancel-transfer&id=${id}`)).status).toBe(404)
		expect((await meadowview.post(INCOMING, { intent: 'approve', id })).status).toBe(404)
		expect((await meadowview.post(INCOMING, { intent: 'reject', id, reason: 'Not ours' })).status).toBe(404)
		// The sender cannot decide its own request, and the receiver cannot cancel it.
		expect((await riverside.post(INCOMING, { intent: 'approve', id })).status).toBe(404)
		expect((await oakfield.post(OUTGOING, { intent: 'cancel', id })).status).toBe(404)
		expect((await oakfield.post(INCOMING, { intent: 'approve', id: 'not-a-uuid' })).status).toBe(404)
		expect(await app.sql<{ status: string }>('select status from transfer_request where id = ?', [id])).toEqual([{ status: 'created' }])
		expect((await riverside.post(OUTGOING, { intent: 'cancel', id })).status).toBe(302)
	})
})

describe('deciding', () => {
	test('approval moves the student with its profiles, rounds, feedback, answers and recommendations, and drops the old school’s links', async () => {
		// A seeded student with a group, a professional, a profile with answers and a recommendation.
		const [student] = await app.sql<{ id: string; first_name: string; last_name: string; upn: string }>(
			`select id, first_name, last_name, upn from student s where school_id = ?
			and exists (select 1 from student_recommendation r where r.student_id = s.id)
			and exists (select 1 from group_student g where g.student_id = s.id)
			and exists (select 1 from student_professional p where p.student_id = s.id)
			order by upn limit 1`,
			[school.oakfield],
		)
		if (!student) throw new Error('the seed has no such student')
		const counts = () =>
			app.sql<{ profiles: number; profile_schools: string; rounds: number; answers: number; recommendations: number; groups: number; professionals: number }>(
				`select
					(select count(*)::int from profile where student_id = ?) as profiles,
					(select string_agg(distinct school_id::text, ',') from profile where student_id = ?) as profile_schools,
					(select count(*)::int from round r join profile p on p.id = r.profile_id where p.student_id = ?) as rounds,
					(select count(*)::int from answer a join feedback f on f.id = a.feedback_id join round r on r.id = f.round_id join profile p on p.id = r.profile_id where p.student_id = ?) as answers,
					(select count(*)::int from student_recommendation where student_id = ?) as recommendations,
					(select count(*)::int from group_student where student_id = ?) as groups,
					(select count(*)::int from student_professional where student_id = ?) as professionals`,
				Array.from({ length: 7 }, () => student.id),
			)
		const [before] = await counts()
		expect(before!.profiles).toBeGreaterThan(0)
		expect(before!.answers).toBeGreaterThan(0)
		expect(before!.recommendations).toBeGreaterThan(0)
		expect(before!.groups).toBeGreaterThan(0)
		expect(before!.professionals).toBeGreaterThan(0)
		expect(before!.profile_schools).toBe(school.oakfield)

		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const id = await pendingRequestOf(student.id)
		expect(await page(riverside, `${INCOMING}?modal=approve-transfer&id=${id}`)).toContain(`${student.first_name} ${student.last_name} will move to your school`)
		const approved = await postAndFollow(riverside, INCOMING, { intent: 'approve', id })
		expect(approved.location).toBe(INCOMING)
		expect(approved.text).toContain('Transfer approved')
		expect(approved.text).toContain('Request approved')

		const [after] = await counts()
		expect(after).toEqual({ ...before, profile_schools: school.riverside, groups: 0, professionals: 0 })
		expect(await app.sql('select school_id, upn from student where id = ?', [student.id])).toEqual([{ school_id: school.riverside, upn: student.upn }])
		// No one at Oakfield is left answering about a student who is no longer there.
		expect(
			await app.sql(
				`select pr.membership_id from profile_respondent pr join profile p on p.id = pr.profile_id join school_membership m on m.id = pr.membership_id
				where p.student_id = ? and m.school_id <> ?`,
				[student.id, school.riverside],
			),
		).toEqual([])
		const [request] = await app.sql<{ status: string; decided_by_id: string | null; decided_at: Date | null }>(
			'select status, decided_by_id, decided_at from transfer_request where id = ?',
			[id],
		)
		expect(request!.status).toBe('approved')
		expect(request!.decided_by_id).not.toBeNull()
		expect(request!.decided_at).not.toBeNull()
		const events = await app.sql<{ action: string; school_id: string }>(
			"select action, school_id from audit_event where (entity_id = ? and action like 'transfer.%') or (entity_id = ? and action = 'student.transfer') order by action",
			[id, student.id],
		)
		expect(events).toEqual([
			{ action: 'student.transfer', school_id: school.riverside },
			{ action: 'transfer.approve', school_id: school.riverside },
			{ action: 'transfer.request', school_id: school.oakfield },
		])

		// Gone from Oakfield, present at Riverside with its profiles.
		expect((await oakfield.request(studentPath(student.id))).status).toBe(404)
		expect(await page(oakfield, `/school-admin/students/list?q=${student.upn}`)).toContain('No matching data')
		expect(await page(riverside, `/school-admin/students/list?q=${student.upn}`)).toContain(`${student.first_name} ${student.last_name}`)
		const details = await page(riverside, studentPath(student.id))
		expect(details).toContain(`Profiles (${before!.profiles})`)
		expect(details).toContain('Wellbeing and Needs Check')
		expect(await page(oakfield, OUTGOING)).toContain('Request approved')

		// Deciding it again is refused with a toast, and changes nothing.
		for (const form of [{ intent: 'approve', id }, { intent: 'reject', id, reason: 'Changed our mind' }] as Record<string, string>[]) {
			const again = await postAndFollow(riverside, INCOMING, form)
			expect(again.text).toContain('Request already decided')
		}
		const cancelled = await postAndFollow(oakfield, OUTGOING, { intent: 'cancel', id })
		expect(cancelled.text).toContain('Request already decided')
		expect(await app.sql('select status, reason from transfer_request where id = ?', [id])).toEqual([{ status: 'approved', reason: null }])
	})

	test('a student whose UPN the destination already holds is refused with 1003 as a toast, and nothing is written', async () => {
		const student = await nthStudent('oakfield', 4)
		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const id = await pendingRequestOf(student.id)
		const state = () =>
			app.sql(
				`select (select school_id from student where id = ?) as school,
					(select count(*)::int from group_student where student_id = ?) as groups,
					(select count(*)::int from student_professional where student_id = ?) as professionals,
					(select string_agg(distinct school_id::text, ',') from profile where student_id = ?) as profiles,
					(select status from transfer_request where id = ?) as status`,
				[student.id, student.id, student.id, student.id, id],
			)
		const before = await state()
		// UPNs are unique on the platform, so the clash can only be staged with the constraint lifted.
		await app.sql('alter table student drop constraint student_upn_unique')
		try {
			await app.sql(
				`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
				values (gen_random_uuid(), now(), now(), ?, ?, 'Twin', 'Record', '2012-01-01', 'Female', 'Year 9', 'none', false)`,
				[school.riverside, student.upn],
			)
			const refused = await postAndFollow(riverside, INCOMING, { intent: 'approve', id })
			expect(refused.text).toContain(ERROR_CATALOGUE[1003])
			expect(await state()).toEqual(before)
			expect(await app.sql("select id from audit_event where action = 'transfer.approve' and entity_id = ?", [id])).toEqual([])
		} finally {
			await app.sql("delete from student where first_name = 'Twin' and last_name = 'Record'")
			await app.sql('alter table student add constraint student_upn_unique unique (upn)')
		}
		expect((await oakfield.post(OUTGOING, { intent: 'cancel', id })).status).toBe(302)
	})

	test('rejection needs a reason, keeps the student where it is, and the sender sees why', async () => {
		const student = await nthStudent('oakfield', 1)
		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const id = await pendingRequestOf(student.id)

		const empty = await riverside.post(`${INCOMING}?modal=reject-transfer&id=${id}`, { intent: 'reject', id, reason: '  ' })
		expect(empty.status).toBe(400)
		expect(textOf(await empty.text())).toContain('Give a reason')

		const rejected = await postAndFollow(riverside, `${INCOMING}?modal=reject-transfer&id=${id}`, { intent: 'reject', id, reason: 'We have no places in Year 1.' })
		expect(rejected.location).toBe(INCOMING)
		expect(rejected.text).toContain('Transfer rejected')
		expect(rejected.text).toContain('Request rejected')
		expect(await app.sql('select status, reason from transfer_request where id = ?', [id])).toEqual([{ status: 'rejected', reason: 'We have no places in Year 1.' }])
		expect(await app.sql('select school_id from student where id = ?', [student.id])).toEqual([{ school_id: school.oakfield }])
		expect(await app.sql("select id from audit_event where action = 'transfer.reject' and entity_id = ?", [id])).toHaveLength(1)
		const outgoing = await page(oakfield, OUTGOING)
		expect(outgoing).toContain('Request rejected')
		expect(outgoing).toContain('We have no places in Year 1.')

		// A decided request no longer blocks a new one.
		expect((await sendTransfer(oakfield, student.id, 'meadowview')).status).toBe(302)
	})

	test('a decision with JavaScript (single fetch, …/incoming.data) returns to the list, not to its data URL', async () => {
		const student = await nthStudent('oakfield', 13)
		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const id = await pendingRequestOf(student.id)
		const response = await riverside.post(`${INCOMING}.data?modal=reject-transfer&id=${id}&_routes=root`, { intent: 'reject', id, reason: 'No places.' })
		const body = await response.text()
		expect(body).toContain(`"${INCOMING}"`)
		expect(body).not.toContain('incoming.data')
		expect(await app.sql('select status from transfer_request where id = ?', [id])).toEqual([{ status: 'rejected' }])
	})

	test('approval drops all the old school’s unsubmitted feedback, started or not, and keeps submitted feedback', async () => {
		const student = await nthStudent('oakfield', 8)
		const [round] = await app.sql<{ id: string; profile_id: string; question_id: string }>(
			`select r.id, r.profile_id, (select q.id from question q join domain d on d.id = q.domain_id where d.questionnaire_id = p.questionnaire_id limit 1) as question_id
			from round r join profile p on p.id = r.profile_id where p.student_id = ? order by r.index desc limit 1`,
			[student.id],
		)
		if (!round) throw new Error('the seed gives this student no profile')
		const oakfieldStaff = await app.sql<{ id: string }>(
			"select m.id from school_membership m join users u on u.id = m.user_id where m.school_id = ? and u.email in ('teacher@oakfield.test', 'senco@oakfield.test') order by u.email",
			[school.oakfield],
		)
		await app.sql('delete from feedback where round_id = ? and respondent_id in (?, ?)', [round.id, oakfieldStaff[0]!.id, oakfieldStaff[1]!.id])
		const feedback = async (membership: string, status: string) => {
			const [row] = await app.sql<{ id: string }>(
				"insert into feedback (id, created_at, updated_at, round_id, respondent_id, status) values (gen_random_uuid(), now(), now(), ?, ?, ?) returning id",
				[round.id, membership, status],
			)
			await app.sql('insert into answer (id, created_at, updated_at, feedback_id, question_id, value) values (gen_random_uuid(), now(), now(), ?, ?, 2)', [row!.id, round.question_id])
			return row!.id
		}
		const submitted = await feedback(oakfieldStaff[0]!.id, 'complete')
		const started = await feedback(oakfieldStaff[1]!.id, 'inProgress')

		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		expect((await riverside.post(INCOMING, { intent: 'approve', id: await pendingRequestOf(student.id) })).status).toBe(302)
		expect(await app.sql('select id, status from feedback where id in (?, ?)', [submitted, started])).toEqual([{ id: submitted, status: 'complete' }])
		expect(await app.sql('select 1 from answer where feedback_id = ?', [started])).toEqual([])
		expect(
			await app.sql(
				`select f.id from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id join school_membership m on m.id = f.respondent_id
				where p.student_id = ? and f.status <> 'complete' and m.school_id <> ?`,
				[student.id, school.riverside],
			),
		).toEqual([])
	})

	test('both lists and their modals show the student as the request recorded them, never the live record', async () => {
		// Approved: the student is Riverside's now; Riverside renames them, Oakfield's Outgoing keeps the old name.
		const moved = await nthStudent('oakfield', 6)
		expect((await sendTransfer(oakfield, moved.id)).status).toBe(302)
		const approvedId = await pendingRequestOf(moved.id)
		expect((await riverside.post(INCOMING, { intent: 'approve', id: approvedId })).status).toBe(302)
		await app.sql("update student set first_name = 'Renamedafter', last_name = 'Approval', year_group = 'Year 13' where id = ?", [moved.id])
		const outgoing = await page(oakfield, `${OUTGOING}?q=${encodeURIComponent(moved.last_name)}`)
		expect(outgoing).toContain(`${moved.first_name} ${moved.last_name}`)
		expect(outgoing).toContain(moved.upn)
		expect(outgoing).not.toContain('Renamedafter')
		expect(outgoing).not.toContain('Year 13')
		expect(await page(oakfield, `${OUTGOING}?q=renamedafter`)).toContain('No matching data')
		const cancelModal = await page(oakfield, `${OUTGOING}?modal=cancel-transfer&id=${approvedId}`)
		expect(cancelModal).not.toContain('Renamedafter')

		// Rejected: the student stays at Oakfield; what Oakfield changes later is not Riverside's to read.
		const kept = await nthStudent('oakfield', 7)
		expect((await sendTransfer(oakfield, kept.id)).status).toBe(302)
		const rejectedId = await pendingRequestOf(kept.id)
		expect((await riverside.post(INCOMING, { intent: 'reject', id: rejectedId, reason: 'No places.' })).status).toBe(302)
		await app.sql("update student set first_name = 'Renamedafter', last_name = 'Rejection', year_group = 'Year 13' where id = ?", [kept.id])
		const incoming = await page(riverside, `${INCOMING}?q=${encodeURIComponent(kept.last_name)}`)
		expect(incoming).toContain(`${kept.first_name} ${kept.last_name}`)
		expect(incoming).not.toContain('Renamedafter')
		expect(incoming).not.toContain('Year 13')
		expect(await page(riverside, `${INCOMING}?q=renamedafter`)).toContain('No matching data')
		for (const modal of ['approve-transfer', 'reject-transfer']) {
			const opened = await page(riverside, `${INCOMING}?modal=${modal}&id=${rejectedId}`)
			expect(opened).toContain(`${kept.first_name} ${kept.last_name}`)
			expect(opened).not.toContain('Renamedafter')
		}
		expect(await app.sql('select student_first_name, student_last_name from transfer_request where id = ?', [rejectedId])).toEqual([
			{ student_first_name: kept.first_name, student_last_name: kept.last_name },
		])
	})

	test('the sender cancels a pending request: it is deleted, audited, and a new one can be sent', async () => {
		const student = await nthStudent('oakfield', 2)
		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
		const id = await pendingRequestOf(student.id)
		expect(await page(oakfield, `${OUTGOING}?modal=cancel-transfer&id=${id}`)).toContain(`Withdraw the request to transfer ${student.first_name} ${student.last_name}?`)
		const cancelled = await postAndFollow(oakfield, OUTGOING, { intent: 'cancel', id })
		expect(cancelled.text).toContain('Transfer request cancelled')
		expect(await app.sql('select id from transfer_request where id = ?', [id])).toEqual([])
		expect(await app.sql("select school_id from audit_event where action = 'transfer.cancel' and entity_id = ?", [id])).toEqual([{ school_id: school.oakfield }])
		expect(await page(riverside, INCOMING)).not.toContain(student.upn)
		// A cancelled request no longer exists.
		expect((await oakfield.post(OUTGOING, { intent: 'cancel', id })).status).toBe(404)
		expect((await sendTransfer(oakfield, student.id)).status).toBe(302)
	})
})
