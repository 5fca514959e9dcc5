import type { ProfileKind } from '#app/models/enums.ts'
import type { SignedIn } from './guards.server.ts'

export type StudentProfileRow = { id: string; questionnaire: string; kind: ProfileKind; intervalWeeks: number | null; status: string; rounds: number; startDate: string }

/**
 * A student's profiles, read-only, for the school admin's details screen: one
 * query. Scoped by the profile's school, which follows the student on transfer.
 */
export async function listStudentProfiles(app: SignedIn, studentId: string): Promise<StudentProfileRow[]> {
	if (!app.auth.schoolId) return []
	const rows = await app.em.execute<
		{ id: string; title: string; kind: ProfileKind; interval_weeks: number | null; status: string; rounds: number; start_date: string }[]
	>(
		`select p.id, q.title, p.kind, p.interval_weeks, p.status, to_char(p.start_date, 'YYYY-MM-DD') as start_date,
			(select count(*)::int from round r where r.profile_id = p.id) as rounds
		from profile p join questionnaire q on q.id = p.questionnaire_id
		where p.student_id = ? and p.school_id = ?
		order by p.start_date desc, p.id`,
		[studentId, app.auth.schoolId],
	)
	return rows.map((row) => ({
		id: row.id,
		questionnaire: row.title,
		kind: row.kind,
		intervalWeeks: row.interval_weeks,
		status: row.status,
		rounds: row.rounds,
		startDate: row.start_date,
	}))
}
