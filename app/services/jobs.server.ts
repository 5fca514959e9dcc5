import type { Clock } from 'pg-boss'
import { sendPasswordResetMail } from './password-links.server.ts'
import { forkEm, type Database } from './database.server.ts'
import { importJobHandler, queueUnfinishedImports, type WorkerOptions } from './import-queue.server.ts'
import { QUEUES, startJobSystem, type JobSystem } from './job-queue.server.ts'
import { buildExport, markExportFailed } from './export-archive.server.ts'
import { deleteExpiredExports } from './exports.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { ensureRoundsDue } from './profiles.server.ts'
import { pruneRateLimits } from './rate-limit.server.ts'
import { purgeDueStudents } from './retention.server.ts'
import { sendReviewDigests } from './review-digest.server.ts'

/** Due rounds are created every five minutes (UK midnight is one of the ticks), and once at every start (ADR 019). */
export const ROUNDS_DUE_CRON = '*/5 * * * *'
/** Spent rate-limit counters are deleted hourly. */
export const HOUSEKEEPING_CRON = '17 * * * *'
/** The records whose retention period has ended are purged nightly at 01:40, UK time (ADR 070). */
export const RETENTION_CRON = '40 1 * * *'
export const RETENTION_TIME_ZONE = 'Europe/London'
/** The plan reviews due this week are emailed on Mondays at 07:00, UK time, before the school day (ADR 073). */
export const REVIEW_DIGEST_CRON = '0 7 * * 1'
export const REVIEW_DIGEST_TIME_ZONE = 'Europe/London'

export type JobSettings = {
	/** Whether this instance sends the jobs of cron schedules (any instance may; each tick's job is sent once). */
	schedule: boolean
	import: Partial<WorkerOptions>
	/** Time for the job system; a test's hand-driven clock, or the system's when left out. */
	clock?: Clock
}

/**
 * Starts the job system of this app instance with every queue's handler:
 * imports, the due rounds (scheduled, and run once now), the password
 * reset mail, subject access and school exports, the hourly housekeeping (spent rate-limit counters, expired exports),
 * the nightly retention purge and the weekly digest of plan reviews. Closing the app stops it before the database.
 */
export async function startJobs(db: Database, settings: JobSettings): Promise<JobSystem> {
	const jobs = await startJobSystem(db, { schedule: settings.schedule, clock: settings.clock })
	try {
		const leaseSeconds = settings.import.leaseSeconds ?? 30
		await jobs.define(
			QUEUES.import,
			{
				// One job per import at a time, by its id (see queueImport).
				policy: 'exclusive',
				// A worker that dies stops beating: its job is retried once its heartbeat is this old (pg-boss's floor is 10 s).
				heartbeatSeconds: Math.max(10, leaseSeconds),
				expireInSeconds: 3600,
				retryLimit: 10,
				retryDelay: 1,
				retryBackoff: true,
				retryDelayMax: 60,
				deleteAfterSeconds: 7 * 86_400,
				notify: true,
			},
			// One import at a time per instance; other instances take the others.
			{ batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
			importJobHandler(db.orm, settings.import, jobs.isStopping),
		)
		await jobs.define(
			QUEUES.roundsDue,
			// At most one waiting and one running: a tick sent while a run goes on waits for it.
			{ policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 600, deleteAfterSeconds: 86_400, notify: true },
			{ batchSize: 1, pollingIntervalSeconds: 10, notifyPollingIntervalSeconds: 10 },
			async () => ensureRoundsDue(forkEm(db.orm), null),
		)
		await jobs.define(
			QUEUES.resetMail,
			{
				// The job holds the address that was typed: kept an hour once sent (or given up on), and given up on after an hour unsent.
				retryLimit: 5,
				retryDelay: 5,
				retryBackoff: true,
				expireInSeconds: 120,
				retentionSeconds: 3600,
				deleteAfterSeconds: 3600,
				// Not woken by the send: a worker woken at once would look the address up while the request is still
				// answering, on the same process (and on PGlite the same connection), and slow the answer for a known address.
				notify: false,
			},
			{ batchSize: 10, pollingIntervalSeconds: 1 },
			async (job) => sendPasswordResetMail(forkEm(db.orm), job.data),
		)
		await jobs.define(
			QUEUES.housekeeping,
			{ policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 600, deleteAfterSeconds: 86_400, notify: true },
			{ batchSize: 1, pollingIntervalSeconds: 30 },
			async () => {
				await pruneRateLimits(forkEm(db.orm))
				await deleteExpiredExports(forkEm(db.orm))
			},
		)
		await jobs.define(
			QUEUES.export,
			{
				// One build per export at a time, by its id (see requestStudentExport).
				policy: 'exclusive',
				heartbeatSeconds: 30,
				expireInSeconds: 3600,
				retryLimit: 3,
				retryDelay: 5,
				retryBackoff: true,
				deleteAfterSeconds: 7 * 86_400,
				notify: true,
			},
			// One export at a time per instance: a school's export is long, and a student's waits at most for the one before.
			{ batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
			async (job) => {
				try {
					await buildExport(db.orm, job.data.exportId)
				} catch (error) {
					if (job.retryCount >= job.retryLimit) await markExportFailed(db.orm, job.data.exportId)
					throw error
				}
			},
		)
		await jobs.define(
			QUEUES.retention,
			// Once a night, whichever instance sends it; a run that fails is retried, and purges only what is still due.
			{ policy: 'stately', retryLimit: 3, retryDelay: 300, expireInSeconds: 3600, deleteAfterSeconds: 7 * 86_400, notify: true },
			{ batchSize: 1, pollingIntervalSeconds: 30 },
			async () => void (await purgeDueStudents(forkEm(db.orm))),
		)
		await jobs.define(
			QUEUES.reviewDigest,
			// Once a week, whichever instance sends it. A run with any mail not sent is retried, and sends only the mails
			// not yet sent (ADR 095).
			{ policy: 'stately', retryLimit: 3, retryDelay: 600, expireInSeconds: 3600, deleteAfterSeconds: 7 * 86_400, notify: true },
			{ batchSize: 1, pollingIntervalSeconds: 30 },
			// The day is the run's own, in the UK, by the job system's clock: a late run still lists what is due from the day
			// it runs.
			async () => void (await sendReviewDigests(forkEm(db.orm), todayInUk(new Date((settings.clock ?? Date).now())))),
		)
		if (settings.schedule) await jobs.boss.schedule(QUEUES.roundsDue, ROUNDS_DUE_CRON, {})
		if (settings.schedule) await jobs.boss.schedule(QUEUES.housekeeping, HOUSEKEEPING_CRON, {})
		// A night missed while no instance ran is made up once, when one starts.
		if (settings.schedule) await jobs.boss.schedule(QUEUES.retention, RETENTION_CRON, {}, { tz: RETENTION_TIME_ZONE, missed: 'once' })
		// A Monday missed while no instance ran is sent once, when one starts.
		if (settings.schedule) {
			await jobs.boss.schedule(QUEUES.reviewDigest, REVIEW_DIGEST_CRON, {}, { tz: REVIEW_DIGEST_TIME_ZONE, missed: 'once' })
		}
		await jobs.boss.send(QUEUES.roundsDue, {})
		await queueUnfinishedImports(forkEm(db.orm))
	} catch (error) {
		await jobs.stop()
		throw error
	}
	return jobs
}
