import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FREQUENCY_SCALE } from '#app/models/enums.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { expectSentHome, page, postAndFollow, textOf } from './pages.ts'

/**
 * Subject access export (issue 17, item 1; ADR 071): Oakfield's school admin asks for a demo student's export, the
 * queue builds it, and the ZIP holds a report naming every answer, the same data as JSON and CSV, and the access log —
 * with the name of a Riverside teacher who answered about the student (before a transfer, say) and looked at the record
 * withheld. Riverside's admin, and Oakfield's other roles, are refused. The platform admin exports a whole school.
 */

let app: TestApp
let office: Browser
let student: { id: string; upn: string; first_name: string; last_name: string }
let riversideStaff: { first_name: string; last_name: string }

const one = async <T>(query: string, params: unknown[] = []) => {
	const [row] = await app.sql<T>(query, params)
	if (!row) throw new Error(`no row for: ${query}`)
	return row
}

async function download(browser: Browser, path: string): Promise<Record<string, string>> {
	const response = await browser.request(path)
	expect(response.status, path).toBe(200)
	expect(response.headers.get('Content-Type')).toBe('application/zip')
	expect(response.headers.get('Cache-Control')).toBe('no-store')
	const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
	// The byte-order mark kept, as a spreadsheet sees it.
	const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
	return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, decoder.decode(bytes)]))
}

/** Asks for the student's export on the details page and waits for the queue to build it: the export's page. */
async function exportStudent(browser: Browser, studentId: string): Promise<{ location: string; text: string }> {
	const asked = await postAndFollow(browser, `/school-admin/students/list/${studentId}`, { intent: 'export' })
	expect(asked.location).toMatch(/^\/school-admin\/exports\/[0-9a-f-]{36}$/)
	await app.jobs.settled(30_000)
	return { location: asked.location, text: await page(browser, asked.location) }
}

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	const oakfield = (await one<{ id: string }>("select id from school where subdomain = 'oakfield'")).id
	student = await one(
		`select s.id, s.upn, s.first_name, s.last_name from student s
		where s.school_id = ? and exists (select 1 from student_recommendation r where r.student_id = s.id)
			and exists (select 1 from profile p join round r on r.profile_id = p.id join feedback f on f.round_id = r.id where p.student_id = s.id and f.status = 'complete')
		order by s.upn limit 1`,
		[oakfield],
	)
	// A Riverside teacher answered one round about the student and looked at the record: a third party to Oakfield.
	const riverside = await one<{ id: string; user_id: string; first_name: string; last_name: string }>(
		"select m.id, m.user_id, m.first_name, m.last_name from school_membership m join school s on s.id = m.school_id where s.subdomain = 'riverside' order by m.created_at limit 1",
	)
	riversideStaff = riverside
	const round = await one<{ id: string; questionnaire_id: string }>(
		'select r.id, p.questionnaire_id from round r join profile p on p.id = r.profile_id where p.student_id = ? order by r.index limit 1',
		[student.id],
	)
	const feedback = await one<{ id: string }>(
		"insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values (gen_random_uuid(), now(), now(), ?, ?, 'complete', now()) returning id",
		[round.id, riverside.id],
	)
	await app.sql(
		`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
		select gen_random_uuid(), now(), now(), ?, q.id, 2 from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?`,
		[feedback.id, round.questionnaire_id],
	)
	await app.sql(
		"insert into audit_event (id, created_at, updated_at, actor_id, action, entity_type, entity_id, school_id, at) select gen_random_uuid(), now(), now(), ?, 'student.profile.view', 'Student', ?, id, now() from school where subdomain = 'riverside'",
		[riverside.user_id, student.id],
	)
	// The school keeps the student's records past the retention period, for a reason the family may ask about.
	await app.sql(
		"insert into retention_hold (id, created_at, updated_at, school_id, student_id, reason, until) values (gen_random_uuid(), now(), now(), ?, ?, 'Insurance claim HOLDMARKER', null)",
		[oakfield, student.id],
	)
	// The need manager reviews an entry of the student's plan: the review is the student's record too.
	const entry = await one<{ id: string }>("select id from student_recommendation where student_id = ? and status = 'active' and removed_at is null order by created_at limit 1", [student.id])
	const senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	const nextReviewOn = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10)
	const reviewed = await senco.post(`/students/profile/${student.id}/reviews/${entry.id}`, { outcome: '1', note: 'Calmer in lessons REVIEWMARKER', decision: 'continue', nextReviewOn })
	expect(reviewed.status).toBe(302)
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	await app.jobs.settled()
})
afterAll(() => app?.close())

