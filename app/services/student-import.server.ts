import { sql } from 'kysely'
import { ERROR_CATALOGUE } from '#app/lib/errors.ts'
import { readStudentImport, type StudentImportValues } from '#app/lib/student-import.ts'
import { jsonRecords, type Em } from './database.server.ts'
import { auditMany } from './audit.server.ts'
import type { ImportActor, ImportKindHandler, ImportPlan, ImportValuesRow } from './import-kind.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Students from a CSV, upserted by UPN: a batch costs the same few queries
 * whatever its size (one read of the batch's UPNs, one insert, one update, one
 * audit insert). Rows travel to the database as one JSON document per query.
 */

type Existing = {
	id: string
	upn: string
	school_id: string
	first_name: string
	last_name: string
	date_of_birth: string
	gender: string
	year_group: string
	sen_status: string
}

async function plan(em: Em, { schoolId }: Pick<ImportActor, 'schoolId'>, rows: ImportValuesRow<StudentImportValues>[]): Promise<ImportPlan<StudentImportValues>> {
	const result: ImportPlan<StudentImportValues> = { create: [], update: [], unchanged: 0, refused: [] }
	if (rows.length === 0) return result
	const existing: Existing[] = await typedSql(em)
		.selectFrom('student')
		.select((eb) => [
			'id',
			'upn',
			'school_id',
			'first_name',
			'last_name',
			eb.fn<string>('to_char', ['date_of_birth', eb.val('YYYY-MM-DD')]).as('date_of_birth'),
			'gender',
			'year_group',
			'sen_status',
		])
		.where('upn', 'in', (eb) => eb.selectFrom(jsonRecords('student', rows.map((row) => ({ upn: row.values.upn }))).as('v')).select('v.upn'))
		.execute()
	const byUpn = new Map(existing.map((student) => [student.upn, student]))
	for (const row of rows) {
		const student = byUpn.get(row.values.upn)
		if (!student) result.create.push(row)
		// A UPN is unique on the whole platform: another school's student is refused, never touched.
		else if (student.school_id !== schoolId) result.refused.push({ row: row.row, column: 'UPN', message: ERROR_CATALOGUE[1003] })
		else if (differs(student, row.values)) result.update.push({ ...row, id: student.id })
		else result.unchanged++
	}
	return result
}

function differs(student: Existing, values: StudentImportValues): boolean {
	return (
		student.first_name !== values.firstName ||
		student.last_name !== values.lastName ||
		student.date_of_birth !== values.dateOfBirth ||
		student.gender !== values.gender ||
		student.year_group !== values.yearGroup ||
		(values.senStatus !== null && student.sen_status !== values.senStatus)
	)
}

const columns = (values: StudentImportValues) => ({
	upn: values.upn,
	first_name: values.firstName,
	last_name: values.lastName,
	date_of_birth: values.dateOfBirth,
	gender: values.gender,
	year_group: values.yearGroup,
	sen_status: values.senStatus,
})

async function apply(tx: Em, actor: ImportActor, plan: ImportPlan<StudentImportValues>) {
	const errors: { row: number; column: string; message: string }[] = []
	const events: { action: string; id: string }[] = []
	const db = typedSql(tx)
	if (plan.create.length) {
		// A UPN taken since the plan was made (a student saved by hand meanwhile) is skipped here and refused below.
		const inserted = await db
			.insertInto('student')
			.columns(['id', 'created_at', 'updated_at', 'school_id', 'upn', 'first_name', 'last_name', 'date_of_birth', 'gender', 'year_group', 'sen_status', 'archived'])
			.expression(
				db.selectFrom(jsonRecords('student', plan.create.map((row) => columns(row.values))).as('v')).select((eb) => [
					sql<string>`gen_random_uuid()`.as('id'),
					sql<Date>`now()`.as('created_at'),
					sql<Date>`now()`.as('updated_at'),
					eb.cast<string>(eb.val(actor.schoolId), 'uuid').as('school_id'),
					'v.upn',
					'v.first_name',
					'v.last_name',
					'v.date_of_birth',
					'v.gender',
					'v.year_group',
					eb.fn.coalesce('v.sen_status', eb.val('none')).as('sen_status'),
					eb.lit(false).as('archived'),
				]),
			)
			.onConflict((conflict) => conflict.column('upn').doNothing())
			.returning(['id', 'upn'])
			.execute()
		const insertedUpns = new Set(inserted.map((student) => student.upn))
		for (const row of plan.create) if (!insertedUpns.has(row.values.upn)) errors.push({ row: row.row, column: 'UPN', message: ERROR_CATALOGUE[1003] })
		for (const student of inserted) events.push({ action: 'student.import.create', id: student.id })
	}
	let updated = 0
	if (plan.update.length) {
		const changed = await db
			.updateTable('student as s')
			.from(jsonRecords('student', plan.update.map((row) => ({ id: row.id, ...columns(row.values) }))).as('v'))
			.set((eb) => ({
				first_name: eb.ref('v.first_name'),
				last_name: eb.ref('v.last_name'),
				date_of_birth: eb.ref('v.date_of_birth'),
				gender: eb.ref('v.gender'),
				year_group: eb.ref('v.year_group'),
				sen_status: eb.fn.coalesce('v.sen_status', 's.sen_status'),
				updated_at: sql<Date>`now()`,
			}))
			.whereRef('s.id', '=', 'v.id')
			.where('s.school_id', '=', actor.schoolId)
			.returning('s.id')
			.execute()
		updated = changed.length
		for (const student of changed) events.push({ action: 'student.import.update', id: student.id })
	}
	await auditMany(tx, actor, 'Student', events)
	return { created: events.length - updated, updated, errors }
}

export const studentImport: ImportKindHandler<StudentImportValues> = { read: readStudentImport, plan, apply }
