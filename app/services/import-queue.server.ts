import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { ReadRow } from '#app/lib/import-rows.ts'
import type { ImportKind } from '#app/models/enums.ts'
import { forkEm, type Em, type Orm } from './database.server.ts'
import { importHandler } from './import-kinds.server.ts'
import type { ImportActor, ImportKindHandler, ImportValuesRow } from './import-kind.server.ts'
import { enqueue, QUEUES } from './job-queue.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Running an import in the background (ADR 009, ADR 019). The job system
 * delivers "run import X" to one worker of one instance; the ImportJob row
 * holds the import's progress and a lease. A worker claims the row with its
 * own id and renews the lease with every batch; each batch is one
 * transaction that writes its rows and moves `processed` on, so a restart
 * resumes after the last committed batch, and a worker that lost its lease
 * (stalled, and taken over) writes nothing more. The same SQL runs on
 * PostgreSQL and on PGlite.
 */

/**
 * `pauseMs` is a gap between batches: on PGlite the worker and the requests
 * share one connection, and without a gap the worker would take it back
 * before any waiting request got its turn.
 */
export type WorkerOptions = { leaseSeconds: number; batchSize: number; maxAttempts: number; pauseMs: number }
export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { leaseSeconds: 30, batchSize: 500, maxAttempts: 5, pauseMs: 0 }

/** Queues import `id` on the job system; inside the transaction that stores it, so neither exists without the other. */
export async function queueImport(em: Em, id: string) {
	// One job per import at a time (the queue's policy is `exclusive` by this key): queuing it again while it waits or runs does nothing.
	await enqueue(em, QUEUES.import, { importId: id }, { singletonKey: id })
}

/**
 * Queues every import left unfinished: an instance that starts after a
 * crash, or after a version that kept imports outside the job system, finds
 * them all again. An import already waiting or running is not queued twice.
 */
export async function queueUnfinishedImports(em: Em) {
	const unfinished = await typedSql(em).selectFrom('import_job').select('id').where('status', 'in', ['queued', 'processing']).orderBy('created_at').execute()
	for (const { id } of unfinished) await queueImport(em, id)
}

type Claimed = { id: string; school_id: string; kind: ImportKind; created_by_id: string | null; impersonator_id: string | null; attempts: number }

/** Takes import `id` if it is queued, or processing under a lease that has run out; null when it is not free. */
export async function claimImportJob(em: Em, id: string, workerId: string, leaseSeconds: number): Promise<Claimed | null> {
	const claimed = await typedSql(em)
		.updateTable('import_job')
		.set((eb) => ({ status: 'processing', leased_by: workerId, lease_until: leaseFrom(leaseSeconds), attempts: eb('attempts', '+', 1), updated_at: sql`now()` }))
		.where('id', '=', id)
		.where((eb) =>
			eb.or([
				eb('status', '=', 'queued'),
				eb.and([eb('status', '=', 'processing'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)])]),
			]),
		)
		.returning(['id', 'school_id', 'kind', 'created_by_id', 'impersonator_id', 'attempts'])
		.executeTakeFirst()
	return claimed ?? null
}

type BatchOutcome = 'more' | 'finished' | 'lost'

