import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { IMPORT_KINDS, IMPORT_STATUSES } from './enums.ts'
import { School } from './school.ts'
import { User } from './user.ts'

export type ImportRowError = { row: number; column: string | null; message: string }

const ImportJobSchema = defineEntity({
	name: 'ImportJob',
	indexes: [{ name: 'import_job_school_index', properties: ['school', 'createdAt'] }],
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
		rowErrors: p.json<ImportRowError[]>().default('[]'),
		createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		finishedAt: p.datetime().nullable(),
	},
})
export class ImportJob extends ImportJobSchema.class {}
ImportJobSchema.setClass(ImportJob)
