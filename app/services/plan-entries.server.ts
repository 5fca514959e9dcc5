import type { Kysely } from 'kysely'
import type { Database } from './typed-sql.server.ts'

/**
 * The school's plan entries (`sr`) with their student (`s`, the acting school's only), recommendation (`r`), theme (`t`)
 * and who added them (`m`, as this school names them: someone not on its staff is not named, ADR 016). Read by the
 * student's plan (student-views.server.ts) and the dismissed suggestions (student-recommendations.server.ts).
 */
export function planEntriesFrom(db: Kysely<Database>, schoolId: string) {
	return db
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
		.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
		.innerJoin('theme as t', 't.id', 'r.theme_id')
		.leftJoin('school_membership as m', (join) => join.onRef('m.user_id', '=', 'sr.added_by_id').onRef('m.school_id', '=', 's.school_id'))
}

/** What every plan entry shows: which recommendation, and who added it (null when this school does not name them). */
export function planEntry(row: { id: string; recommendation_id: string; title: string; theme_name: string; first_name: string | null; last_name: string | null }) {
	return {
		id: row.id,
		recommendationId: row.recommendation_id,
		title: row.title,
		themeName: row.theme_name,
		by: row.first_name ? `${row.first_name} ${row.last_name}` : null,
	}
}
