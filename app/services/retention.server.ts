import { randomUUID } from 'node:crypto'
import { sql, type Expression, type Kysely } from 'kysely'
import { addDays } from 'date-fns/addDays'
import type { ListQuery } from '#app/lib/pagination.ts'
import { DUE_WINDOW_DAYS, holdReason, type RetentionHoldInput } from '#app/lib/retention-schema.ts'
import { todayInUk, UK_TIME_ZONE } from '#app/lib/format.ts'
import type { YearGroup } from '#app/models/enums.ts'
import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { purgeStudents } from './student-purge.server.ts'
import { lockStudent } from './students.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { pageAndTotal, typedSql, type Database } from './typed-sql.server.ts'

/**
 * Retention (issue 17, item 2; ADR 070): each school keeps the records of a student who left (archived) for its
 * retention period, counted in whole years from the day they were archived; the nightly job then purges them as an
 * erasure does (`purgeStudents`), leaving a tombstone and a `student.purge` audit line. A hold keeps one student's
 * records past that date, until its end date (inclusive) or until it is lifted.
 */

/** The day a student's records are due to be erased: the day they were archived (UK date) plus the school's period. */
function dueOn(archivedAt: Expression<Date | null>, years: Expression<number>) {
	return sql<string>`(((${archivedAt} at time zone ${UK_TIME_ZONE})::date + make_interval(years => ${years}))::date)`
}

export const RETENTION_SORTS = ['due', 'name'] as const
export type RetentionSort = (typeof RETENTION_SORTS)[number]

export type DueRow = {
	id: string
	name: string
	yearGroup: YearGroup
	archivedOn: string
	dueOn: string
	hold: { until: string | null } | null
}

export type RetentionPage = {
	years: number
	today: string
	/** The last day of the window the list covers. */
	windowEnd: string
	rows: DueRow[]
	total: number
}

/**
 * The school's retention period and one page of its students whose records are due to go by the end of the window
 * (DUE_WINDOW_DAYS from today): those whose date has passed and whom a hold keeps are listed too, so that no hold is
 * forgotten. Read only.
 */
export async function retentionPage(app: SignedIn, query: ListQuery<RetentionSort>): Promise<RetentionPage> {
	const schoolId = actingSchool(app)
	const db = typedSql(app.em)
	const school = await db.selectFrom('school').select('retention_years').where('id', '=', schoolId).executeTakeFirst()
	if (!school) throw notFound()
	const today = todayInUk()
	const windowEnd = addDays(new Date(`${today}T12:00:00Z`), DUE_WINDOW_DAYS).toISOString().slice(0, 10)
	const due = dueOn(sql.ref('s.archived_at'), sql.lit(school.retention_years))
	const matching = db
		.selectFrom('student as s')
		.where('s.school_id', '=', schoolId)
		.where('s.archived', '=', true)
		.where('s.archived_at', 'is not', null)
		.where(due, '<=', sql<string>`${windowEnd}::date`)
	const direction = query.dir === 'desc' ? 'desc' : 'asc'
	let sorted = matching
		.leftJoin('retention_hold as h', (join) => join.onRef('h.student_id', '=', 's.id').onRef('h.school_id', '=', 's.school_id'))
		.select([
			's.id',
			's.first_name',
			's.last_name',
			's.year_group',
			sql<string>`to_char((s.archived_at at time zone ${UK_TIME_ZONE})::date, 'YYYY-MM-DD')`.as('archived_on'),
			sql<string>`to_char(${due}, 'YYYY-MM-DD')`.as('due_on'),
			'h.id as hold_id',
			sql<string | null>`to_char(h.until, 'YYYY-MM-DD')`.as('hold_until'),
		])
	const byName = [sql`lower(s.last_name)`, sql`lower(s.first_name)`]
	for (const column of query.sort === 'name' ? [...byName, due] : [due, ...byName]) sorted = sorted.orderBy(column, direction)
	const { rows, total } = await pageAndTotal(matching, sorted.orderBy('s.id'), query)
	return {
		years: school.retention_years,
		today,
		windowEnd,
		total,
		rows: rows.map((row) => ({
			id: row.id,
			name: `${row.first_name} ${row.last_name}`,
			yearGroup: row.year_group,
			archivedOn: row.archived_on,
			dueOn: row.due_on,
			// A hold that has ended keeps nothing: the list shows it as none.
			hold: row.hold_id && (row.hold_until === null || row.hold_until >= today) ? { until: row.hold_until } : null,
		})),
	}
}

export type RetentionStudent = { id: string; name: string; archived: boolean; hold: { reason: string; until: string | null } | null }

