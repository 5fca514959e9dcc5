import { sql } from 'kysely'
import { StudentRecommendation, type StudentRecommendationStatus } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { defaultReviewOn } from '#app/lib/plan-review-schema.ts'
import { planEntriesFrom, planEntry } from './plan-entries.server.ts'
import type { SignedIn } from './guards.server.ts'
import { reviewOwners } from './plan-reviews.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import type { RecommendationSeverity } from './recommendations.server.ts'
import { getSchoolProfile, profileSuggestions } from './suggestions.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

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

/** The owner chosen for the reviews is not a respondent of the profile with access: said beside the field, nothing written. */
export class NotAnOwner extends Error {}

/**
 * Adds (status active, with the note, the review date and the owner: ADR 072) or dismisses the chosen suggestions of
 * a profile for its student, in one transaction, each audited. A choice must
 * be among what the profile's scores suggest (anything else — another
 * school's recommendation id, one the scores do not suggest — throws
 * StaleSuggestions with nothing written). One already decided for the
 * student (a double submit without JavaScript, two need managers at once) is
 * skipped by `on conflict do nothing`: it keeps its first decision. Returns
 * how many were written now. Without a review date or an owner, an added one gets what the form offers: 6 weeks from
 * today, and the acting need manager when they answer the profile, else its first respondent.
 */
export async function decideSuggestions(
	app: SignedIn,
	profileId: string,
	decision: {
		status: Extract<StudentRecommendationStatus, 'active' | 'dismissed'>
		recommendationIds: string[]
		note: string | null
		review?: { reviewOn?: string; ownerId?: string }
	},
): Promise<{ studentId: string; count: number }> {
	const { em, auth } = app
	const suggestions = await profileSuggestions(app, profileId, { includeDecided: true })
	const allowed = new Set(suggestions.themes.flatMap((theme) => theme.recommendations.map((recommendation) => recommendation.id)))
	const chosen = [...new Set(decision.recommendationIds)]
	if (!chosen.length || chosen.some((id) => !allowed.has(id))) throw new StaleSuggestions()
	const adding = decision.status === 'active'
	const written = await em.transactional(async (tx) => {
		let owner: string | null = null
		if (adding) {
			const owners = await reviewOwners(app, typedSql(tx), profileId, true)
			owner = decision.review?.ownerId ?? owners.defaultOwner
			if (owner !== null && !owners.options.some((option) => option.value === owner)) throw new NotAnOwner()
		}
		const rows = await typedSql(tx)
			.insertInto('student_recommendation')
			.values(
				chosen.map((recommendationId) => ({
					id: sql<string>`gen_random_uuid()`,
					created_at: sql<Date>`now()`,
					updated_at: sql<Date>`now()`,
					student_id: suggestions.student.id,
					recommendation_id: recommendationId,
					source_profile_id: profileId,
					added_by_id: auth.userId,
					note: adding ? decision.note : null,
					status: decision.status,
					review_on: adding ? (decision.review?.reviewOn ?? defaultReviewOn(todayInUk())) : null,
					owner_id: owner,
				})),
			)
			.onConflict((conflict) => conflict.columns(['student_id', 'recommendation_id']).where('removed_at', 'is', null).doNothing())
			.returning('id')
			.execute()
		for (const row of rows) {
			audit(tx, auth, adding ? 'studentRecommendation.add' : 'studentRecommendation.dismiss', {
				type: 'StudentRecommendation',
				id: row.id,
				schoolId: auth.schoolId,
			})
		}
		return rows.length
	})
	return { studentId: suggestions.student.id, count: written }
}

/** The plan entry was marked done already (posted twice, or in another tab): nothing is written. */
export class AlreadyDone extends Error {}

/**
 * An added recommendation of a student of the school becomes done, with no review to come. One done already throws
 * AlreadyDone, one removed AlreadyWithdrawn; a dismissed suggestion, or another school's, answers 404. One conditional
 * update, so two posts at once mark it done, and audit it, once.
 */
export async function markRecommendationDone(app: SignedIn, studentId: string, id: string): Promise<void> {
	const { em, auth } = app
	const row = await em.findOne(StudentRecommendation, { id: recordId(id), student: { id: studentId, school: auth.schoolId } })
	if (!row || row.status === 'dismissed') throw notFound()
	if (row.removedAt) throw new AlreadyWithdrawn()
	// A done strategy is no longer reviewed (ADR 072): it leaves the lists of reviews due.
	const marked = await typedSql(em)
		.updateTable('student_recommendation')
		.set({ status: 'done', review_on: null, updated_at: sql<Date>`now()` })
		.where('id', '=', row.id)
		.where('status', '=', 'active')
		.where('removed_at', 'is', null)
		.executeTakeFirst()
	if (Number(marked.numUpdatedRows) === 0) throw new AlreadyDone()
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
	const { em } = app
	const profile = await getSchoolProfile(app, profileId)
	const rows = await planEntriesFrom(typedSql(em), actingSchool(app))
		.select(['sr.id', 'sr.recommendation_id', 'r.title', 't.name as theme_name', 'r.severity', 'sr.created_at', 'm.first_name', 'm.last_name'])
		.where('sr.student_id', '=', profile.student.id)
		.where('sr.status', '=', 'dismissed')
		.where('sr.removed_at', 'is', null)
		.orderBy('sr.created_at', 'desc')
		.orderBy('sr.id')
		.execute()
	return rows.map((row) => {
		const { by, ...entry } = planEntry(row)
		return { ...entry, severity: row.severity, dismissedOn: new Date(row.created_at).toISOString(), dismissedBy: by }
	})
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
		const db = typedSql(tx)
		const row = await db
			.selectFrom('student_recommendation as sr')
			.innerJoin('student as s', 's.id', 'sr.student_id')
			.select(['sr.recommendation_id', 'sr.removed_at'])
			.where('sr.id', '=', rowId)
			.where('sr.student_id', '=', student)
			.where('s.school_id', '=', schoolId)
			.where('sr.status', 'in', statuses)
			.forUpdate('sr')
			.executeTakeFirst()
		if (!row) throw notFound()
		if (row.removed_at) throw new AlreadyWithdrawn()
		await db
			.updateTable('student_recommendation')
			.set({ removed_at: sql<Date>`now()`, removed_by_id: auth.userId, updated_at: sql<Date>`now()` })
			.where('id', '=', rowId)
			.execute()
		audit(tx, auth, action, { type: 'StudentRecommendation', id, schoolId })
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
	const schoolId = actingSchool({ auth })
	const db = typedSql(em)
	const dismissed = db
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
		.where('sr.student_id', '=', studentId)
		.where('sr.status', '=', 'dismissed')
		.where('sr.removed_at', 'is', null)
	const row = await db
		.selectNoFrom((eb) => [
			dismissed.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('count')).as('count'),
			eb.fn
				.coalesce(
					dismissed
						.innerJoin('profile as p', (join) => join.onRef('p.id', '=', 'sr.source_profile_id').onRef('p.school_id', '=', 's.school_id'))
						.select('p.id')
						.orderBy('sr.created_at', 'desc')
						.limit(1),
					eb
						.selectFrom('profile as np')
						.select('np.id')
						.where('np.student_id', '=', studentId)
						.where('np.school_id', '=', schoolId)
						.orderBy('np.created_at', 'desc')
						.orderBy('np.id')
						.limit(1),
				)
				.as('profile_id'),
		])
		.executeTakeFirst()
	return { count: row?.count ?? 0, profileId: row?.profile_id ?? null }
}
