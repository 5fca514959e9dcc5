import { types as pgliteTypes } from '@electric-sql/pglite'
import { PgliteConnection } from '@mikro-orm/pglite'
import { fromKysely, fromPglite, PgBoss, type Clock, type Db, type JobResult, type JobWithMetadata, type Queue, type SendOptions, type WorkOptions } from 'pg-boss'
import type { Database, Em, Orm } from './database.server.ts'

/**
 * The one job system of Spencer (ADR 019): pg-boss, in its own `pgboss`
 * schema beside ours, on both engines. Imports, the scheduled due rounds and
 * the mail sent after a response are its queues; each job runs once across
 * every app instance on the database (pg-boss claims with `FOR UPDATE SKIP
 * LOCKED`). This module knows nothing of what the jobs do: `jobs.server.ts`
 * gives each queue its handler.
 */

export const QUEUES = {
	import: 'import',
	roundsDue: 'rounds-due',
	resetMail: 'password-reset-mail',
	housekeeping: 'housekeeping',
	export: 'data-export',
	retention: 'retention',
	reviewDigest: 'review-digest',
} as const
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

/** What each queue's jobs carry. Kept small: ids and what a handler cannot look up, never a secret. */
export type JobData = {
	import: { importId: string }
	'rounds-due': Record<string, never>
	'password-reset-mail': { email: string; linkBase: string }
	housekeeping: Record<string, never>
	'data-export': { exportId: string }
	retention: Record<string, never>
	'review-digest': Record<string, never>
}

export type JobSystem = {
	boss: PgBoss
	/** True from the moment `stop()` is called: long handlers (imports) end after their current step. */
	isStopping(): boolean
	/** Creates (or updates) a queue and works it in this instance with `handler`, job by job; a job whose handler throws is retried. */
	define<Q extends QueueName>(name: Q, queue: Omit<Queue, 'name'>, work: WorkOptions, handler: (job: JobWithMetadata<JobData[Q]>) => Promise<void>): Promise<void>
	/**
	 * Stops taking the queue's jobs in this instance (the running ones end), until `resume`: jobs sent meanwhile wait.
	 * The reset-mail timing test holds the mail jobs' work out of the answers it times (ADR 086).
	 */
	pause(name: QueueName): Promise<void>
	/** Takes the queue's jobs again after `pause`, with the handler `define` gave it; a queue not paused is left as it is. */
	resume(name: QueueName): Promise<void>
	/** Stops taking jobs, lets the running ones end (or hands them back), then stops pg-boss. */
	stop(): Promise<void>
}

// The job systems running in this process, by the ORM driver they serve: `enqueue` finds its own from an EntityManager.
const running = new Map<object, Set<PgBoss>>()

/**
 * Starts pg-boss on the app's database: installs or migrates its schema,
 * and (with `schedule`) lets this instance send the jobs of cron schedules.
 * `clock` is the system's unless a test drives time by hand (pg-boss's TestClock).
 */
