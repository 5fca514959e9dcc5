import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { DEFAULT_WORKER_OPTIONS } from '#app/services/import-queue.server.ts'
import { QUEUES } from '#app/services/job-queue.server.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { waitForJob } from './import-helpers.ts'

// Issue 15 item 10: an import the worker cannot finish ends "failed" (docs/architecture.md#jobs), never stuck in
// "processing", never half written, and its page says so. Three ways there: an upload that no longer reads, an
// import claimed too often, and a job pg-boss has retried for the last time.

let app: TestApp
let office: Browser
let oakfieldId: string
let officeId: string
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	oakfieldId = (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
	officeId = (await app.sql<{ id: string }>("select id from users where email = 'office@oakfield.test'"))[0]!.id
})
afterAll(() => app?.close())

const HEADER = 'Legal Surname,Legal Forename,DOB,NC Year,Sex,UPN,SEN Provision'
const upn = (n: number) => withCheckLetter(`99926${String(n).padStart(7, '0')}`)
const goodFile = (first: number) => [HEADER, `Failwell,Ada,03/09/2015,5,F,${upn(first)},N`, `Failwell,Ben,12/01/2016,4,M,${upn(first + 1)},N`].join('\r\n')

/** An import as the start form stores it (queued, its upload in the row), without its job: the test sends that. */
async function storedImport(upload: string, rows: number, attempts = 0): Promise<string> {
	const [row] = await app.sql<{ id: string }>(
		`insert into import_job (id, created_at, updated_at, school_id, kind, file_name, upload, status, total, row_errors, created_by_id, attempts)
		values (gen_random_uuid(), now(), now(), ?, 'students', 'failing.csv', convert_to(?, 'UTF8'), 'queued', ?, '[]', ?, ?) returning id`,
		[oakfieldId, upload, rows, officeId, attempts],
	)
	return row!.id
}

const studentsNamed = async (lastName: string) =>
	(await app.sql<{ n: number }>('select count(*)::int as n from student where last_name = ?', [lastName]))[0]!.n

async function expectFailedPage(id: string) {
	const page = await office.request(`/school-admin/students/import/${id}`)
	expect(page.status).toBe(200)
	expect(await page.text()).toContain('Failed')
}

describe('an import the worker cannot finish is marked failed', () => {
	test('an upload that no longer reads: failed at the first claim, nothing written, the lease given back', async () => {
		const id = await storedImport('Nothing,We,Know\r\na,b,c', 1)
		await app.jobs.send(QUEUES.import, { importId: id }, { singletonKey: id })
		const job = await waitForJob(app, id)
		expect(job).toMatchObject({ status: 'failed', processed: 0, created: 0 })
		const [lease] = await app.sql<{ leased_by: string | null; finished_at: Date | null; attempts: number }>(
			'select leased_by, finished_at, attempts from import_job where id = ?',
			[id],
		)
		expect(lease).toMatchObject({ leased_by: null, attempts: 1 })
		expect(lease!.finished_at).not.toBeNull()
		await expectFailedPage(id)
	})

	test(`claimed more than ${DEFAULT_WORKER_OPTIONS.maxAttempts} times: failed without running, however good its file`, async () => {
		const id = await storedImport(goodFile(1), 2, DEFAULT_WORKER_OPTIONS.maxAttempts)
		await app.jobs.send(QUEUES.import, { importId: id }, { singletonKey: id })
		expect(await waitForJob(app, id)).toMatchObject({ status: 'failed', processed: 0, created: 0 })
		expect(await studentsNamed('Failwell')).toBe(0)
		await expectFailedPage(id)
	})

	test('a batch that fails on the job’s last retry: failed, its rows rolled back, the log naming the import and not the data', async () => {
		// Every insert of a student fails, as a database that refuses the batch would.
		await app.sql(`create function refuse_student() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`)
		await app.sql('create trigger refuse_student before insert on student for each row execute function refuse_student()')
		const logged = vi.mocked(console.error).mockImplementation(() => {})
		try {
			const id = await storedImport(goodFile(10), 2)
			// No retries left: this attempt is the job's last.
			await app.jobs.send(QUEUES.import, { importId: id }, { singletonKey: id, retryLimit: 0 })
			expect(await waitForJob(app, id)).toMatchObject({ status: 'failed', processed: 0, created: 0 })
			expect(await studentsNamed('Failwell')).toBe(0)
			const [lease] = await app.sql<{ leased_by: string | null }>('select leased_by from import_job where id = ?', [id])
			expect(lease!.leased_by).toBeNull()
			await app.jobs.settled()
			const [job] = await app.sql<{ state: string }>("select state from pgboss.job where name = ? and data->>'importId' = ?", [QUEUES.import, id])
			expect(job!.state).toBe('failed')

			const lines = logged.mock.calls.map((args) => args.map(String).join(' '))
			expect(lines.some((line) => line.includes(`import ${id} stopped by`))).toBe(true)
			expect(lines.join('\n')).not.toMatch(/Failwell|refused by the test|99926/)
			await expectFailedPage(id)
		} finally {
			await app.sql('drop trigger refuse_student on student')
			await app.sql('drop function refuse_student()')
		}
	})

	test('the same file, once nothing refuses it, imports: the failures above were the worker’s, not the file’s', async () => {
		const id = await storedImport(goodFile(20), 2)
		await app.jobs.send(QUEUES.import, { importId: id }, { singletonKey: id })
		expect(await waitForJob(app, id)).toMatchObject({ status: 'completed', processed: 2, created: 2 })
		expect(await studentsNamed('Failwell')).toBe(2)
	})
})
