import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { Browser, type TestApp } from './app.ts'
import { checkUpload, importFile, startFromDryRun, startWithOffices, waitForJob } from './import-helpers.ts'

let app: TestApp
let office: Browser
let riversideJobId: string
let oakfieldJobId: string

const IMPORT = '/school-admin/students/import'
const upn = (n: number) => withCheckLetter(`99925${String(n).padStart(7, '0')}`)
const HEADER = 'Legal Surname,Legal Forename,DOB,NC Year,Sex,UPN,SEN Provision'

/** Three good rows and two bad ones (a wrong check letter, an impossible date). */
const mixed = [
	HEADER,
	`Okafor,Chidi,03/09/2015,5,M,${upn(1)},N`,
	`Novak,Ema,2016-01-12,Year 4,F,${upn(2)},K`,
	`Byrne,Aoife,21/11/2014,6,F,${upn(3)},E`,
	`Wrong,Letter,01/01/2015,5,M,A801200005002,N`,
	`Bad,Date,31/02/2015,5,F,${upn(4)},N`,
].join('\r\n')

beforeAll(async () => {
	const started = await startWithOffices()
	;({ app, office } = started)
	riversideJobId = await importFile(started.riverside, IMPORT, [HEADER, `Reed,Sam,01/02/2013,7,M,${upn(900)},N`].join('\n'), 'riverside.csv')
})
afterAll(() => app?.close())

const studentCount = async () => (await app.sql<{ n: number }>('select count(*)::int as n from student'))[0]!.n
const jobCount = async () => (await app.sql<{ n: number }>('select count(*)::int as n from import_job'))[0]!.n