describe('a subject access export', () => {
	let files: Record<string, string>
	let exportPath: string

	beforeAll(async () => {
		await page(office, `/students/profile/${student.id}`)
		const built = await exportStudent(office, student.id)
		exportPath = built.location
		expect(built.text).toContain('Ready to download')
		files = await download(office, `${exportPath}/download`)
	})

	test('holds a report, the JSON and the CSV tables', () => {
		expect(Object.keys(files).sort()).toEqual(['access-log.csv', 'answers.csv', 'plan-reviews.csv', 'plan.csv', 'report.html', 'scores.csv', 'student.json'])
		expect(files['report.html']).toMatch(/^<!doctype html>/)
		// Spreadsheets read the CSVs as UTF-8.
		for (const name of ['answers.csv', 'scores.csv', 'plan.csv', 'access-log.csv']) expect(files[name]!.startsWith('\uFEFF'), name).toBe(true)
		const data = JSON.parse(files['student.json']!) as { student: { upn: string; profiles: unknown[] } }
		expect(data.student.upn).toBe(student.upn)
	})

	test('names every answer the student has, with who gave it', async () => {
		const answers = await app.sql<{ text: string; value: number; first_name: string | null; school: string }>(
			`select q.text, a.value, m.first_name, s.subdomain as school from answer a join question q on q.id = a.question_id join feedback f on f.id = a.feedback_id
			join round r on r.id = f.round_id join profile p on p.id = r.profile_id left join school_membership m on m.id = f.respondent_id left join school s on s.id = m.school_id
			where p.student_id = ?`,
			[student.id],
		)
		expect(answers.length).toBeGreaterThan(25)
		const report = textOf(files['report.html']!)
		const csvLines = files['answers.csv']!.trim().split('\r\n')
		expect(csvLines).toHaveLength(answers.length + 1)
		for (const answer of answers) {
			const label = FREQUENCY_SCALE[answer.value]!.label
			expect(report).toContain(answer.text)
			expect(files['answers.csv']).toContain(`,${label},${answer.value},`)
			if (answer.school === 'oakfield') expect(report).toContain(answer.first_name!)
		}
	})

	test('withholds the other school’s staff and says so', () => {
		for (const [name, text] of Object.entries(files)) {
			expect(text, name).not.toContain(riversideStaff.last_name)
		}
		expect(textOf(files['report.html']!)).toContain('Staff member of another school (name withheld)')
		expect(files['access-log.csv']).toContain('Staff member of another school (name withheld)')
		expect(files['report.html']).toContain('third parties')
	})

	test('has the access log, the request among it, and the request and download audited', async () => {
		expect(files['access-log.csv']).toContain('Viewed the student’s profile')
		expect(files['access-log.csv']).toContain('Asked for this export')
		const actions = await app.sql<{ action: string }>("select action from audit_event where entity_id = ? and action like 'student.export.%' order by at", [student.id])
		expect(actions.map((row) => row.action)).toEqual(['student.export.request', 'student.export.download'])
	})

	test('holds the plan’s reviews, its next review and who does it, and the review in the access log', () => {
		for (const name of ['report.html', 'student.json', 'plan-reviews.csv']) expect(files[name], name).toContain('Calmer in lessons REVIEWMARKER')
		expect(files['plan-reviews.csv']).toContain('Better')
		expect(files['plan-reviews.csv']).toContain('Continue')
		const data = JSON.parse(files['student.json']!) as { student: { plan: { nextReviewOn: string | null; owner: string | null; reviews: { reviewedBy: string | null }[] }[] } }
		const reviewedEntry = data.student.plan.find((line) => line.reviews.length > 0)!
		expect(reviewedEntry.nextReviewOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		expect(reviewedEntry.reviews[0]!.reviewedBy).toBeTruthy()
		expect(files['access-log.csv']).toContain('Reviewed a plan entry')
	})

	test('holds the retention hold on the student’s records, with its reason', () => {
		for (const name of ['report.html', 'student.json']) expect(files[name], name).toContain('Insurance claim HOLDMARKER')
		expect(files['report.html']).toContain('Kept past the retention period')
	})

	test('a HEAD request for the file, or for the student’s page, is not recorded as a download or a view', async () => {
		const reads = () => app.sql<{ n: number }>("select count(*)::int as n from audit_event where entity_id = ? and (action like 'student.%.view' or action like 'student.export.%')", [student.id])
		const before = (await reads())[0]!.n
		const head = await office.request(`${exportPath}/download`, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect((await office.request(`/students/profile/${student.id}`, { method: 'HEAD' })).status).toBe(200)
		expect((await reads())[0]!.n).toBe(before)
		// The same GET is.
		await office.request(`/students/profile/${student.id}`)
		expect((await reads())[0]!.n).toBe(before + 1)
	})

	test('is listed on the student’s details page and deleted by the housekeeping once 7 days are past', async () => {
		const details = await page(office, `/school-admin/students/list/${student.id}`)
		expect(details).toContain('Subject access export')
		expect(details).toContain('Ready to download')
		const id = exportPath.split('/').at(-1)!
		const [row] = await app.sql<{ days: number }>("select round(extract(epoch from expires_at - finished_at) / 86400)::int as days from data_export where id = ?", [id])
		expect(row?.days).toBe(7)
		await app.sql("update data_export set expires_at = now() - interval '1 minute' where id = ?", [id])
		await app.jobs.send('housekeeping')
		await app.jobs.settled()
		expect(await app.sql('select 1 from data_export where id = ?', [id])).toHaveLength(0)
		expect(await app.sql('select 1 from data_export_chunk where export_id = ?', [id])).toHaveLength(0)
		expect((await office.request(`${exportPath}/download`)).status).toBe(404)
	})
})

describe('who may export', () => {
	let exportPath: string
	beforeAll(async () => {
		exportPath = (await exportStudent(office, student.id)).location
	})

	test('another school’s admin gets 404 for the export, its file and the request', async () => {
		const riverside = new Browser(app)
		await riverside.signIn('office@riverside.test')
		for (const path of [exportPath, `${exportPath}/download`]) expect((await riverside.request(path)).status, path).toBe(404)
		const before = await app.sql('select id from data_export')
		expect((await riverside.post(`/school-admin/students/list/${student.id}`, { intent: 'export' })).status).toBe(404)
		expect(await app.sql('select id from data_export')).toHaveLength(before.length)
	})

	test('a need manager and a teacher are sent to their own area', async () => {
		for (const [email, home] of [
			['senco@oakfield.test', '/need-manager'],
			['teacher@oakfield.test', '/professional'],
		] as const) {
			const browser = new Browser(app)
			await browser.signIn(email)
			await expectSentHome(browser, [exportPath, `${exportPath}/download`, `/school-admin/students/list/${student.id}`], home, { intent: 'export' })
		}
	})

	test('a made-up or malformed export id answers 404, a NUL byte 400', async () => {
		for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', '9'.repeat(400)])
			expect((await office.request(`/school-admin/exports/${id}/download`)).status, id).toBe(404)
		expect((await office.request('/school-admin/exports/%00/download')).status).toBe(400)
	})
})

describe('a whole school’s export (offboarding’s step 2)', () => {
	test('the platform admin gets every student’s files, the staff directory and the groups', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const school = await one<{ id: string }>("select id from school where subdomain = 'meadowview'")
		const offboard = `/spencer-admin/schools/${school.id}/offboard`
		const asked = await postAndFollow(admin, offboard, { intent: 'export' })
		expect(asked.location).toBe(offboard)
		await app.jobs.settled(60_000)
		const text = await page(admin, offboard)
		expect(text).toContain('Ready to download')
		const exportId = (await one<{ id: string }>("select id from data_export where school_id = ? and kind = 'school'", [school.id])).id
		const files = await download(admin, `/spencer-admin/schools/${school.id}/exports/${exportId}/download`)
		const upns = (await app.sql<{ upn: string }>('select upn from student where school_id = ? order by upn', [school.id])).map((row) => row.upn)
		expect(upns.length).toBeGreaterThan(0)
		for (const upn of upns) for (const file of ['report.html', 'student.json', 'answers.csv']) expect(files, upn).toHaveProperty(`students/${upn}/${file}`)
		expect(files['students.csv']!.trim().split('\r\n')).toHaveLength(upns.length + 1)
		const staff = await app.sql<{ email: string }>('select u.email from school_membership m join users u on u.id = m.user_id where m.school_id = ?', [school.id])
		for (const member of staff) expect(files['staff.csv']).toContain(member.email)
		expect(files).toHaveProperty('groups.csv')
		expect(files).toHaveProperty('index.html')
		// The school's retention period, which decided when its students' records would go.
		const { retention_years } = await one<{ retention_years: number }>('select retention_years from school where id = ?', [school.id])
		expect((JSON.parse(files['school.json']!) as { school: { retention_years: number } }).school.retention_years).toBe(retention_years)

		// The school's admin cannot reach the platform admin's download.
		expect((await office.request(`/spencer-admin/schools/${school.id}/exports/${exportId}/download`)).status).toBe(302)
		// Nor can a school export be read as a subject access export.
		expect((await office.request(`/school-admin/exports/${exportId}`)).status).toBe(404)
	})
})

describe('once the student has moved to another school', () => {
	test('the sending school’s export of them answers 404, its page and its file alike, and no download is audited', async () => {
		const oakfield = (await one<{ id: string }>("select id from school where subdomain = 'oakfield'")).id
		const moving = await one<{ id: string }>("select id from student where school_id = ? and not archived order by upn offset 7 limit 1", [oakfield])
		const built = await exportStudent(office, moving.id)
		expect(built.text).toContain('Ready to download')
		expect((await office.request(`${built.location}/download`)).status).toBe(200)

		const sent = await office.post(`/school-admin/students/list/${moving.id}?modal=transfer-student`, { intent: 'transfer', destination: 'riverside', note: 'Moving house.' })
		expect(sent.status).toBe(302)
		const request = await one<{ id: string }>("select id from transfer_request where student_id = ? and status = 'created'", [moving.id])
		const riverside = new Browser(app)
		await riverside.signIn('office@riverside.test')
		expect((await riverside.post('/school-admin/students/transfer-students/incoming', { intent: 'approve', id: request.id })).status).toBe(302)

		const downloads = () => app.sql("select id from audit_event where action = 'student.export.download' and entity_id = ?", [moving.id])
		const before = await downloads()
		for (const path of [built.location, `${built.location}/download`]) expect((await office.request(path)).status, path).toBe(404)
		expect(await downloads()).toEqual(before)
	})
})
