import { afterAll, expect, inject, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { forkEm, openDatabase } from '#app/services/database.server.ts'
import { Browser } from './app.ts'
import { checkUpload, startFromDryRun } from './import-helpers.ts'
import { serverProcesses } from './server-process.ts'

/**
 * Several instances on one database (README: Deployment for scale): on PostgreSQL, any instance answers for a
 * session another made, a rate limit counts the posts made to all of them, and an import queued on one runs once
 * while both run workers. PGlite is one process's database: a second instance on its folder refuses to start.
 */
const { freshDatabase, startServer, cleanup } = serverProcesses()
afterAll(cleanup)

const engine = inject('databaseTemplate').engine
const IMPORT = '/school-admin/students/import'
const ROWS = 300
const upn = (n: number) => withCheckLetter(`99927${String(n).padStart(7, '0')}`)
const csv = ['UPN,Forename,Surname,DOB,Year,Gender', ...Array.from({ length: ROWS }, (_, i) => `${upn(i)},Pupil,Shared${i},03/09/2015,5,F`)].join('\n')

test(engine === 'postgresql' ? 'two instances on one PostgreSQL: one session, one rate limit, an import run once' : 'PGlite: a second instance on the same folder refuses to start, saying why', { timeout: 180_000 }, async () => {
	const { url, target } = await freshDatabase()
	// Behind a proxy, as a deployment of several instances is: each client's address comes from X-Forwarded-For.
	const env = { DATABASE_URL: url, TRUST_PROXY: '1', AUTH_POSTS_PER_MINUTE: '4', IMPORT_BATCH_SIZE: '50' }
	const first = await startServer(env)
	if (engine === 'pglite') {
		await expect(startServer(env)).rejects.toThrow(/is in use by another Spencer process/)
		expect((await fetch(`${first.app.url}/healthz`)).ok).toBe(true)
		return
	}
	const second = await startServer(env)

	// A session made on one instance is good on the other.
	const officeOnFirst = new Browser(first.app, { 'X-Forwarded-For': '198.51.100.1' })
	await officeOnFirst.signIn('office@oakfield.test')
	const officeOnSecond = new Browser(second.app, { 'X-Forwarded-For': '198.51.100.1' })
	for (const [name, value] of officeOnFirst.cookies) officeOnSecond.cookies.set(name, value)
	const list = await officeOnSecond.request('/school-admin/students/list')
	expect(list.status).toBe(200)
	expect(await list.text()).toContain('Students')

	// Auth posts from one address, alternating between the instances: the fifth in the minute is refused, wherever it lands.
	const stranger = [first, second].map((server) => new Browser(server.app, { 'X-Forwarded-For': '203.0.113.77' }))
	const statuses: number[] = []
	for (let attempt = 0; attempt < 5; attempt++) {
		const response = await stranger[attempt % 2]!.post('/auth/login', { intent: 'password', email: 'nobody@oakfield.test', password: `Wrong!pass${attempt}` })
		statuses.push(response.status)
	}
	expect(statuses).toEqual([400, 400, 400, 400, 429])

	// An import started on the second instance, while both run the queue's workers: every row once.
	const checked = await checkUpload(officeOnSecond, IMPORT, csv, 'shared.csv')
	expect(checked.status).toBe(200)
	const started = await startFromDryRun(officeOnSecond, IMPORT, await checked.text())
	const statusPath = started.headers.get('Location')!
	const until = Date.now() + 120_000
	while (!(await (await officeOnFirst.request(statusPath)).text()).includes('Completed')) {
		if (Date.now() > until) throw new Error('the import did not finish')
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	const db = await openDatabase(target)
	try {
		const em = forkEm(db.orm)
		const [job] = await em.execute<{ status: string; processed: number; created: number; attempts: number }[]>('select status, processed, created, attempts from import_job')
		expect(job).toEqual({ status: 'completed', processed: ROWS, created: ROWS, attempts: 1 })
		const [counts] = await em.execute<{ students: number; upns: number; audits: number }[]>(
			"select (select count(*)::int from student where last_name like 'Shared%') as students, (select count(distinct upn)::int from student where last_name like 'Shared%') as upns, (select count(*)::int from audit_event where action = 'student.import.create') as audits",
		)
		expect(counts).toEqual({ students: ROWS, upns: ROWS, audits: ROWS })
	} finally {
		await db.close()
	}
})
