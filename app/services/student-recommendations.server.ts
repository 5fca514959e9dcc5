import { StudentRecommendation, type StudentRecommendationStatus } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import type { RecommendationSeverity } from './recommendations.server.ts'
import { getSchoolProfile, profileSuggestions } from './suggestions.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'

/**
 * A student's plan, as a school's need managers decide it: suggestions added (then done) or dismissed, and a decision
 * withdrawn, kept as history (ADR 028).
 */

/** The posted choice is not (or no longer) among the profile's suggestions: another need manager may have just decided. */
export class StaleSuggestions extends Error {
	constructor() {
		super('These suggestions have changed since the page was loaded. Review them and choose again.')
	}
}

/**
 * Adds (status active, with the note) or dismisses the chosen suggestions of
 * a profile for its student, in one transaction, each audited. A choice must
 * be among what the profile's scores suggest (anything else — another
 * school's recommendation id, one the scores do not suggest — throws
 * StaleSuggestions with nothing written). One already decided for the
 * student (a double submit without JavaScript, two need managers at once) is
 * skipped by `on conflict do nothing`: it keeps its first decision. Returns
 * how many were written now.
 */
export async function decideSuggestions(
	app: SignedIn,
	profileId: string,
	decision: { status: Extract<StudentRecommendationStatus, 'active' | 'dismissed'>; recommendationIds: string[]; note: string | null },
): Promise<{ studentId: string; count: number }> {
	const { em, auth } = app
	const suggestions = await profileSuggestions(app, profileId, { includeDecided: true })
	const allowed = new Set(suggestions.themes.flatMap((theme) => theme.recommendations.map((recommendation) => recommendation.id)))
	const chosen = [...new Set(decision.recommendationIds)]
	if (!chosen.length || chosen.some((id) => !allowed.has(id))) throw new StaleSuggestions()
	const written = await em.transactional(async (tx) => {
		const rows = await tx.execute<{ id: string }[]>(
			`insert into student_recommendation (id, created_at, updated_at, student_id, recommendation_id, source_profile_id, added_by_id, note, status)
			select gen_random_uuid(), now(), now(), ?, chosen.id, ?, ?, ?, ?
			from unnest(?::uuid[]) as chosen(id)
			on conflict (student_id, recommendation_id) where removed_at is null do nothing
			returning id`,
			[
				suggestions.student.id,
				profileId,
				auth.userId,
				decision.status === 'active' ? decision.note : null,
				decision.status,
				`{${chosen.join(',')}}`,
			],
		)
		for (const row of rows) {
			audit(tx, auth, decision.status === 'active' ? 'studentRecommendation.add' : 'studentRecommendation.dismiss', {
				type: 'StudentRecommendation',
				id: row.id,
				schoolId: auth.schoolId,
			})
		}
		return rows.length
	})
	return { studentId: suggestions.student.id, count: written }
}

/** An added recommendation of a student of the school becomes done. */
export async function markRecommendationDone(app: SignedIn, studentId: string, id: string): Promise<void> {
	const { em, auth } = app
	const row = await em.findOne(StudentRecommendation, { id: recordId(id), student: { id: studentId, school: auth.schoolId }, status: 'active', removedAt: null })
	if (!row) throw notFound()
	row.status = 'done'
	audit(em, auth, 'studentRecommendation.done', { type: 'StudentRecommendation', id: row.id, schoolId: auth.schoolId })
	await em.flush()
}

export type DismissedSuggestion = {
	id: string
	recommendationId: string
	title: string
	themeName: string
	severity: RecommendationSeverity
	dismissedOn: string
	dismissedBy: string | null
}

/**
 * The recommendations dismissed for the profile's student (dismissal is per student, whichever profile suggested
 * them) and not brought back since, newest first: one query. Who dismissed one is named as this school names them
 * (ADR 016).
 */
export async function listDismissed(app: SignedIn, profileId: string): Promise<DismissedSuggestion[]> {
	const { em, auth } = app
	const profile = await getSchoolProfile(app, profileId)
	const rows = await em.execute<
		{
			id: string
			recommendation_id: string
			title: string
			theme_name: string
			severity: RecommendationSeverity
			created_at: Date | string
			first_name: string | null
			last_name: string | null
		}[]
	>(
		`select sr.id, sr.recommendation_id, r.title, t.name as theme_name, r.severity, sr.created_at, m.first_name, m.last_name
		from student_recommendation sr
		join student s on s.id = sr.student_id and s.school_id = ?
		join recommendation r on r.id = sr.recommendation_id
		join theme t on t.id = r.theme_id
		left join school_membership m on m.user_id = sr.added_by_id and m.school_id = s.school_id
		where sr.student_id = ? and sr.status = 'dismissed' and sr.removed_at is null
		order by sr.created_at desc, sr.id`,
		[auth.schoolId, profile.student.id],
	)
	return rows.map((row) => ({
		id: row.id,
		recommendationId: row.recommendation_id,
		title: row.title,
		themeName: row.theme_name,
		severity: row.severity,
		dismissedOn: new Date(row.created_at).toISOString(),
		dismissedBy: row.first_name ? `${row.first_name} ${row.last_name}` : null,
	}))
}

