import { sql } from 'kysely'
import { DataExport, type DataExportKind, type DataExportStatus } from '#app/models/index.ts'
import { audit, auditRead } from './audit.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { enqueue, QUEUES } from './job-queue.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Subject access exports and whole-school exports (issue 17; ADR 071): asked for on a screen, built by a job of the
 * queue (export-archive.server.ts), kept in the database in chunks, downloaded by the school (a student's) or the
 * platform admin (a school's, before offboarding), and deleted 7 days after they are ready by the hourly housekeeping.
 */

/** How long a finished export is kept for download. */
export const EXPORT_KEEP_DAYS = 7

export type ExportView = {
	id: string
	kind: DataExportKind
	studentId: string | null
	status: DataExportStatus
	total: number
	done: number
	fileName: string
	byteSize: number
	createdAt: string
	finishedAt: string | null
	expiresAt: string | null
}

const VIEW_COLUMNS = ['id', 'kind', 'student_id', 'status', 'total', 'done', 'file_name', 'byte_size', 'created_at', 'finished_at', 'expires_at'] as const
type ViewRow = { id: string; kind: DataExportKind; student_id: string | null; status: DataExportStatus; total: number; done: number; file_name: string; byte_size: number; created_at: unknown; finished_at: unknown; expires_at: unknown }

const instant = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString())
const view = (row: ViewRow): ExportView => ({
	id: row.id,
	kind: row.kind,
	studentId: row.student_id,
	status: row.status,
	total: row.total,
	done: row.done,
	fileName: row.file_name,
	byteSize: row.byte_size,
	createdAt: instant(row.created_at)!,
	finishedAt: instant(row.finished_at),
	expiresAt: instant(row.expires_at),
})

const today = () => new Date().toISOString().slice(0, 10)

/** Queues a subject access export of a student of the acting school (404 for any other), audited on the student. */
export async function requestStudentExport(app: SignedIn, studentId: string): Promise<string> {
	const schoolId = actingSchool(app)
	const id = recordId(studentId)
	return app.em.transactional(async (tx) => {
		const student = await typedSql(tx).selectFrom('student').select(['id', 'upn']).where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst()
		if (!student) throw notFound()
		const row = tx.create(DataExport, {
			school: schoolId,
			kind: 'student',
			student: id,
			requestedBy: app.auth.userId,
			fileName: `spencer-subject-access-${student.upn}-${today()}.zip`,
		})
		audit(tx, app.auth, 'student.export.request', { type: 'Student', id, schoolId })
		await tx.flush()
		await enqueue(tx, QUEUES.export, { exportId: row.id }, { singletonKey: row.id })
		return row.id
	})
}

/** Queues an export of a whole school (the platform admin's, before offboarding), audited on the school. */
export async function requestSchoolExport(app: SignedIn, schoolId: string): Promise<string> {
	const id = recordId(schoolId)
	return app.em.transactional(async (tx) => {
		const school = await typedSql(tx).selectFrom('school').select(['id', 'subdomain']).where('id', '=', id).executeTakeFirst()
		if (!school) throw notFound()
		const row = tx.create(DataExport, { school: id, kind: 'school', requestedBy: app.auth.userId, fileName: `spencer-school-${school.subdomain}-${today()}.zip` })
		audit(tx, app.auth, 'school.export.request', { type: 'School', id, schoolId: id })
		await tx.flush()
		await enqueue(tx, QUEUES.export, { exportId: row.id }, { singletonKey: row.id })
		return row.id
	})
}

/** One export of `schoolId` of `kind`, or 404 (another school's, another kind's, expired, or none). */
async function findExport(em: Em, schoolId: string, kind: DataExportKind, exportId: string): Promise<ExportView> {
	const row = await typedSql(em)
		.selectFrom('data_export')
		.select(VIEW_COLUMNS)
		.where('id', '=', recordId(exportId))
		.where('school_id', '=', schoolId)
		.where('kind', '=', kind)
		.executeTakeFirst()
	if (!row) throw notFound()
	return view(row)
}

/** A subject access export of the acting school, with its student's name for the page. */
export async function getStudentExport(app: SignedIn, exportId: string): Promise<ExportView & { student: { id: string; name: string } }> {
	const schoolId = actingSchool(app)
	const found = await findExport(app.em, schoolId, 'student', exportId)
	const student = await stillOurs(app.em, schoolId, found.studentId!)
	return { ...found, student: { id: student.id, name: `${student.first_name} ${student.last_name}` } }
}

/**
 * The export's student, while they are still the school's: once they have moved to another school, their exports here
 * answer 404, the page and the file alike (another school's record, ADR 092).
 */
async function stillOurs(em: Em, schoolId: string, studentId: string) {
	const student = await typedSql(em).selectFrom('student').select(['id', 'first_name', 'last_name']).where('id', '=', studentId).where('school_id', '=', schoolId).executeTakeFirst()
	if (!student) throw notFound()
	return student
}

/** The student's exports still kept, the newest first: one query. */
export async function listStudentExports(app: SignedIn, studentId: string): Promise<ExportView[]> {
	const rows = await typedSql(app.em)
		.selectFrom('data_export')
		.select(VIEW_COLUMNS)
		.where('school_id', '=', actingSchool(app))
		.where('student_id', '=', recordId(studentId))
		.orderBy('created_at', 'desc')
		.orderBy('id')
		.limit(10)
		.execute()
	return rows.map(view)
}

/** The school's latest whole-school export, if one is kept (the offboarding screen's step). */
export async function latestSchoolExport(app: SignedIn, schoolId: string): Promise<ExportView | null> {
	const row = await typedSql(app.em)
		.selectFrom('data_export')
		.select(VIEW_COLUMNS)
		.where('school_id', '=', recordId(schoolId))
		.where('kind', '=', 'school')
		.orderBy('created_at', 'desc')
		.orderBy('id')
		.executeTakeFirst()
	return row ? view(row) : null
}

export type ExportDownload = { fileName: string; byteSize: number; body: ReadableStream<Uint8Array> }

/**
 * A ready export's ZIP as a stream, chunk by chunk from the database (one query per megabyte, never the whole file
 * in memory), audited as downloaded. `student` downloads are the acting school's; `school` ones the platform admin's.
 */
export async function downloadExport(app: SignedIn, scope: { kind: 'student' } | { kind: 'school'; schoolId: string }, exportId: string): Promise<ExportDownload> {
	const schoolId = scope.kind === 'student' ? actingSchool(app) : recordId(scope.schoolId)
	const found = await findExport(app.em, schoolId, scope.kind, exportId)
	if (found.status !== 'ready') throw notFound()
	if (scope.kind === 'student') await stillOurs(app.em, schoolId, found.studentId!)
	auditRead(
		app,
		scope.kind === 'student' ? 'student.export.download' : 'school.export.download',
		scope.kind === 'student' ? { type: 'Student', id: found.studentId, schoolId } : { type: 'School', id: schoolId, schoolId },
	)
	await app.em.flush()
	const db = typedSql(app.em)
	let seq = 0
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			const chunk = await db.selectFrom('data_export_chunk').select('data').where('export_id', '=', found.id).where('seq', '=', seq).executeTakeFirst()
			if (!chunk) return controller.close()
			seq++
			controller.enqueue(new Uint8Array(chunk.data as Buffer))
		},
	})
	return { fileName: found.fileName, byteSize: found.byteSize, body }
}

/** Deletes exports kept past their date (and their chunks): the hourly housekeeping. Returns how many went. */
export async function deleteExpiredExports(em: Em): Promise<number> {
	const expired = typedSql(em).selectFrom('data_export').select('id').where('expires_at', '<', sql<Date>`now()`)
	await typedSql(em).deleteFrom('data_export_chunk').where('export_id', 'in', expired).execute()
	const result = await typedSql(em).deleteFrom('data_export').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst()
	return Number(result.numDeletedRows)
}
