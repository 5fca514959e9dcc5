import { sql } from 'kysely'
import { decodeCsv, MAX_UPLOAD_BYTES, parseCsv, TOO_LARGE_MESSAGE, TOO_MANY_ROWS_MESSAGE, toCsv } from '#app/lib/csv.ts'
import { AppError } from '#app/lib/errors.ts'
import type { ImportRowError } from '#app/lib/import-rows.ts'
import type { ImportKind, ImportStatus } from '#app/models/enums.ts'
import { ImportJob } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { jsonColumn, type Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { importHandler } from './import-kinds.server.ts'
import type { ImportValuesRow } from './import-kind.server.ts'
import { queueImport } from './import-queue.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Imports as a school admin sees them: an upload checked and tried without
 * writing (the dry run), a job queued with the upload kept in the database,
 * and the job's progress and refused rows.
 */

const SAMPLE_SIZE = 20

/** Why an upload is refused before anything is tried: a message for the file field and the status to answer with. */
export type UploadRefusal = { message: string; status: number }

/** A broken file's refusal adds where it is broken (`detail`) to the catalogue's 100001. */
export function refusal(reason: 'tooLarge' | 'tooManyRows' | 'broken', detail = ''): UploadRefusal {
	if (reason === 'tooLarge') return { message: TOO_LARGE_MESSAGE, status: 413 }
	if (reason === 'tooManyRows') return { message: TOO_MANY_ROWS_MESSAGE, status: 413 }
	return { message: detail ? `${new AppError(100001).message} ${detail}` : new AppError(100001).message, status: 400 }
}

export type DryRun = {
	total: number
	create: number
	update: number
	unchanged: number
	refused: number
	errors: ImportRowError[]
	/** A few rows of each kind, to show what the import will do. */
	samples: { create: { row: number; key: string; name: string }[]; update: { row: number; key: string; name: string }[] }
}

/** What the upload would do, row by row, read against the database and written nowhere. */
export async function dryRunImport(app: SignedIn, kind: ImportKind, bytes: Uint8Array): Promise<{ ok: true; dryRun: DryRun } | { ok: false; refusal: UploadRefusal }> {
	if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, refusal: refusal('tooLarge') }
	const handler = importHandler(kind)
	const read = handler.read(bytes)
	if (!read.ok) return { ok: false, refusal: refusal(read.reason, read.detail) }
	const valid = read.rows.filter((row): row is ImportValuesRow<unknown> => row.values !== undefined)
	const plan = await handler.plan(app.em, { schoolId: actingSchool(app), userId: app.auth.userId }, valid)
	const errors = [...read.rows.flatMap((row) => row.errors ?? []), ...plan.refused].sort((a, b) => a.row - b.row)
	const sample = (rows: ImportValuesRow<unknown>[]) => rows.slice(0, SAMPLE_SIZE).map((row) => ({ row: row.row, ...describe(row.values) }))
	return {
		ok: true,
		dryRun: {
			total: read.rows.length,
			create: plan.create.length,
			update: plan.update.length,
			unchanged: plan.unchanged,
			refused: new Set(errors.map((error) => error.row)).size,
			errors,
			samples: { create: sample(plan.create), update: sample(plan.update) },
		},
	}
}

function describe(values: unknown): { key: string; name: string } {
	const row = values as { upn?: string; email?: string; firstName: string; lastName: string }
	return { key: row.upn ?? row.email ?? '', name: `${row.firstName} ${row.lastName}` }
}

/** Queues the import: the upload is checked again (it came back from the browser) and stored with the job. */
export async function startImport(app: SignedIn, kind: ImportKind, fileName: string, bytes: Uint8Array): Promise<{ ok: true; id: string } | { ok: false; refusal: UploadRefusal }> {
	const schoolId = actingSchool(app)
	if (bytes.byteLength > MAX_UPLOAD_BYTES) return { ok: false, refusal: refusal('tooLarge') }
	const read = importHandler(kind).read(bytes)
	if (!read.ok) return { ok: false, refusal: refusal(read.reason, read.detail) }
	const id = await app.em.transactional(async (tx) => {
		const job = tx.create(ImportJob, {
			school: schoolId,
			kind,
			fileName: fileName.replace(/^.*[\\/]/, '').slice(0, 255) || 'import.csv',
			upload: Buffer.from(bytes),
			total: read.rows.length,
			createdBy: app.auth.userId,
			impersonator: app.auth.impersonatorId,
		})
		audit(tx as Em, app.auth, `import.${kind}.start`, { type: 'ImportJob', id: job.id, schoolId })
		await tx.flush()
		await queueImport(tx as Em, job.id)
		return job.id
	})
	return { ok: true, id }
}

