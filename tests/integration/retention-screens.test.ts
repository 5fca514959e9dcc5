import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { todayInUk } from '#app/lib/format.ts'
import { addYearsTo } from '#app/lib/retention-schema.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { expectSentHome, page, postAndFollow, textOf } from './pages.ts'

/**
 * The retention screen (issue 17, item 2; ADR 070) through HTTP, as a school admin's browser uses it: Meadow View's
 * admin sees the school's period and the students who left whose records are due within 30 days (the demo's two), sets
 * the period, and places, changes and lifts a hold. Each write is audited, what the forms refuse (out of range, NUL
 * bytes, oversize numbers, a reason too long) answers 400 and writes nothing, a GET writes nothing, and a school sees
 * only its own students.
 */
let app: TestApp
let office: Browser
let ids: { meadowview: string; oakfield: string; nadia: string; callum: string; esme: string; officeUser: string }

const PATH = '/school-admin/retention'
const holdPath = (id: string) => `${PATH}?modal=retention-hold&id=${id}`

const one = async <T>(query: string, params: unknown[] = []) => {
	const [row] = await app.sql<T>(query, params)
	if (!row) throw new Error(`no row for: ${query}`)
	return row
}
const studentId = async (lastName: string) => (await one<{ id: string }>('select id from student where last_name = ? and archived', [lastName])).id

/** What the screen's writes could change: the schools' periods, the holds, the audit trail. */
const snapshot = () =>
	Promise.all([
		app.sql('select id, retention_years, updated_at from school order by id'),
		app.sql('select student_id, school_id, reason, until, updated_at from retention_hold order by student_id'),
		app.sql('select count(*)::int as n from audit_event'),
		app.sql('select count(*)::int as n from student'),
	])

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	const school = async (subdomain: string) => (await one<{ id: string }>('select id from school where subdomain = ?', [subdomain])).id
	ids = {
		meadowview: await school('meadowview'),
		oakfield: await school('oakfield'),
		nadia: await studentId('Farrow'),
		callum: await studentId('Pryce'),
		esme: await studentId('Lockwood'),
		officeUser: (await one<{ id: string }>("select id from users where email = 'office@meadowview.test'")).id,
	}
	office = new Browser(app)
	await office.signIn('office@meadowview.test')
	await app.jobs.settled()
})
afterAll(() => app?.close())

describe('the screen', () => {
	test('is in the school admin’s sidebar', async () => {
		const response = await office.request('/school-admin/students/list')
		expect(await response.text()).toMatch(/href="\/school-admin\/retention"[^>]*>[\s\S]*?Retention/)
	})

	test('shows the period (6 years by default), the guidance, and the two students due within 30 days, soonest first', async () => {
		const before = await snapshot()
		const response = await office.request(PATH)
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toMatch(/<input[^>]*name="years"[^>]*value="6"|<input[^>]*value="6"[^>]*name="years"/)
		const text = textOf(html)
		expect(text).toContain('Retention · Spencer')
		expect(text).toContain('Keep records for (years)')
		expect(text).toContain('Choosing a period')
		expect(text).toContain('Due in the next 30 days')
		expect(text.indexOf('Nadia Farrow')).toBeGreaterThan(-1)
		expect(text.indexOf('Callum Pryce')).toBeGreaterThan(text.indexOf('Nadia Farrow'))
		expect(text).not.toContain('Esme Lockwood')
		expect(text).toMatch(/Nadia Farrow Year 11 \d{2}\/\d{2}\/\d{4} \d{2}\/\d{2}\/\d{4} None Place hold/)
		// Reading the screen wrote nothing.
		expect(await snapshot()).toEqual(before)
	})

	test('another school sees none of them', async () => {
		const oakfield = new Browser(app)
		await oakfield.signIn('office@oakfield.test')
		const text = await page(oakfield, PATH)
		expect(text).not.toContain('Nadia Farrow')
		expect(text).toContain('No student’s records are due to be erased in the next 30 days.')
	})

	test('the other roles are sent to their own home, reading or posting', async () => {
		for (const [email, home] of [
			['senco@meadowview.test', '/need-manager'],
			['teacher@meadowview.test', '/professional'],
		] as const) {
			const browser = new Browser(app)
			await browser.signIn(email)
			await expectSentHome(browser, [PATH, holdPath(ids.nadia)], home, { intent: 'period', years: '1' })
		}
	})
})