/** One student of the acting school with their hold, for the hold modal; another school's, or none, is 404. */
export async function getRetentionStudent(app: SignedIn, studentId: unknown): Promise<RetentionStudent> {
	const schoolId = actingSchool(app)
	const id = recordId(studentId)
	const row = await typedSql(app.em)
		.selectFrom('student as s')
		.leftJoin('retention_hold as h', (join) => join.onRef('h.student_id', '=', 's.id').onRef('h.school_id', '=', 's.school_id'))
		.select(['s.id', 's.first_name', 's.last_name', 's.archived', 'h.reason', sql<string | null>`to_char(h.until, 'YYYY-MM-DD')`.as('until')])
		.where('s.id', '=', id)
		.where('s.school_id', '=', schoolId)
		.executeTakeFirst()
	if (!row) throw notFound()
	return {
		id: row.id,
		name: `${row.first_name} ${row.last_name}`,
		archived: row.archived,
		hold: row.reason === null ? null : { reason: row.reason, until: row.until },
	}
}

/** Sets the acting school's retention period, in whole years (the form has checked the range; the table checks it too). */
export async function setRetentionPeriod(app: SignedIn, years: number): Promise<void> {
	const schoolId = actingSchool(app)
	await app.em.transactional(async (tx) => {
		const changed = await typedSql(tx).updateTable('school').set({ retention_years: years, updated_at: sql`now()` }).where('id', '=', schoolId).executeTakeFirst()
		if (!changed.numUpdatedRows) throw notFound()
		audit(tx, app.auth, 'school.retention', { type: 'School', id: schoolId, schoolId })
		await tx.flush()
	})
}

/** Places a hold on a student of the acting school, or changes the one they have (its reason and end). */
export async function placeHold(app: SignedIn, studentId: string, input: RetentionHoldInput): Promise<void> {
	const schoolId = actingSchool(app)
	const id = recordId(studentId)
	await app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		// Locked: the nightly purge of this student waits for the hold, and then finds it.
		await lockStudent(tx, schoolId, id)
		const hold = { reason: holdReason(input.reason), until: input.until ?? null }
		await db
			.insertInto('retention_hold')
			.values({ id: randomUUID(), created_at: sql`now()`, updated_at: sql`now()`, school_id: schoolId, student_id: id, ...hold })
			.onConflict((conflict) => conflict.column('student_id').doUpdateSet({ ...hold, school_id: schoolId, updated_at: sql`now()` }))
			.execute()
		audit(tx, app.auth, 'retention.hold', { type: 'Student', id, schoolId })
		await tx.flush()
	})
}

/** Lifts a student's hold: their records go at the next nightly purge if their date has passed. False when they had none. */
export async function liftHold(app: SignedIn, studentId: string): Promise<boolean> {
	const schoolId = actingSchool(app)
	const id = recordId(studentId)
	return app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		await lockStudent(tx, schoolId, id)
		const lifted = await db.deleteFrom('retention_hold').where('student_id', '=', id).where('school_id', '=', schoolId).executeTakeFirst()
		if (!lifted.numDeletedRows) return false
		audit(tx, app.auth, 'retention.hold.lift', { type: 'Student', id, schoolId })
		await tx.flush()
		return true
	})
}

/** The students of every school whose records are due to go on `today` and whom no hold keeps: a batch, locked, or skipped when another run holds them. */
function dueBatch(db: Kysely<Database>, today: string, size: number) {
	return db
		.selectFrom('student as s')
		.innerJoin('school as sc', 'sc.id', 's.school_id')
		.select('s.id')
		.where('s.archived', '=', true)
		.where('s.archived_at', 'is not', null)
		.where(dueOn(sql.ref('s.archived_at'), sql.ref('sc.retention_years')), '<=', sql<string>`${today}::date`)
		// Unless a hold of the student's own school still runs today: no end date, or one not yet passed.
		.where(({ not, exists, selectFrom }) =>
			not(
				exists(
					selectFrom('retention_hold as h')
						.select('h.id')
						.whereRef('h.student_id', '=', 's.id')
						.whereRef('h.school_id', '=', 's.school_id')
						.where((w) => w.or([w('h.until', 'is', null), w('h.until', '>=', sql<string>`${today}::date`)])),
				),
			),
		)
		.orderBy('s.id')
		.limit(size)
		.forUpdate(['s'])
		.skipLocked()
}

/**
 * The nightly retention purge (the `retention` job): every school's students whose records are due on `today` (UK) and
 * whom no hold keeps go as an erasure's do, batch by batch, each batch in one transaction with one statement per table
 * (`purgeStudents`). Each leaves a `retention` tombstone and a `student.purge` audit line by no one. Returns how many
 * went; a second run the same day finds none.
 */
export async function purgeDueStudents(em: Em, options: { today?: string; batchSize?: number } = {}): Promise<number> {
	const today = options.today ?? todayInUk()
	const size = options.batchSize ?? 200
	let purged = 0
	for (;;) {
		const ids = await em.fork().transactional(async (tx) => {
			const db = typedSql(tx)
			const batch = (await dueBatch(db, today, size).execute()).map((row) => row.id)
			await purgeStudents(db, batch, { kind: 'retention', reason: null, audit: { action: 'student.purge', actorId: null, impersonatedUserId: null } })
			return batch
		})
		purged += ids.length
		if (ids.length < size) return purged
	}
}
