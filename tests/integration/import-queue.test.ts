import { afterAll, beforeAll, expect, test } from 'vitest'
import { withCheckLetter } from '#app/lib/upn.ts'
import { ImportJob } from '#app/models/index.ts'
import { forkEm, openDatabase, type Database, type Em } from '#app/services/database.server.ts'
import { claimImportJob, DEFAULT_WORKER_OPTIONS, queueImport, runImportJob } from '#app/services/import-queue.server.ts'
import { startJobs } from '#app/services/jobs.server.ts'
import { createSchool } from './factories.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

/**
 * The queue's promises at the service level: two instances never run one job
 * twice, and a worker that lost its lease writes nothing more (ADR 009, 019).
 */
let db: TestDatabase
let second: Database
let schoolId: string

beforeAll(async () => {
	db = await createTestDatabase()
	// A second app instance: on PostgreSQL its own pool; PGlite has one process, so the same database.
	second = db.engine === 'postgresql' ? await openDatabase(db.target) : db
	schoolId = (await createSchool(db.em())).id
})
afterAll(async () => {
	if (second !== db) await second.close()
	await db?.close()
})

let batch = 0
async function queueJob(em: Em, rows: number): Promise<string> {
	batch++
	const csv = ['UPN,Forename,Surname,DOB,Year,Gender', ...Array.from({ length: rows }, (_, i) => `${withCheckLetter(`9${String(batch).padStart(3, '0')}${String(i).padStart(8, '0')}`)},Q,Row${i},2015-09-03,5,M`)].join('\n')
	const job = em.create(ImportJob, { school: schoolId, kind: 'students', fileName: 'queue.csv', upload: Buffer.from(csv), total: rows, rowErrors: [] })
	await em.flush()
	return job.id
}

const jobRow = async (id: string) =>
	(await db.em().execute<{ status: string; processed: number; created: number; failed: number; leased_by: string | null; attempts: number }[]>(
		'select status, processed, created, failed, leased_by, attempts from import_job where id = ?',
		[id],
	))[0]!

test('two workers on two instances share the queue: every row once, every job once', async () => {
	const systems = [await startJobs(db, { schedule: false, import: { batchSize: 100 } }), await startJobs(second, { schedule: false, import: { batchSize: 100 } })]
	const ids = [await queueJob(db.em(), 1_200), await queueJob(db.em(), 900), await queueJob(db.em(), 700)]
	try {
		// Queued from either instance, and one of them twice: one job per import all the same.
		await queueImport(db.em(), ids[0]!)
		await queueImport(forkEm(second.orm), ids[1]!)
		await queueImport(forkEm(second.orm), ids[2]!)
		await queueImport(db.em(), ids[2]!)
		const until = Date.now() + 60_000
		while ((await Promise.all(ids.map(jobRow))).some((job) => job.status !== 'completed')) {
			if (Date.now() > until) throw new Error('the jobs did not finish')
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
	} finally {
		await Promise.all(systems.map((system) => system.stop()))
	}
	const jobs = await Promise.all(ids.map(jobRow))
	expect(jobs.map((job) => [job.processed, job.created, job.attempts])).toEqual([
		[1_200, 1_200, 1],
		[900, 900, 1],
		[700, 700, 1],
	])
	const [counts] = await db.em().execute<{ students: number; audits: number }[]>(
		"select (select count(*)::int from student where school_id = ?) as students, (select count(*)::int from audit_event where action = 'student.import.create' and school_id = ?) as audits",
		[schoolId, schoolId],
	)
	expect(counts).toEqual({ students: 2_800, audits: 2_800 })
})

test('a worker whose lease ran out and was taken over writes nothing more; the new holder finishes', async () => {
	const id = await queueJob(db.em(), 300)
	const options = { ...DEFAULT_WORKER_OPTIONS, batchSize: 100 }
	const stale = await claimImportJob(db.em(), id, 'worker-a', 30)
	expect(stale?.id).toBe(id)
	// Nobody else can take a job under a live lease.
	expect(await claimImportJob(forkEm(second.orm), id, 'worker-b', 30)).toBeNull()
	// Worker A stalls past its lease; worker B takes the job over.
	await db.em().execute("update import_job set lease_until = now() - interval '1 second' where id = ?", [id])
	const taken = await claimImportJob(forkEm(second.orm), id, 'worker-b', 30)
	expect(taken?.id).toBe(id)

	expect(await runImportJob(db.orm, stale!, 'worker-a', options, () => false)).toBe('lost')
	expect(await jobRow(id)).toMatchObject({ processed: 0, created: 0, leased_by: 'worker-b' })

	expect(await runImportJob(second.orm, taken!, 'worker-b', options, () => false)).toBe('finished')
	expect(await jobRow(id)).toMatchObject({ status: 'completed', processed: 300, created: 300, leased_by: null })
})

test('a worker told to stop hands the job back after its batch; the next claim resumes where it stopped', async () => {
	const id = await queueJob(db.em(), 250)
	const options = { ...DEFAULT_WORKER_OPTIONS, batchSize: 100 }
	const job = await claimImportJob(db.em(), id, 'worker-c', 30)
	let batches = 0
	expect(await runImportJob(db.orm, job!, 'worker-c', options, () => batches++ >= 1)).toBe('stopped')
	expect(await jobRow(id)).toMatchObject({ status: 'processing', processed: 100, created: 100, leased_by: null })
	const resumed = await claimImportJob(db.em(), id, 'worker-d', 30)
	expect(resumed?.id).toBe(id)
	expect(await runImportJob(db.orm, resumed!, 'worker-d', options, () => false)).toBe('finished')
	expect(await jobRow(id)).toMatchObject({ status: 'completed', processed: 250, created: 250 })
})