export async function startJobSystem(db: Database, options: { schedule: boolean; clock?: Clock }): Promise<JobSystem> {
	const common = {
		schema: 'pgboss',
		schedule: options.schedule,
		...(options.clock ? { clock: options.clock } : {}),
		// Workers of the queues that ask for it wake at once when a job is sent (NOTIFY), not at their next poll.
		useListenNotify: true,
		// A dead instance's jobs are found by their stopped heartbeat: look every 10 s rather than every minute.
		superviseIntervalSeconds: 10,
		monitorIntervalSeconds: 10,
		// The schedules are checked every 15 s (pg-boss: 5 s): the due rounds need minutes, and on PGlite every check takes the one connection.
		cronWorkerIntervalSeconds: 15,
		// Sentry registers an OpenTelemetry SDK: pg-boss's spans would carry queue names and job ids into error reports.
		openTelemetry: { enabled: false },
	}
	const boss =
		db.target.engine === 'postgresql'
			? new PgBoss({ ...common, connectionString: db.target.url, max: 4, application_name: 'spencer-jobs' })
			: new PgBoss({ ...common, db: await pgliteDatabase(db.orm), backend: 'pglite' })
	// The name only: pg-boss's errors can quote SQL and a job's data.
	boss.on('error', (error: Error) => console.warn(`Job system: ${error.name}`))
	await boss.start()
	const driver = db.orm.em.getDriver()
	const bosses = running.get(driver) ?? new Set()
	bosses.add(boss)
	running.set(driver, bosses)
	let stopping = false
	// Each defined queue's worker, started again by `resume`; the queues paused now (a second worker would take each job twice as fast, not once).
	const workers = new Map<QueueName, () => Promise<unknown>>()
	const paused = new Set<QueueName>()
	return {
		boss,
		isStopping: () => stopping,
		async pause(name) {
			if (!workers.has(name)) throw new Error(`No worker was defined for the queue ${name}`)
			if (paused.has(name)) return
			paused.add(name)
			await boss.offWork(name)
		},
		async resume(name) {
			if (!paused.delete(name)) return
			await workers.get(name)!()
		},
		async define(name, queue, work, handler) {
			await boss.createQueue(name, queue)
			const { policy: _policy, partition: _partition, deadLetter: _deadLetter, ...changeable } = queue
			// A queue made by an earlier version keeps its name and policy; its retries, retention and heartbeat follow this code.
			await boss.updateQueue(name, changeable)
			// Jobs come in batches (a burst of mail is fetched at once, not one per poll); each is settled on its own.
			const options = { ...work, includeMetadata: true, perJobResults: true, burstWhenBatchFull: true } as const
			const start = () => boss.work<JobData[typeof name], unknown, typeof options>(name, options, async (batch) => {
				const results: JobResult[] = []
				for (const job of batch) {
					try {
						await handler(job)
						results.push({ id: job.id, status: 'completed' })
					} catch (error) {
						// Only the error's kind, in the log and in the output pg-boss keeps: a database message can quote personal data.
						const kind = error instanceof Error ? error.name : 'unknown error'
						console.warn(`Job ${job.id} of ${name} not done (${kind}): it will be retried`)
						results.push({ id: job.id, status: 'failed', output: { error: kind } })
					}
				}
				return results
			})
			workers.set(name, start)
			await start()
		},
		async stop() {
			if (stopping) return
			stopping = true
			bosses.delete(boss)
			if (bosses.size === 0) running.delete(driver)
			await boss.stop({ graceful: true, timeout: 30_000 })
		},
	}
}

/**
 * Queues a job on the job system of `em`'s database. Inside a transaction the
 * job is written by that transaction, so it exists exactly when the
 * transaction's other writes do (and on PGlite, a send outside it would wait
 * for the transaction's lock on the one connection, forever).
 */
export async function enqueue<Q extends QueueName>(em: Em, name: Q, data: JobData[Q], options: Omit<SendOptions, 'db'> = {}): Promise<string | null> {
	const [boss] = running.get(em.getDriver()) ?? []
	if (!boss) throw new Error('The job system is not running on this database')
	const context = em.isInTransaction() ? em.getTransactionContext() : undefined
	return boss.send(name, data, context ? { ...options, db: fromKysely(context as Parameters<typeof fromKysely>[0]) } : options)
}

/**
 * pg-boss on the ORM's own PGlite instance. PGlite runs a statement only
 * when no transaction holds it, so pg-boss's statements and the requests' take
 * turns on the one connection. The ORM's instance hands dates back as text;
 * pg-boss reads them as node-postgres gives them, so its statements use
 * PGlite's own parsers.
 */
async function pgliteDatabase(orm: Orm): Promise<Db> {
	const connection = orm.em.getConnection()
	if (!(connection instanceof PgliteConnection)) throw new Error('not a PGlite database')
	const pglite = await connection.getNativeClient()
	const parsers = pgliteTypes.parsers
	return fromPglite({
		query: (text, params) => pglite.query(text, params, { parsers }),
		exec: (text) => pglite.exec(text, { parsers }),
		listen: (channel, callback) => pglite.listen(channel, callback),
	})
}
