import { randomUUID } from 'node:crypto'
import type { ImportRowError, ReadRow, ReadResult } from '#app/lib/import-rows.ts'
import type { ImportKind } from '#app/models/enums.ts'
import { forkEm, type Em, type Orm } from './database.server.ts'
import { importHandler } from './import-kinds.server.ts'

/**
 * The background queue for imports (ADR 009). The ImportJob table is the
 * queue: a worker claims a job with `FOR UPDATE SKIP LOCKED` and holds it by a
 * lease it renews with every batch. Each batch is one transaction that writes
 * its rows and moves `processed` on, so a restart resumes after the last
 * committed batch, and a worker that lost its lease writes nothing more.
 * The same SQL runs on PostgreSQL and on PGlite.
 */

export type ImportValuesRow<Values> = { row: number; values: Values }

/** What a batch's rows would do, decided against the database. */
export type ImportPlan<Values> = {
	create: ImportValuesRow<Values>[]
	/** `id` is the record to update. */
	update: (ImportValuesRow<Values> & { id: string })[]
	unchanged: number
	refused: ImportRowError[]
}

/** Who an import acts for: the user who started it and, when they were impersonated, the platform admin (ADR 009). */
export type ImportActor = { schoolId: string; userId: string | null; impersonatorId: string | null }

/** One kind of import: how its file reads, how its rows are decided and written. */
export type ImportKindHandler<Values> = {
	read(bytes: Uint8Array): ReadResult<Values>
	plan(em: Em, schoolId: string, rows: ImportValuesRow<Values>[]): Promise<ImportPlan<Values>>
	/** Writes a plan inside the caller's transaction; rows the database refuses come back as errors. */
	apply(tx: Em, actor: ImportActor, plan: ImportPlan<Values>): Promise<{ created: number; updated: number; errors: ImportRowError[] }>
}

/**
 * `pauseMs` is a gap between batches: on PGlite the worker and the requests
 * share one connection, and without a gap the worker would take it back
 * before any waiting request got its turn.
 */
/** One audit row per record written, in one insert (the same columns `audit()` fills). */
export async function auditMany(tx: Em, actor: ImportActor, entityType: string, events: { action: string; id: string }[]) {
	if (events.length === 0) return
	await tx.execute(
		`insert into audit_event (id, created_at, updated_at, actor_id, impersonated_user_id, action, entity_type, entity_id, school_id, at)
		select gen_random_uuid(), now(), now(), ?, ?, v.action, ?, v.id, ?, now()
		from jsonb_to_recordset(?::jsonb) as v(action text, id text)`,
		// As audit() does: under impersonation the actor is the platform admin, the user acted as beside.
		[actor.impersonatorId ?? actor.userId, actor.impersonatorId ? actor.userId : null, entityType, actor.schoolId, JSON.stringify(events)],
	)
}

export type WorkerOptions = { leaseSeconds: number; batchSize: number; pollMs: number; maxAttempts: number; pauseMs: number }
export const DEFAULT_WORKER_OPTIONS: WorkerOptions = { leaseSeconds: 30, batchSize: 500, pollMs: 1000, maxAttempts: 5, pauseMs: 0 }

// Workers in this process, woken when a job is queued here rather than at their next poll.
const localWorkers = new Set<() => void>()
export function wakeImportWorkers() {
	for (const wake of localWorkers) wake()
}

type Claimed = { id: string; school_id: string; kind: ImportKind; created_by_id: string | null; impersonator_id: string | null; attempts: number }

/** Takes the oldest job that is queued, or processing under a lease that has run out; null when there is none. */
export async function claimImportJob(em: Em, workerId: string, leaseSeconds: number): Promise<Claimed | null> {
	const [claimed] = await em.execute<Claimed[]>(
		`update import_job set status = 'processing', leased_by = ?, lease_until = now() + make_interval(secs => ?), attempts = attempts + 1, updated_at = now()
		where id = (
			select id from import_job
			where status = 'queued' or (status = 'processing' and (lease_until is null or lease_until < now()))
			order by created_at
			limit 1
			for update skip locked
		)
		returning id, school_id, kind, created_by_id, impersonator_id, attempts`,
		[workerId, leaseSeconds],
	)
	return claimed ?? null
}

type BatchOutcome = 'more' | 'finished' | 'lost'

/**
 * Runs one claimed job to its end, batch by batch, while this worker holds
 * its lease and is not told to stop. Returns how it ended.
 */
