import { randomUUID } from 'node:crypto'
import { strToU8, Zip, ZipDeflate } from 'fflate'
import { sql } from 'kysely'
import { toCsv } from '#app/lib/csv.ts'
import { forkEm, type Em, type Orm } from './database.server.ts'
import { studentFiles, WITHHELD_NOTE, type ExportContext, type ExportFile } from './export-files.server.ts'
import { loadStudentRecords } from './export-records.server.ts'
import { EXPORT_KEEP_DAYS } from './exports.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Builds an export's ZIP (ADR 071) as the queue's job: the students a batch at a time (loadStudentRecords reads a batch
 * in a fixed number of queries), each student's files compressed into the archive as they are made, and the archive's
 * bytes written to the database a megabyte at a time. What is held in memory is one batch and one chunk, whatever the
 * size of the school: a school's export stays as light as a student's.
 */

const BATCH = 25
const CHUNK_BYTES = 1024 * 1024

/** The archive's bytes, collected as fflate makes them and written out as numbered chunks of about a megabyte. */
class ChunkWriter {
	private parts: Uint8Array[] = []
	private size = 0
	private seq = 0
	total = 0
	error: Error | null = null
	ended = false
	private em: Em
	private exportId: string
	constructor(em: Em, exportId: string) {
		this.em = em
		this.exportId = exportId
	}
	take = (error: Error | null, data: Uint8Array, final: boolean) => {
		if (error) this.error = error
		this.parts.push(data)
		this.size += data.length
		this.total += data.length
		if (final) this.ended = true
	}
	async flush(all = false) {
		if (this.error) throw this.error
		if (this.size === 0 || (!all && this.size < CHUNK_BYTES)) return
		const data = Buffer.concat(this.parts)
		this.parts = []
		this.size = 0
		await typedSql(this.em)
			.insertInto('data_export_chunk')
			.values({ id: randomUUID(), created_at: sql`now()`, updated_at: sql`now()`, export_id: this.exportId, seq: this.seq++, data })
			.execute()
	}
}

/** A CSV starts with a byte-order mark: Excel then reads it as UTF-8 (accented names, the en dash of "0–4"). */
function addFile(zip: Zip, file: ExportFile) {
	const entry = new ZipDeflate(file.name, { level: 6 })
	zip.add(entry)
	entry.push(strToU8(`${file.name.endsWith('.csv') ? '\uFEFF' : ''}${file.text}`), true)
}

/** Builds export `exportId` if it still waits (or a previous attempt died): its chunks, then its status `ready`. */
export async function buildExport(orm: Orm, exportId: string): Promise<void> {
	const em = forkEm(orm)
	const db = typedSql(em)
	const row = await db
		.selectFrom('data_export as e')
		.innerJoin('school as s', 's.id', 'e.school_id')
		.select(['e.id', 'e.kind', 'e.student_id', 'e.status', 'e.school_id', 's.name as school_name'])
		.where('e.id', '=', exportId)
		.executeTakeFirst()
	// Deleted (expired, erased with its student, offboarded with its school) or already built: nothing to do.
	if (!row || row.status === 'ready' || row.status === 'failed') return
	const schoolId = row.school_id
	const studentIds =
		row.kind === 'student'
			? [row.student_id!]
			: (await db.selectFrom('student').select('id').where('school_id', '=', schoolId).orderBy('upn').execute()).map((student) => student.id)

	// A previous attempt's chunks go: the archive is made again from the start.
	await db.deleteFrom('data_export_chunk').where('export_id', '=', exportId).execute()
	await db.updateTable('data_export').set({ status: 'running', total: studentIds.length, done: 0, updated_at: sql`now()` }).where('id', '=', exportId).execute()

	const context: ExportContext = { schoolName: row.school_name, generatedAt: new Date().toISOString() }
	const writer = new ChunkWriter(em, exportId)
	const zip = new Zip(writer.take)
	const index: string[][] = []
	for (let start = 0; start < studentIds.length; start += BATCH) {
		const records = await loadStudentRecords(em, schoolId, studentIds.slice(start, start + BATCH))
		for (const record of records) {
			const folder = row.kind === 'school' ? `students/${record.upn}/` : ''
			for (const file of studentFiles(record, context, folder)) addFile(zip, file)
			if (row.kind === 'school') index.push([record.upn, record.firstName, record.lastName, record.yearGroup, record.archived ? 'Yes' : 'No', folder])
			// The job runs on a server's main thread: requests waiting there are answered between two students.
			await new Promise((resolve) => setImmediate(resolve))
		}
		await writer.flush()
		await db
			.updateTable('data_export')
			.set({ done: Math.min(studentIds.length, start + BATCH), updated_at: sql`now()` })
			.where('id', '=', exportId)
			.execute()
	}
	if (row.kind === 'school') for (const file of await schoolFiles(em, schoolId, context, index)) addFile(zip, file)
	zip.end()
	await writer.flush(true)
	if (!writer.ended) throw new Error('The archive did not end')
	await db
		.updateTable('data_export')
		.set({
			status: 'ready',
			byte_size: writer.total,
			finished_at: sql`now()`,
			expires_at: sql`now() + make_interval(days => ${EXPORT_KEEP_DAYS})`,
			updated_at: sql`now()`,
		})
		.where('id', '=', exportId)
		.execute()
}

