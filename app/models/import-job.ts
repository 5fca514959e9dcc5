import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { IMPORT_KINDS, IMPORT_STATUSES } from './enums.ts'
import { School } from './school.ts'
import { User } from './user.ts'

export type ImportRowError = { row: number; column: string | null; message: string }

export const ImportJobSchema = defineEntity({
	name: 'ImportJob',
	indexes: [
		{ name: 'import_job_school_index', properties: ['school', 'createdAt'] },
		// The queue: workers look for queued jobs and processing jobs whose lease has run out.
		{ name: 'import_job_queue_index', properties: ['status', 'createdAt'] },
	],
	properties: {
		...baseProperties(),
		school: () => p.manyToOne(School),
		kind: p.enum(IMPORT_KINDS),
		fileName: p.string(),
		// The upload lives with the job in the database, never on the app's disk.
		upload: p.blob().lazy(),
		status: p.enum(IMPORT_STATUSES).default('queued'),
		total: p.integer().default(0),
		processed: p.integer().default(0),
		created: p.integer().default(0),
		updated: p.integer().default(0),
		failed: p.integer().default(0),
		// The column defaults to an empty JSON array; a new entity starts with an empty array, not the default's text.
		rowErrors: p.json<ImportRowError[]>().default('[]').onCreate(() => []),
		createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		// The platform admin who started it while impersonating createdBy (ADR 006, ADR 009): the import's audit rows name both.
		impersonator: () => p.manyToOne(User).nullable().deleteRule('set null'),
		finishedAt: p.datetime().nullable(),
		// The job is its own queue entry (ADR 009): the worker holding it, until when, and how many claims it has had.
		leasedBy: p.string().nullable(),
		leaseUntil: p.datetime().nullable(),
		attempts: p.integer().default(0),
	},
})
export class ImportJob extends ImportJobSchema.class {}
ImportJobSchema.setClass(ImportJob)