describe('the retention period', () => {
	test.each([
		['0', 'Enter a whole number of years from 1 to 35'],
		['36', 'Enter a whole number of years from 1 to 35'],
		['99999999999999999999999999', 'Enter a whole number of years from 1 to 35'],
		['1e400', 'Enter a whole number of years from 1 to 35'],
		['', 'Enter a whole number of years from 1 to 35'],
	])('%o is refused beside the field with 400, and nothing is written', async (years, message) => {
		const before = await snapshot()
		const response = await office.post(PATH, { intent: 'period', years })
		expect(response.status).toBe(400)
		expect(textOf(await response.text())).toContain(message)
		expect(await snapshot()).toEqual(before)
	})

	test('a NUL byte is refused before the action reads the form', async () => {
		const before = await snapshot()
		expect((await office.post(PATH, { intent: 'period', years: '2\u0000' })).status).toBe(400)
		expect(await snapshot()).toEqual(before)
	})

	test('two years: saved for the acting school only (a posted school changes nothing), audited, and the list follows', async () => {
		const { location, text } = await postAndFollow(office, PATH, { intent: 'period', years: ' 2 ', schoolId: ids.oakfield })
		expect(location).toBe(PATH)
		expect(text).toContain('Retention period saved')
		expect(text).toContain('kept for 2 years after they were archived')
		const periods = await app.sql<{ id: string; retention_years: number }>('select id, retention_years from school where id in (?, ?)', [ids.meadowview, ids.oakfield])
		expect(Object.fromEntries(periods.map((row) => [row.id, row.retention_years]))).toEqual({ [ids.meadowview]: 2, [ids.oakfield]: 6 })
		expect(await app.sql("select actor_id, entity_type, entity_id, school_id from audit_event where action = 'school.retention'")).toEqual([
			{ actor_id: ids.officeUser, entity_type: 'School', entity_id: ids.meadowview, school_id: ids.meadowview },
		])
		// Esme left almost two years ago: due now; the two who left six years ago are past their date, due at the next run.
		expect(text).toContain('Esme Lockwood')
		expect(text.match(/At the next nightly erasure/g)).toHaveLength(2)
	})

	test('back to six', async () => {
		const { text } = await postAndFollow(office, PATH, { intent: 'period', years: '6' })
		expect(text).not.toContain('Esme Lockwood')
		expect(text).toContain('Nadia Farrow')
	})
})

