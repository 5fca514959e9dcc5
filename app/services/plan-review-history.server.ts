import { sql } from 'kysely'
import type { MeasuredChange } from '#app/lib/measured-change.ts'
import type { ReviewDecision } from '#app/models/enums.ts'
import { auditRead } from './audit.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { loadMeasuredChanges } from './measured-change.server.ts'
import { requireVisibleStudent } from './need-to-know.server.ts'
import { planEntriesFrom } from './plan-entries.server.ts'
import { mayRecord } from './plan-reviews.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/** Plan reviews as read (ADR 072): a plan entry's history, and its review page. Recording one is plan-reviews.server.ts. */

export type ReviewRow = { id: string; entryId: string; reviewedOn: string; outcome: number; note: string | null; decision: ReviewDecision; by: string | null }

/** The reviews of some plan entries of the school (`entryIds`) or of one student's, newest first: one query. */
export async function loadReviews(em: Em, schoolId: string, scope: { entryIds: string[] } | { studentId: string }): Promise<ReviewRow[]> {
	let query = typedSql(em)
		.selectFrom('recommendation_review as rr')
		.innerJoin('student_recommendation as sr', 'sr.id', 'rr.entry_id')
		// Who reviewed, as this school names them (ADR 016).
		.leftJoin('school_membership as m', (join) => join.onRef('m.user_id', '=', 'rr.reviewed_by_id').onRef('m.school_id', '=', 'rr.school_id'))
		.select(['rr.id', 'rr.entry_id', 'rr.outcome', 'rr.note', 'rr.decision', 'm.first_name', 'm.last_name'])
		.select(sql<string>`to_char(rr.reviewed_on, 'YYYY-MM-DD')`.as('reviewed_on'))
		.where('rr.school_id', '=', schoolId)
	query = 'entryIds' in scope ? query.where('rr.entry_id', 'in', scope.entryIds.length ? scope.entryIds : [null as never]) : query.where('sr.student_id', '=', scope.studentId)
	const rows = await query.orderBy('rr.reviewed_on', 'desc').orderBy('rr.created_at', 'desc').orderBy('rr.id').execute()
	return rows.map((row) => ({
		id: row.id,
		entryId: row.entry_id,
		reviewedOn: row.reviewed_on,
		outcome: row.outcome,
		note: row.note,
		decision: row.decision,
		by: row.first_name ? `${row.first_name} ${row.last_name}` : null,
	}))
}

export type PlanEntryReview = {
	student: { id: string; name: string }
	entry: {
		id: string
		title: string
		themeName: string
		status: 'active' | 'done'
		note: string | null
		addedOn: string
		reviewOn: string | null
		owner: string | null
	}
	reviews: ReviewRow[]
	change: MeasuredChange | null
	/** The owner and the school's need managers record reviews of an active entry; everyone else who sees the student reads. */
	canRecord: boolean
	today: string
}

/**
 * The review page of a plan entry: the student must be one the user may see (else 404, as every student view), the
 * entry theirs and on the plan (active or done, not withdrawn). The read is audited as a read of the student's profile,
 * whose plan it shows, once the entry is found. Eight queries, whatever the number of reviews and rounds.
 */
export async function openPlanEntryReview(app: SignedIn, studentId: string, entryId: string): Promise<PlanEntryReview> {
	const schoolId = actingSchool(app)
	const id = recordId(entryId)
	const found = await requireVisibleStudent(app, studentId)
	const student = { id: found.id, name: `${found.firstName} ${found.lastName}` }
	const row = await planEntriesFrom(typedSql(app.em), schoolId)
		.leftJoin('school_membership as o', (join) => join.onRef('o.id', '=', 'sr.owner_id').onRef('o.school_id', '=', 's.school_id'))
		.select(['sr.id', 'sr.status', 'sr.note', 'sr.owner_id', 'sr.created_at', 'r.title', 't.name as theme_name', 'o.first_name', 'o.last_name'])
		.select(sql<string | null>`to_char(sr.review_on, 'YYYY-MM-DD')`.as('review_on'))
		.where('sr.id', '=', id)
		.where('sr.student_id', '=', student.id)
		.where('sr.status', 'in', ['active', 'done'])
		.$narrowType<{ status: 'active' | 'done' }>()
		.where('sr.removed_at', 'is', null)
		.executeTakeFirst()
	if (!row) throw notFound()
	auditRead(app, 'student.profile.view', { type: 'Student', id: student.id, schoolId })
	await app.em.flush()
	const [reviews, changes] = await Promise.all([loadReviews(app.em, schoolId, { entryIds: [id] }), loadMeasuredChanges(app.em, schoolId, { entryIds: [id] })])
	return {
		student,
		entry: {
			id: row.id,
			title: row.title,
			themeName: row.theme_name,
			status: row.status,
			note: row.note,
			addedOn: new Date(row.created_at).toISOString(),
			reviewOn: row.review_on,
			owner: row.first_name ? `${row.first_name} ${row.last_name}` : null,
		},
		reviews,
		change: changes.get(id)?.change ?? null,
		canRecord: row.status === 'active' && mayRecord(app, row.owner_id),
		today: todayInUk(),
	}
}