/** Withdrawing a decision found it already withdrawn: the same form posted twice, or two need managers at once. */
export class AlreadyWithdrawn extends Error {}

/**
 * Withdraws one decision of a student of the school (ADR 028): the row stays, with who withdrew it and when, and
 * stops counting, so the recommendation is suggested again wherever the scores suggest it. A row of another
 * school's student, or not in one of `statuses`, answers 404; one already withdrawn throws AlreadyWithdrawn
 * (nothing written). One conditional update, so two posts at once withdraw and audit it once.
 */
async function withdrawDecision(
	app: SignedIn,
	studentId: string,
	id: string,
	statuses: StudentRecommendationStatus[],
	action: string,
): Promise<{ recommendationId: string }> {
	const { em, auth } = app
	const rowId = recordId(id)
	const student = recordId(studentId)
	const schoolId = actingSchool(app)
	return em.transactional(async (tx) => {
		const [row] = await tx.execute<{ recommendation_id: string; removed_at: Date | string | null }[]>(
			`select sr.recommendation_id, sr.removed_at from student_recommendation sr join student s on s.id = sr.student_id
			where sr.id = ? and sr.student_id = ? and s.school_id = ? and sr.status = any(?::text[])
			for update of sr`,
			[rowId, student, schoolId, `{${statuses.join(',')}}`],
		)
		if (!row) throw notFound()
		if (row.removed_at) throw new AlreadyWithdrawn()
		await tx.execute('update student_recommendation set removed_at = now(), removed_by_id = ?, updated_at = now() where id = ?', [auth.userId, id])
		audit(tx as never, auth, action, { type: 'StudentRecommendation', id, schoolId })
		await tx.flush()
		return { recommendationId: row.recommendation_id }
	})
}

/**
 * Removes an added recommendation (active or done) from the student's plan: kept as history, audited, and
 * suggested again if the scores still suggest it.
 */
export async function removeStudentRecommendation(app: SignedIn, studentId: string, id: string): Promise<void> {
	await withdrawDecision(app, studentId, id, ['active', 'done'], 'studentRecommendation.remove')
}

/**
 * Brings back a dismissed suggestion of the profile's student: the dismissal is kept as history, audited, and the
 * recommendation is a suggestion again if the scores still suggest it. Says whether this profile's scores do.
 */
export async function restoreDismissed(app: SignedIn, profileId: string, id: string): Promise<{ suggestedAgain: boolean }> {
	const profile = await getSchoolProfile(app, profileId)
	const { recommendationId } = await withdrawDecision(app, profile.student.id, id, ['dismissed'], 'studentRecommendation.restore')
	const suggestions = await profileSuggestions(app, profileId)
	return { suggestedAgain: suggestions.themes.some((theme) => theme.recommendations.some((recommendation) => recommendation.id === recommendationId)) }
}

/**
 * How many suggestions are dismissed for a student of the school, and a profile of theirs whose review page lists
 * them (the profile the latest dismissal came from, else their newest): one query.
 */
export async function dismissedSummary({ em, auth }: SignedIn, studentId: string): Promise<{ count: number; profileId: string | null }> {
	const [row] = await em.execute<{ count: number; profile_id: string | null }[]>(
		`select count(*)::int as count,
			coalesce(
				(array_agg(p.id order by sr.created_at desc) filter (where p.id is not null))[1],
				(select np.id from profile np where np.student_id = ? and np.school_id = ? order by np.created_at desc, np.id limit 1)
			) as profile_id
		from student_recommendation sr
		join student s on s.id = sr.student_id and s.school_id = ?
		left join profile p on p.id = sr.source_profile_id and p.school_id = s.school_id
		where sr.student_id = ? and sr.status = 'dismissed' and sr.removed_at is null`,
		[studentId, auth.schoolId, auth.schoolId, studentId],
	)
	return { count: row?.count ?? 0, profileId: row?.profile_id ?? null }
}
