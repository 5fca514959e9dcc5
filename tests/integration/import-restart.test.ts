import { utimesSync } from 'node:fs'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { forkEm, openDatabase } from '#app/services/database.server.ts'
import { Browser } from './app.ts'
import { checkUpload, startFromDryRun } from './import-helpers.ts'
import { serverProcesses } from './server-process.ts'

/**
 * A server killed (SIGKILL, no goodbye) in the middle of an import, and a new
 * one started on the same database: the job finishes with the right counts
 * and no row written twice. Real processes, so the kill is a real one.
 */

const IMPORT = '/school-admin/students/import'
// Enough batches (of 50) that the kill lands with most of the job still to do; the 10,000-row limit and the import's
// speed are tested elsewhere (student-import.test.ts, npm run bench).
const ROWS = 2_000
const BAD_EVERY = 200
const upn = (n: number) => withCheckLetter(`99926${String(n).padStart(7, '0')}`)
const csv = [
	'UPN,Forename,Surname,DOB,Year,Gender',
	...Array.from({ length: ROWS }, (_, i) => `${upn(i)},Pupil,Number${i},${i % BAD_EVERY === 7 ? '31/02/2015' : '03/09/2015'},5,F`),
].join('\n')

const { freshDatabase, startServer, cleanup } = serverProcesses()
afterAll(cleanup)

test('a server killed mid-import: the next one finishes the job, counts right, nothing twice', { timeout: 240_000 }, async () => {
	const { url: databaseUrl, target } = await freshDatabase()
	const env = { DATABASE_URL: databaseUrl, IMPORT_LEASE_SECONDS: '3', IMPORT_BATCH_SIZE: '50' }

	const first = await startServer(env)
	const office = new Browser(first.app)
	await office.signIn('office@oakfield.test')
	const checked = await checkUpload(office, IMPORT, csv, 'whole-school.csv')
	expect(checked.status).toBe(200)
	const started = await startFromDryRun(office, IMPORT, await checked.text())
	const statusPath = started.headers.get('Location')!
	expect(statusPath).toMatch(new RegExp(`^${IMPORT}/`))

	// Killed once some batches have committed and most have not.
	let processedAtKill = 0
	for (;;) {
		processedAtKill = await progress(office, statusPath)
		if (processedAtKill >= 300) break
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
	first.process.kill('SIGKILL')
	await new Promise((resolve) => first.process.once('exit', resolve))
	expect(processedAtKill).toBeLessThan(ROWS)

	// An embedded PGlite folder stays locked until its dead owner's lock goes stale: 20 s without an update
	// (openDatabase). Rather than wait them out, the lock is made 21 s old, as the dead owner leaves it.
	if (target.engine === 'pglite' && target.dir) {
		const past = new Date(Date.now() - 21_000)
		utimesSync(`${path.resolve(target.dir)}.lock`, past, past)
	}
	const second = await startServer(env)
	const again = new Browser(second.app)
	await again.signIn('office@oakfield.test')
	const until = Date.now() + 120_000
	while (!(await (await again.request(statusPath)).text()).includes('Completed with errors')) {
		if (Date.now() > until) throw new Error('the import did not finish after the restart')
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	await second.stop()

	const db = await openDatabase(target)
	try {
		const em = forkEm(db.orm)
		const [job] = await em.execute<{ status: string; total: number; processed: number; created: number; updated: number; failed: number; attempts: number; row_errors: { row: number }[] }[]>(
			'select status, total, processed, created, updated, failed, attempts, row_errors from import_job',
		)
		const bad = ROWS / BAD_EVERY
		expect(job).toMatchObject({ status: 'completed_with_errors', total: ROWS, processed: ROWS, created: ROWS - bad, updated: 0, failed: bad })
		expect(job!.attempts).toBeGreaterThanOrEqual(2)
		expect(job!.row_errors.map((error) => error.row)).toEqual(Array.from({ length: bad }, (_, i) => i * BAD_EVERY + 7 + 2))
		const [students] = await em.execute<{ n: number; upns: number }[]>("select count(*)::int as n, count(distinct upn)::int as upns from student where last_name like 'Number%'")
		expect(students).toEqual({ n: ROWS - bad, upns: ROWS - bad })
		const [audits] = await em.execute<{ n: number }[]>("select count(*)::int as n from audit_event where action = 'student.import.create'")
		expect(audits!.n).toBe(ROWS - bad)
	} finally {
		await db.close()
	}
})

async function progress(browser: Browser, statusPath: string): Promise<number> {
	const html = await (await browser.request(statusPath)).text()
	return Number(/aria-valuenow="(\d+)"/.exec(html)?.[1] ?? 0)
}