/** Gives an export up after its last attempt: its chunks go, and the page says it failed. */
export async function markExportFailed(orm: Orm, exportId: string): Promise<void> {
	const db = typedSql(forkEm(orm))
	await db.deleteFrom('data_export_chunk').where('export_id', '=', exportId).execute()
	await db
		.updateTable('data_export')
		.set({ status: 'failed', finished_at: sql`now()`, expires_at: sql`now() + make_interval(days => ${EXPORT_KEEP_DAYS})`, updated_at: sql`now()` })
		.where('id', '=', exportId)
		.execute()
}

/** A whole school's own files: its details, staff directory, groups with their members, and the students' index. */
async function schoolFiles(em: Em, schoolId: string, context: ExportContext, index: string[][]): Promise<ExportFile[]> {
	const db = typedSql(em)
	const [school, staff, groups, members] = await Promise.all([
		db
			.selectFrom('school')
			.select(['name', 'subdomain', 'type', 'urn', 'address', 'postcode', 'phone', 'contact_email', 'archived', 'retention_years', 'created_at'])
			.where('id', '=', schoolId)
			.executeTakeFirstOrThrow(),
		db
			.selectFrom('school_membership as m')
			.innerJoin('users as u', 'u.id', 'm.user_id')
			.select(['m.first_name', 'm.last_name', 'u.email', 'm.role', 'm.job_title', 'm.access', 'm.created_at'])
			.where('m.school_id', '=', schoolId)
			.orderBy('m.last_name')
			.orderBy('m.first_name')
			.execute(),
		db.selectFrom('student_group').select(['id', 'name', 'description']).where('school_id', '=', schoolId).orderBy('name').execute(),
		db
			.selectFrom('student_group as g')
			.innerJoin('group_student as gs', 'gs.group_id', 'g.id')
			.innerJoin('student as s', 's.id', 'gs.student_id')
			.select(['g.name as group_name', sql<string>`'Student'`.as('kind'), 's.upn as key', sql<string>`s.first_name || ' ' || s.last_name`.as('name')])
			.where('g.school_id', '=', schoolId)
			.unionAll(
				db
					.selectFrom('student_group as g')
					.innerJoin('group_staff as gf', 'gf.group_id', 'g.id')
					.innerJoin('school_membership as m', 'm.id', 'gf.membership_id')
					.select(['g.name as group_name', sql<string>`'Staff'`.as('kind'), sql<string>`''`.as('key'), sql<string>`m.first_name || ' ' || m.last_name`.as('name')])
					.where('g.school_id', '=', schoolId),
			)
			.orderBy('group_name')
			.orderBy('kind')
			.orderBy('name')
			.execute(),
	])
	const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
	const readme = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escape(`Spencer export of ${school.name}`)}</title></head><body><main>
<h1>${escape(`Everything Spencer held about ${school.name}`)}</h1>
<p>${escape(`Exported on ${context.generatedAt} (UTC) before the school left Spencer.`)}</p>
<p>${escape(WITHHELD_NOTE)}</p>
<ul><li>school.json: the school’s details</li><li>staff.csv: the staff directory</li><li>groups.csv and group-members.csv: groups and who is in them</li><li>students.csv: every student, with the folder of their files</li>
<li>students/UPN/: each student’s report (report.html), the same in student.json, and answers.csv, scores.csv, plan.csv, plan-reviews.csv and access-log.csv</li></ul>
<h2>Students</h2><ul>${index.map(([upn, first, last, , , folder]) => `<li><a href="${escape(folder!)}report.html">${escape(`${last}, ${first} (${upn})`)}</a></li>`).join('')}</ul>
</main></body></html>
`
	return [
		{ name: 'index.html', text: readme },
		{ name: 'school.json', text: JSON.stringify({ generatedAt: context.generatedAt, school: { ...school, created_at: new Date(school.created_at as unknown as string).toISOString() } }, null, 2) },
		{
			name: 'staff.csv',
			text: toCsv([
				['First name', 'Last name', 'Email', 'Role', 'Job title', 'Access', 'In the directory since'],
				...staff.map((m) => [m.first_name, m.last_name, m.email, m.role, m.job_title, m.access, new Date(m.created_at as unknown as string).toISOString()]),
			]),
		},
		{ name: 'groups.csv', text: toCsv([['Group', 'Description'], ...groups.map((g) => [g.name, g.description])]) },
		{ name: 'group-members.csv', text: toCsv([['Group', 'Kind', 'UPN', 'Name'], ...members.map((m) => [m.group_name, m.kind, m.key, m.name])]) },
		{ name: 'students.csv', text: toCsv([['UPN', 'First name', 'Last name', 'Year group', 'Archived', 'Folder'], ...index]) },
	]
}