describe('a hold', () => {
	const later = () => addYearsTo(todayInUk(), 1)

	test('the modal opens by its address, without JavaScript', async () => {
		const text = await page(office, holdPath(ids.nadia))
		expect(text).toContain('Hold the records of Nadia Farrow')
		expect(text).toContain('Do not write the child’s name')
	})

	test.each([
		[{ reason: '   ' }, 'Give the reason for the hold'],
		[{ reason: 'x'.repeat(501) }, 'Use at most 500 characters'],
		[{ reason: 'Safeguarding hold', until: todayInUk() }, 'The hold must end after today'],
		[{ reason: 'Safeguarding hold', until: '2027-02-30' }, 'Enter a real date'],
		[{ reason: 'Safeguarding hold', until: '+275760-09-13' }, 'Enter a real date'],
	])('%o is refused with 400 in the open modal, and nothing is written', async (form, message) => {
		const before = await snapshot()
		const response = await office.post(holdPath(ids.nadia), { intent: 'hold', id: ids.nadia, ...form })
		expect(response.status).toBe(400)
		const text = textOf(await response.text())
		expect(text).toContain(message)
		expect(text).toContain('Hold the records of Nadia Farrow')
		expect(await snapshot()).toEqual(before)
	})

	test('a reason with a NUL byte, or a malformed id, is refused before the action; another school’s student is 404', async () => {
		const before = await snapshot()
		expect((await office.post(holdPath(ids.nadia), { intent: 'hold', id: ids.nadia, reason: 'Hold\u0000' })).status).toBe(400)
		expect((await office.post(PATH, { intent: 'hold', id: 'not-an-id', reason: 'Hold' })).status).toBe(400)
		const oakStudent = (await one<{ id: string }>('select id from student where school_id = ? limit 1', [ids.oakfield])).id
		expect((await office.post(PATH, { intent: 'hold', id: oakStudent, reason: 'Hold' })).status).toBe(404)
		expect((await office.post(PATH, { intent: 'lift-hold', id: oakStudent })).status).toBe(404)
		expect((await office.request(holdPath(oakStudent))).status).toBe(404)
		expect(await snapshot()).toEqual(before)
	})

	test('placed until a date: kept, shown on the list, audited', async () => {
		const { location, text } = await postAndFollow(office, holdPath(ids.nadia), { intent: 'hold', id: ids.nadia, reason: ' Safeguarding hold,\r\nadvised by the DSL ', until: later() })
		expect(location).toBe(PATH)
		expect(text).toContain('Hold placed')
		expect(text).toMatch(new RegExp(`Nadia Farrow .* On hold until ${later().split('-').reverse().join('/')} Change hold`))
		expect(await app.sql('select school_id, reason, to_char(until, \'YYYY-MM-DD\') as until from retention_hold where student_id = ?', [ids.nadia])).toEqual([
			{ school_id: ids.meadowview, reason: 'Safeguarding hold,\nadvised by the DSL', until: later() },
		])
		expect(await app.sql("select actor_id, entity_id, school_id from audit_event where action = 'retention.hold'")).toEqual([
			{ actor_id: ids.officeUser, entity_id: ids.nadia, school_id: ids.meadowview },
		])
	})

	test('changed to "until lifted": the modal shows the hold, the same row is changed', async () => {
		expect(await page(office, holdPath(ids.nadia))).toContain('Safeguarding hold')
		const { text } = await postAndFollow(office, holdPath(ids.nadia), { intent: 'hold', id: ids.nadia, reason: 'Police request', until: '' })
		expect(text).toContain('Hold changed')
		expect(text).toContain('On hold until the hold is lifted')
		expect(await app.sql('select reason, until from retention_hold where student_id = ?', [ids.nadia])).toEqual([{ reason: 'Police request', until: null }])
	})

	test('lifted: the row goes, audited; lifting again says there was none', async () => {
		const { location, text } = await postAndFollow(office, holdPath(ids.nadia), { intent: 'lift-hold', id: ids.nadia })
		expect(location).toBe(PATH)
		expect(text).toContain('Hold lifted')
		expect(await app.sql('select id from retention_hold where student_id = ?', [ids.nadia])).toEqual([])
		expect(await app.sql("select entity_id from audit_event where action = 'retention.hold.lift'")).toEqual([{ entity_id: ids.nadia }])
		expect((await postAndFollow(office, PATH, { intent: 'lift-hold', id: ids.nadia })).text).toContain('There was no hold to lift')
	})

	test('an unknown intent answers 400 and writes nothing', async () => {
		const before = await snapshot()
		expect((await office.post(PATH, { intent: 'purge-everyone' })).status).toBe(400)
		expect(await snapshot()).toEqual(before)
	})
})

describe('what the period counts from, and whose a hold is', () => {
	test('archiving a student records when; restoring clears it; archiving again starts afresh', async () => {
		const student = (await one<{ id: string }>('select id from student where school_id = ? and not archived order by upn limit 1', [ids.meadowview])).id
		const details = `/school-admin/students/list/${student}`
		const archivedAt = async () => (await one<{ at: Date | string | null }>('select archived_at as at from student where id = ?', [student])).at
		const started = Date.now()
		expect((await office.post(details, { intent: 'archive' })).status).toBe(302)
		const first = new Date((await archivedAt())!).getTime()
		expect(first).toBeGreaterThanOrEqual(started - 1000)
		// Archiving an archived student again changes nothing: the clock does not restart.
		expect((await office.post(details, { intent: 'archive' })).status).toBe(302)
		expect(new Date((await archivedAt())!).getTime()).toBe(first)
		expect((await office.post(details, { intent: 'unarchive' })).status).toBe(302)
		expect(await archivedAt()).toBeNull()
	})

	test('an approved transfer drops the old school’s hold: the new school’s period applies', async () => {
		await postAndFollow(office, holdPath(ids.callum), { intent: 'hold', id: ids.callum, reason: 'Complaint open' })
		expect((await office.post(`/school-admin/students/list/${ids.callum}?modal=transfer-student`, { intent: 'transfer', destination: 'riverside', note: '' })).status).toBe(302)
		const riverside = new Browser(app)
		await riverside.signIn('office@riverside.test')
		const request = (await one<{ id: string }>("select id from transfer_request where student_id = ? and status = 'created'", [ids.callum])).id
		expect((await riverside.post('/school-admin/students/transfer-students/incoming', { intent: 'approve', id: request })).status).toBe(302)
		expect(await app.sql('select id from retention_hold where student_id = ?', [ids.callum])).toEqual([])
		// Riverside's screen lists them now, with no hold; Meadow View's no longer does.
		expect(await page(riverside, PATH)).toMatch(/Callum Pryce .* None Place hold/)
		expect(await page(office, PATH)).not.toContain('Callum Pryce')
	})
})