/** The end of a lease taken now. */
const leaseFrom = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`

/** An update that ends `workerId`'s lease on the job; a worker that lost the lease changes nothing. */
function release(em: Em, jobId: string, workerId: string) {
	return typedSql(em)
		.updateTable('import_job')
		.set({ leased_by: null, lease_until: null })
		.where('id', '=', jobId)
		.where('leased_by', '=', workerId)
}

/**
 * Runs one claimed job to its end, batch by batch, while this worker holds
 * its lease and is not told to stop. Returns how it ended.
 */
export async function runImportJob(orm: Orm, job: Claimed, workerId: string, options: WorkerOptions, shouldStop: () => boolean): Promise<BatchOutcome | 'stopped'> {
	const em = forkEm(orm)
	const stored = await typedSql(em).selectFrom('import_job').select('upload').where('id', '=', job.id).executeTakeFirst()
	const handler = importHandler(job.kind)
	const read = handler.read(new Uint8Array(stored?.upload ?? new Uint8Array()))
	if (!read.ok) {
		// The upload was checked when the job was made; a file that no longer reads is a failed job, not a retry.
		await release(em, job.id, workerId)
			.set({ status: 'failed', finished_at: sql`now()`, updated_at: sql`now()` })
			.execute()
		return 'finished'
	}
	const rows = read.rows
	const actor: ImportActor = { schoolId: job.school_id, userId: job.created_by_id, impersonatorId: job.impersonator_id }
	for (;;) {
		if (shouldStop()) {
			// Handed back at once: the next worker (here after a restart, or another instance) resumes after the last batch.
			await release(em, job.id, workerId).set({ updated_at: sql`now()` }).execute()
			return 'stopped'
		}
		const outcome = await em.fork().transactional(async (tx) => runBatch(tx as Em, job.id, workerId, rows, actor, handler, options))
		if (outcome === 'lost') return 'lost'
		if (options.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, options.pauseMs))
		if (outcome === 'finished') {
			await release(em, job.id, workerId)
				.set((eb) => ({
					status: eb.case().when('failed', '>', 0).then(eb.val('completed_with_errors' as const)).else(eb.val('completed' as const)).end(),
					finished_at: sql`now()`,
					updated_at: sql`now()`,
				}))
				.execute()
			return 'finished'
		}
	}
}

async function runBatch(
	tx: Em,
	jobId: string,
	workerId: string,
	rows: ReadRow<unknown>[],
	actor: ImportActor,
	handler: ImportKindHandler<unknown>,
	options: WorkerOptions,
): Promise<BatchOutcome> {
	// Renewing the lease also locks the job's row until this batch commits: nobody else can claim it meanwhile.
	const held = await typedSql(tx)
		.updateTable('import_job')
		.set({ lease_until: leaseFrom(options.leaseSeconds), updated_at: sql`now()` })
		.where('id', '=', jobId)
		.where('leased_by', '=', workerId)
		.where('status', '=', 'processing')
		.returning('processed')
		.executeTakeFirst()
	if (!held) return 'lost'
	const batch = rows.slice(held.processed, held.processed + options.batchSize)
	if (batch.length === 0) return 'finished'
	const valid = batch.filter((row): row is ImportValuesRow<unknown> => row.values !== undefined)
	const plan = await handler.plan(tx, actor, valid)
	const applied = await handler.apply(tx, actor, plan)
	const errors = [...batch.flatMap((row) => row.errors ?? []), ...plan.refused, ...applied.errors].sort((a, b) => a.row - b.row)
	await typedSql(tx)
		.updateTable('import_job')
		.set((eb) => ({
			processed: eb('processed', '+', batch.length),
			created: eb('created', '+', applied.created),
			updated: eb('updated', '+', applied.updated),
			failed: eb('failed', '+', new Set(errors.map((error) => error.row)).size),
			row_errors: sql`${eb.ref('row_errors')} || ${JSON.stringify(errors)}::jsonb`,
		}))
		.where('id', '=', jobId)
		.execute()
	return 'more'
}

class HandedBack extends Error {
	override name = 'HandedBack'
}

/**
 * What a worker does with an "import" job: claims the import, runs it to its
 * end, and fails the job (so the job system retries it, with a growing
 * pause) when the import could not be finished here: its lease is held by
 * a live worker elsewhere, a batch failed, or this server is stopping. The
 * import is marked failed after `maxAttempts` claims, or when the job
 * system gives up on the job.
 */
export function importJobHandler(orm: Orm, options: Partial<WorkerOptions>, isStopping: () => boolean) {
	const settings = { ...DEFAULT_WORKER_OPTIONS, ...options }
	return async (job: { data: { importId: string }; retryCount: number; retryLimit: number }) => {
		const importId = job.data.importId
		const workerId = randomUUID()
		const claimed = await claimImportJob(forkEm(orm), importId, workerId, settings.leaseSeconds)
		if (!claimed) {
			const row = await typedSql(forkEm(orm)).selectFrom('import_job').select('status').where('id', '=', importId).executeTakeFirst()
			// Finished (or deleted with its school): nothing to do. Still running under a live lease: try again later.
			if (row && ['queued', 'processing'].includes(row.status)) throw new HandedBack()
			return
		}
		if (claimed.attempts > settings.maxAttempts) {
			await markFailed(orm, importId, workerId)
			return
		}
		try {
			if ((await runImportJob(orm, claimed, workerId, settings, isStopping)) === 'stopped') throw new HandedBack()
		} catch (error) {
			if (!(error instanceof HandedBack)) {
				// Ids and the error's kind only: a database message can quote the rows' personal data.
				console.error(`Import worker: import ${importId} stopped by ${error instanceof Error ? error.name : 'an error'}; it will be retried`)
				// Handed back at once; the job system's retry pause is the wait.
				await release(forkEm(orm), importId, workerId)
					.execute()
					.catch(() => {})
			}
			if (job.retryCount >= job.retryLimit) await markFailed(orm, importId, null).catch(() => {})
			throw error
		}
	}
}

async function markFailed(orm: Orm, id: string, workerId: string | null) {
	await typedSql(forkEm(orm))
		.updateTable('import_job')
		.set({ status: 'failed', finished_at: sql`now()`, leased_by: null, lease_until: null, updated_at: sql`now()` })
		.where('id', '=', id)
		.where('status', 'in', ['queued', 'processing'])
		.$if(workerId !== null, (qb) => qb.where('leased_by', '=', workerId))
		.execute()
}
