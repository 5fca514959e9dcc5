import { sql } from 'kysely'
import type { ListQuery } from '#app/lib/pagination.ts'
import type { SignedIn } from './guards.server.ts'
import { visibleStudent } from './need-to-know.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import { pageAndTotal, typedSql } from './typed-sql.server.ts'

/**
 * The reviews on staff's homes (ADR 072): a need manager's lists the school's reviews due and overdue; anyone's own
 * (`mine`) lists the reviews they own, coming ones too, so an owner sees what is ahead. Active plan entries of students
 * not archived, the earliest date (so the most overdue) first. Two queries (page, total), whatever the number of rows.
 */

export type DueReview = {
	id: string
	studentId: string
	studentName: string
	title: string
	owner: string | null
	reviewOn: string
	/** Past its date; a review on today's date is due, not overdue. */
	overdue: boolean
	due: boolean
}

export async function listReviewsDue(
	app: SignedIn,
	query: Pick<ListQuery<string>, 'page' | 'pageSize'>,
	{ mine, today = todayInUk() }: { mine: boolean; today?: string },
): Promise<{ rows: DueReview[]; total: number }> {
	const schoolId = actingSchool(app)
	const { auth } = app
	let matching = typedSql(app.em)
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId).on('s.archived', '=', false))
		.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
		// The owner as this school names them (ADR 016).
		.leftJoin('school_membership as o', (join) => join.onRef('o.id', '=', 'sr.owner_id').onRef('o.school_id', '=', 's.school_id'))
		.where('sr.status', '=', 'active')
		.where('sr.removed_at', 'is', null)
		.where('sr.review_on', 'is not', null)
	if (mine) {
		if (!auth.membershipId) throw notFound()
		// An owner who may no longer see the student (taken off their profile and their groups) is not shown them.
		matching = matching
			.where('sr.owner_id', '=', auth.membershipId)
			.where((eb) => visibleStudent(auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))
	} else {
		matching = matching.where('sr.review_on', '<=', today)
	}
	const sorted = matching
		.select(['sr.id', 'sr.student_id', 's.first_name', 's.last_name', 'r.title', 'o.first_name as owner_first', 'o.last_name as owner_last'])
		.select(sql<string>`to_char(sr.review_on, 'YYYY-MM-DD')`.as('review_on'))
		.orderBy('sr.review_on')
		.orderBy((eb) => eb.fn('lower', ['s.last_name']))
		.orderBy((eb) => eb.fn('lower', ['s.first_name']))
		.orderBy('sr.id')
	const { rows, total } = await pageAndTotal(matching, sorted, query)
	return {
		total,
		rows: rows.map((row) => ({
			id: row.id,
			studentId: row.student_id,
			studentName: `${row.first_name} ${row.last_name}`,
			title: row.title,
			owner: row.owner_first ? `${row.owner_first} ${row.owner_last}` : null,
			reviewOn: row.review_on,
			overdue: row.review_on < today,
			due: row.review_on <= today,
		})),
	}
}