export type ImportJobView = {
	id: string
	fileName: string
	status: ImportStatus
	total: number
	processed: number
	created: number
	updated: number
	failed: number
	createdAt: string
	finishedAt: string | null
	errorCount: number
	errors: ImportRowError[]
}

/** One job of the acting user's school and of this kind, with one page of its refused rows; anything else answers 404. */
export async function getImportJob(app: SignedIn, kind: ImportKind, id: string, page = 1, pageSize = 25): Promise<ImportJobView> {
	const offset = (page - 1) * pageSize
	const job = await typedSql(app.em)
		.selectFrom('import_job')
		.select((eb) => [
			'id',
			'file_name',
			'status',
			'total',
			'processed',
			'created',
			'updated',
			'failed',
			'created_at',
			'finished_at',
			eb.fn<number>('jsonb_array_length', ['row_errors']).as('error_count'),
			// The page's refused rows, by their place in the list (0-based, both ends inclusive): [] past its end.
			eb.fn<ImportRowError[] | string>('jsonb_path_query_array', ['row_errors', eb.cast(eb.val(`$[${offset} to ${offset + pageSize - 1}]`), sql`jsonpath`)]).as('errors'),
		])
		.where('id', '=', recordId(id))
		.where('school_id', '=', actingSchool(app))
		.where('kind', '=', kind)
		.executeTakeFirst()
	if (!job) throw notFound()
	return {
		id: job.id,
		fileName: job.file_name,
		status: job.status,
		total: job.total,
		processed: job.processed,
		created: job.created,
		updated: job.updated,
		failed: job.failed,
		createdAt: new Date(job.created_at).toISOString(),
		finishedAt: job.finished_at ? new Date(job.finished_at).toISOString() : null,
		errorCount: job.error_count,
		errors: jsonColumn(job.errors),
	}
}

/**
 * Every refused row of a job as CSV, cells made safe for spreadsheets: the row, the column and why, then the row as the
 * file had it (under the file's own header), so that the rows can be put right without the file beside it.
 */
export async function importErrorsCsv(app: SignedIn, kind: ImportKind, id: string): Promise<{ fileName: string; csv: string }> {
	const job = await typedSql(app.em)
		.selectFrom('import_job')
		.select(['file_name', 'row_errors', 'upload'])
		.where('id', '=', recordId(id))
		.where('school_id', '=', actingSchool(app))
		.where('kind', '=', kind)
		.executeTakeFirst()
	if (!job) throw notFound()
	const errors = jsonColumn(job.row_errors)
	const base = job.file_name.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9 ._-]/g, '_') || 'import'
	const { header, cellsOf } = uploadRows(job.upload)
	return {
		fileName: `${base}-errors.csv`,
		csv: toCsv([['Row', 'Column', 'Message', ...header], ...errors.map((error) => [error.row, error.column ?? '', error.message, ...(cellsOf.get(error.row) ?? [])])]),
	}
}

/** The upload's header and each data row's cells by its row number (as refused rows are numbered); none if it no longer reads. */
function uploadRows(upload: Uint8Array | null): { header: string[]; cellsOf: Map<number, string[]> } {
	const text = upload ? decodeCsv(new Uint8Array(upload)) : null
	const records = text === null ? null : parseCsv(text)
	if (!records?.length) return { header: [], cellsOf: new Map() }
	return { header: records[0]!.cells, cellsOf: new Map(records.slice(1).map((record) => [record.line, record.cells])) }
}

export type RecentImport = { id: string; fileName: string; status: ImportStatus; total: number; createdAt: string }

/** The school's latest imports of this kind, newest first. */
export async function listRecentImports(app: SignedIn, kind: ImportKind, limit = 10): Promise<RecentImport[]> {
	const rows = await typedSql(app.em)
		.selectFrom('import_job')
		.select(['id', 'file_name', 'status', 'total', 'created_at'])
		.where('school_id', '=', actingSchool(app))
		.where('kind', '=', kind)
		.orderBy('created_at', 'desc')
		.limit(limit)
		.execute()
	return rows.map((row) => ({ id: row.id, fileName: row.file_name, status: row.status, total: row.total, createdAt: new Date(row.created_at).toISOString() }))
}