describe('the import screens refuse other roles, visitors, and other schools', () => {
	const paths = () => [IMPORT, `${IMPORT}/template.csv`, `${IMPORT}/${riversideJobId}`, `${IMPORT}/${riversideJobId}/errors.csv`]
	const others = [
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]

	test.each(others)('$email is sent to $home, for reads and for posts', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		const jobs = await jobCount()
		for (const path of paths()) {
			const read = await browser.request(path)
			expect(read.status, path).toBe(302)
			expect(read.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
			const write = await checkUpload(browser, path, mixed)
			expect(write.status, path).toBe(302)
			expect(write.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
		expect(await jobCount()).toBe(jobs)
	})

	test('a visitor is sent to sign in', async () => {
		for (const path of paths()) {
			const response = await new Browser(app).request(path)
			expect(response.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
	})

	test('another school’s job answers 404, its page and its errors; so does a job id that is no id', async () => {
		expect((await office.request(`${IMPORT}/${riversideJobId}`)).status).toBe(404)
		expect((await office.request(`${IMPORT}/${riversideJobId}/errors.csv`)).status).toBe(404)
		expect((await office.request(`${IMPORT}/not-an-id`)).status).toBe(404)
	})

	test('the students list links to the import; the template downloads and reads back', async () => {
		expect(await (await office.request('/school-admin/students/list')).text()).toContain('href="/school-admin/students/import"')
		const template = await office.request(`${IMPORT}/template.csv`)
		expect(template.headers.get('Content-Type')).toMatch(/^text\/csv/)
		expect(template.headers.get('Content-Disposition')).toContain('attachment')
		const checked = await checkUpload(office, IMPORT, await template.text(), 'template.csv')
		expect(checked.status).toBe(200)
		expect(await checked.text()).toContain('Would be created')
	})
})

describe('importing 3 good rows and 2 bad ones', () => {
	test('the dry run shows what would happen and writes nothing', async () => {
		const before = { students: await studentCount(), jobs: await jobCount() }
		const response = await checkUpload(office, IMPORT, mixed, 'year5.csv')
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('nothing has been imported yet')
		expect(figure(html, 'Would be created')).toBe(3)
		expect(figure(html, 'Would be refused')).toBe(2)
		expect(html).toContain('This UPN&#x27;s check letter is not right')
		expect(await studentCount()).toBe(before.students)
		expect(await jobCount()).toBe(before.jobs)
	})

	test('the job creates 3, refuses 2 with row, column and message; the errors download as CSV', async () => {
		const checked = await checkUpload(office, IMPORT, mixed, 'year5.csv')
		const started = await startFromDryRun(office, IMPORT, await checked.text())
		expect(started.status).toBe(302)
		oakfieldJobId = started.headers.get('Location')!.split('/').at(-1)!
		expect(started.headers.get('Location')).toBe(`${IMPORT}/${oakfieldJobId}`)
		const job = await waitFor(oakfieldJobId)
		expect(job).toMatchObject({ status: 'completed_with_errors', total: 5, processed: 5, created: 3, updated: 0, failed: 2 })
		expect(job.row_errors).toEqual([
			{ row: 5, column: 'UPN', message: "This UPN's check letter is not right" },
			{ row: 6, column: 'DOB', message: 'Enter a real date' },
		])
		const students = await app.sql<{ upn: string; school: string; sen_status: string; year_group: string }>(
			'select s.upn, sc.subdomain as school, s.sen_status, s.year_group from student s join school sc on sc.id = s.school_id where s.upn = any(?::text[]) order by s.upn',
			[`{${[upn(1), upn(2), upn(3)].join(',')}}`],
		)
		expect(students.map((student) => student.school)).toEqual(['oakfield', 'oakfield', 'oakfield'])
		expect(students.find((student) => student.upn === upn(2))).toMatchObject({ sen_status: 'senSupport', year_group: 'Year 4' })
		const audits = await app.sql<{ n: number }>("select count(*)::int as n from audit_event where action = 'student.import.create' and school_id = (select id from school where subdomain = 'oakfield')")
		expect(audits[0]!.n).toBe(3)
		expect(await app.sql("select id from audit_event where action = 'import.students.start' and entity_id = ?", [oakfieldJobId])).toHaveLength(1)

		const page = await (await office.request(`${IMPORT}/${oakfieldJobId}`)).text()
		expect(page).toContain('Completed with errors')
		expect(page).toContain('Enter a real date')
		expect(page).toContain(`href="${IMPORT}/${oakfieldJobId}/errors.csv"`)

		const csv = await office.request(`${IMPORT}/${oakfieldJobId}/errors.csv`)
		expect(csv.headers.get('Content-Disposition')).toContain('year5-errors.csv')
		// A byte-order mark first, for Excel to read it as UTF-8 (the apostrophe below is a typographic one in some messages).
		expect([...new Uint8Array(await csv.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		// Each refused row as the file had it, under the file's own header, to be put right without the file beside it.
		expect(await csv.text()).toBe(
			`Row,Column,Message,${HEADER}\r\n5,UPN,This UPN's check letter is not right,Wrong,Letter,01/01/2015,5,M,A801200005002,N\r\n6,DOB,Enter a real date,Bad,Date,31/02/2015,5,F,${upn(4)},N\r\n`,
		)
	})

	test('importing the same file again changes nothing', async () => {
		const before = await app.sql<{ upn: string; updated_at: unknown }>('select upn, updated_at from student order by upn')
		const checked = await checkUpload(office, IMPORT, mixed, 'year5.csv')
		const html = await checked.text()
		expect(figure(html, 'Would be created')).toBe(0)
		expect(figure(html, 'Would be updated')).toBe(0)
		expect(figure(html, 'Unchanged')).toBe(3)
		const started = await startFromDryRun(office, IMPORT, html)
		const job = await waitFor(started.headers.get('Location')!.split('/').at(-1)!)
		expect(job).toMatchObject({ status: 'completed_with_errors', created: 0, updated: 0, failed: 2 })
		expect(await app.sql('select upn, updated_at from student order by upn')).toEqual(before)
	})

	test('a changed row is updated; a UPN of another school is refused with 1003 and that student is not touched', async () => {
		const changed = [HEADER, `Okafor,Chidi,03/09/2015,6,M,${upn(1)},N`, `Thief,Ann,01/01/2015,5,F,${upn(900)},N`].join('\n')
		const id = await importFile(office, IMPORT, changed)
		const job = await waitFor(id)
		expect(job).toMatchObject({ created: 0, updated: 1, failed: 1 })
		expect(job.row_errors).toEqual([{ row: 3, column: 'UPN', message: 'Student upn already exist.' }])
		expect((await app.sql<{ year_group: string }>('select year_group from student where upn = ?', [upn(1)]))[0]!.year_group).toBe('Year 6')
		expect((await app.sql<{ first_name: string }>('select first_name from student where upn = ?', [upn(900)]))[0]!.first_name).toBe('Sam')
	})
})

describe('a file that cannot be imported writes nothing', () => {
	const goodRow = (n: number) => `Okafor,Chidi,03/09/2015,5,M,${upn(n)},N`
	const cases: { name: string; content: () => string | Uint8Array; status: number; message: RegExp }[] = [
		{ name: 'binary', content: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), status: 400, message: /File is broken, .* It is not text Spencer can read/ },
		{ name: 'another delimiter', content: () => [HEADER.replaceAll(',', ';'), goodRow(50).replaceAll(',', ';')].join('\n'), status: 400, message: /File is broken, .* Its columns are not separated by commas/ },
		{ name: 'an unclosed quote', content: () => [HEADER, `"Okafor,Chidi,03/09/2015,5,M,${upn(51)},N`].join('\n'), status: 400, message: /File is broken, .* A quote mark opens a cell that is never closed/ },
		{ name: 'a missing column', content: () => ['Surname,Forename,DOB,Year,UPN', `Okafor,Chidi,03/09/2015,5,${upn(52)}`].join('\n'), status: 400, message: /File is broken, .* The header row has no “Gender” column/ },
		{ name: '10,001 rows', content: () => [HEADER, ...Array.from({ length: 10_001 }, (_, i) => goodRow(1000 + i))].join('\n'), status: 413, message: /more than 10,000 rows/ },
		{ name: '6 MB', content: () => [HEADER, ...Array.from({ length: 9_000 }, (_, i) => `${'x'.repeat(620)},Chidi,03/09/2015,5,M,${upn(20_000 + i)},N`)].join('\n'), status: 413, message: /larger than 5 MB/ },
	]

	test.each(cases)('$name: refused with its message, no job, no student', async ({ content, status, message }) => {
		const before = { students: await studentCount(), jobs: await jobCount() }
		const response = await checkUpload(office, IMPORT, content())
		expect(response.status).toBe(status)
		expect(await response.text()).toMatch(message)
		// Sent straight to the start step (skipping the check), it is refused the same way.
		const bytes = content()
		const form = new FormData()
		form.set('intent', 'start')
		form.set('fileName', 'bad.csv')
		form.set('upload', Buffer.from(bytes).toString('base64'))
		const started = await office.request(IMPORT, { method: 'POST', body: form, headers: { Origin: app.url } })
		expect(started.status).toBe(status)
		expect(await studentCount()).toBe(before.students)
		expect(await jobCount()).toBe(before.jobs)
	})

	test('a header and no rows: the check says there is nothing to import, and offers no start', async () => {
		const checked = await checkUpload(office, IMPORT, `${HEADER}\r\n`)
		expect(checked.status).toBe(200)
		const html = await checked.text()
		expect(html).toContain('The file has its header and no rows under it: there is nothing to import.')
		expect(html).not.toContain('name="upload"')
		expect(html).toContain('Choose another file')
		// One row is one row, not "1 rows".
		const one = await (await checkUpload(office, IMPORT, [HEADER, `Okafor,Chidi,03/09/2015,5,M,${upn(60)},N`].join('\n'))).text()
		expect(one).toContain('1 row read.')
	})

	test('a body far over the limit is refused from its length, unread', async () => {
		const response = await checkUpload(office, IMPORT, new Uint8Array(8 * 1024 * 1024).fill(65))
		expect(response.status).toBe(413)
		expect(await response.text()).toMatch(/larger than 5 MB/)
	})
})

function figure(html: string, label: string): number {
	const match = new RegExp(`${label}</dt><dd[^>]*>(\\d+)</dd>`).exec(html)
	if (!match) throw new Error(`no figure ${label}`)
	return Number(match[1])
}

const waitFor = (id: string) => waitForJob(app, id)

describe('an import started while impersonating', () => {
	test('keeps the platform admin in the audit trail: every student.import.* row names the admin and the school admin', async () => {
		const userId = async (email: string) => (await app.sql<{ id: string }>('select id from users where email = ?', [email]))[0]!.id
		const [oakfield] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const started = await admin.post(`/spencer-admin/schools/${oakfield!.id}`, { intent: 'impersonate', userId: await userId('office@oakfield.test') })
		expect(started.status).toBe(302)
		const id = await importFile(admin, IMPORT, [HEADER, `Quinn,Rory,05/05/2015,5,M,${upn(700)},N`, `Shah,Ayaan,06/06/2015,5,M,${upn(701)},N`].join('\n'))
		const [job] = await app.sql<{ created_by_id: string; impersonator_id: string }>('select created_by_id, impersonator_id from import_job where id = ?', [id])
		expect(job).toEqual({ created_by_id: await userId('office@oakfield.test'), impersonator_id: await userId('admin@spencer.test') })
		const rows = await app.sql<{ actor_id: string; impersonated_user_id: string | null }>(
			`select a.actor_id, a.impersonated_user_id from audit_event a join student s on s.id::text = a.entity_id
			where a.action like 'student.import.%' and s.upn in (?, ?)`,
			[upn(700), upn(701)],
		)
		expect(rows).toEqual([
			{ actor_id: await userId('admin@spencer.test'), impersonated_user_id: await userId('office@oakfield.test') },
			{ actor_id: await userId('admin@spencer.test'), impersonated_user_id: await userId('office@oakfield.test') },
		])
		// The start is audited the same way, by audit().
		expect(await app.sql("select actor_id, impersonated_user_id from audit_event where action = 'import.students.start' and entity_id = ?", [id])).toEqual([
			{ actor_id: await userId('admin@spencer.test'), impersonated_user_id: await userId('office@oakfield.test') },
		])
	})
})
