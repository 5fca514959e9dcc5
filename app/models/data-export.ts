import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { DATA_EXPORT_KINDS, DATA_EXPORT_STATUSES } from './enums.ts'
import { School } from './school.ts'
import { Student } from './student.ts'
import { User } from './user.ts'

/**
 * A subject access export (one student) or a whole school's export before offboarding (ADR 071): a ZIP built by a job
 * of the queue and kept in the database in chunks (never on an instance's disk), deleted 7 days after it is ready.
 */
export const DataExportSchema = defineEntity({
	name: 'DataExport',
	indexes: [
		{ name: 'data_export_school_index', properties: ['school', 'createdAt'] },
		{ name: 'data_export_expiry_index', properties: ['expiresAt'] },
	],
	properties: {
		...baseProperties(),
		school: () => p.manyToOne(School).deleteRule('cascade'),
		kind: p.enum(DATA_EXPORT_KINDS),
		// The student of a subject access export; an erased student's exports go with them.
		student: () => p.manyToOne(Student).nullable().deleteRule('cascade').index(),
		requestedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		status: p.enum(DATA_EXPORT_STATUSES).default('queued'),
		/** Progress: students written of the students to write. */
		total: p.integer().default(0),
		done: p.integer().default(0),
		fileName: p.string(),
		byteSize: p.integer().default(0),
		finishedAt: p.datetime().nullable(),
		expiresAt: p.datetime().nullable(),
	},
})
export class DataExport extends DataExportSchema.class {}
DataExportSchema.setClass(DataExport)

/** The ZIP's bytes, in order: written as the archive is built, read back in order to download it. */
export const DataExportChunkSchema = defineEntity({
	name: 'DataExportChunk',
	uniques: [{ name: 'data_export_chunk_unique', properties: ['export', 'seq'] }],
	properties: {
		...baseProperties(),
		export: () => p.manyToOne(DataExport).deleteRule('cascade'),
		seq: p.integer(),
		data: p.blob().lazy(),
	},
})
export class DataExportChunk extends DataExportChunkSchema.class {}
DataExportChunkSchema.setClass(DataExportChunk)