export async function runImportJob(orm: Orm, job: Claimed, workerId: string, options: WorkerOptions, shouldStop: () => boolean): Promise<BatchOutcome | 'stopped'> {
	const em = forkEm(orm)
	const [stored] = await em.execute<{ upload: Uint8Array }[]>('select upload from import_job where id = ?', [job.id])
	const handler = importHandler(job.kind)
	const read = handler.read(new Uint8Array(stored?.upload ?? new Uint8Array()))
	if (!read.ok) {
		// The upload was checked when the job was made; a file that no longer reads is a failed job, not a retry.
		await em.execute(
			`update import_job set status = 'failed', finished_at = now(), leased_by = null, lease_until = null, updated_at = now() where id = ? and leased_by = ?`,
			[job.id, workerId],
		)
		return 'finished'
	}
	const rows = read.rows
	const actor: ImportActor = { schoolId: job.school_id, userId: job.created_by_id, impersonatorId: job.impersonator_id }
	for (;;) {
		if (shouldStop()) {
			// Handed back at once: the next worker (here after a restart, or another instance) resumes after the last batch.
			await em.execute('update import_job set leased_by = null, lease_until = null, updated_at = now() where id = ? and leased_by = ?', [job.id, workerId])
			return 'stopped'
		}
		const outcome = await em.fork().transactional(async (tx) => runBatch(tx as Em, job.id, workerId, rows, actor, handler, options))
		if (outcome === 'lost') return 'lost'
		if (options.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, options.pauseMs))
		if (outcome === 'finished') {
			await em.execute(
				`update import_job set status = case when failed > 0 then 'completed_with_errors' else 'completed' end,
					finished_at = now(), leased_by = null, lease_until = null, updated_at = now()
				where id = ? and leased_by = ?`,
				[job.id, workerId],
			)
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
	const [held] = await tx.execute<{ processed: number }[]>(
		`update import_job set lease_until = now() + make_interval(secs => ?), updated_at = now()
		where id = ? and leased_by = ? and status = 'processing' returning processed`,
		[options.leaseSeconds, jobId, workerId],
	)
	if (!held) return 'lost'
	const batch = rows.slice(held.processed, held.processed + options.batchSize)
	if (batch.length === 0) return 'finished'
	const valid = batch.filter((row): row is ImportValuesRow<unknown> => row.values !== undefined)
	const plan = await handler.plan(tx, actor.schoolId, valid)
	const applied = await handler.apply(tx, actor, plan)
	const errors = [...batch.flatMap((row) => row.errors ?? []), ...plan.refused, ...applied.errors].sort((a, b) => a.row - b.row)
	await tx.execute(
		`update import_job set processed = processed + ?, created = created + ?, updated = updated + ?, failed = failed + ?, row_errors = row_errors || ?::jsonb
		where id = ?`,
		[batch.length, applied.created, applied.updated, new Set(errors.map((error) => error.row)).size, JSON.stringify(errors), jobId],
	)
	return 'more'
}

/**
 * Starts the worker inside the app: it claims jobs one at a time until told
 * to stop. `stop()` lets the running batch commit, hands the job back and
 * resolves.
 */
export function startImportWorker(orm: Orm, options: Partial<WorkerOptions> = {}) {
	const settings = { ...DEFAULT_WORKER_OPTIONS, ...options }
	const workerId = randomUUID()
	let stopping = false
	let wake: () => void = () => {}
	const waitForWork = () =>
		new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, settings.pollMs)
			wake = () => {
				clearTimeout(timer)
				resolve()
			}
		})
	const wakeUp = () => wake()
	localWorkers.add(wakeUp)

	const loop = (async () => {
		while (!stopping) {
			let job: Claimed | null = null
			try {
				job = await claimImportJob(forkEm(orm), workerId, settings.leaseSeconds)
				if (!job) {
					await waitForWork()
					continue
				}
				if (job.attempts > settings.maxAttempts) {
					await forkEm(orm).execute(
						`update import_job set status = 'failed', finished_at = now(), leased_by = null, lease_until = null, updated_at = now() where id = ? and leased_by = ?`,
						[job.id, workerId],
					)
					continue
				}
				await runImportJob(orm, job, workerId, settings, () => stopping)
			} catch (error) {
				if (stopping) break
				// Ids and the error's kind only: a database message can quote the rows' personal data.
				console.error(`Import worker: job ${job?.id ?? '(claiming)'} stopped by ${error instanceof Error ? error.name : 'an error'}; it will be retried`)
				if (job) {
					await forkEm(orm)
						.execute('update import_job set leased_by = null, lease_until = now() + make_interval(secs => ?) where id = ? and leased_by = ?', [
							Math.min(60, 2 ** job.attempts),
							job.id,
							workerId,
						])
						.catch(() => {})
				}
				await waitForWork()
			}
		}
	})()

	return {
		workerId,
		async stop() {
			stopping = true
			localWorkers.delete(wakeUp)
			wake()
			await loop
		},
	}
}

export type ImportWorker = ReturnType<typeof startImportWorker>
