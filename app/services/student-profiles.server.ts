import { respondentNames } from '#app/lib/respondents.ts'
import type { FeedbackStatus, ProfileKind } from '#app/models/enums.ts'
import type { SignedIn } from './guards.server.ts'
import { actingSchool } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * A student's profiles as the school reads them: every screen that lists them (the school admin's student details,
 * the student views, the suggestions) reads them here. Scoped by the profile's school, which follows the student on
 * transfer.
 */

export type RespondentFeedback = {
	feedbackId: string
	/** The respondent's membership, or the key standing for one deleted from the directory (ADR 029). */
	membershipId: string
	name: string
	status: FeedbackStatus
	/** When complete feedback was submitted (ISO instant). */
	submittedAt: string | null
}
export type RoundSummary = {
	id: string
	index: number
	opensOn: string
	feedback: RespondentFeedback[]
	completeCount: number
}
export type ProfileSummary = {
	id: string
	questionnaireId: string
	questionnaireTitle: string
	kind: ProfileKind
	intervalWeeks: number | null
	startDate: string
	endDate: string | null
	status: 'active' | 'closed'
	/** Oldest first. */
	rounds: RoundSummary[]
}

/** The student's profiles, the newest first, with their rounds and each respondent's feedback status: one query. */
export async function listStudentProfiles({ em, auth }: SignedIn, studentId: string): Promise<ProfileSummary[]> {
	const rows = await typedSql(em)
		.selectFrom('profile as p')
		.innerJoin('questionnaire as q', 'q.id', 'p.questionnaire_id')
		.leftJoin('round as r', 'r.profile_id', 'p.id')
		.leftJoin('feedback as f', 'f.round_id', 'r.id')
		.leftJoin('school_membership as m', 'm.id', 'f.respondent_id')
		.select((eb) => [
			'p.id as profile_id',
			'p.questionnaire_id',
			'q.title',
			'p.kind',
			'p.interval_weeks',
			eb.fn<string>('to_char', ['p.start_date', eb.val('YYYY-MM-DD')]).as('start_date'),
			eb.fn<string | null>('to_char', ['p.end_date', eb.val('YYYY-MM-DD')]).as('end_date'),
			'p.status',
			'r.id as round_id',
			'r.index as round_index',
			eb.fn<string | null>('to_char', ['r.opens_on', eb.val('YYYY-MM-DD')]).as('opens_on'),
			'f.id as feedback_id',
			'f.status as feedback_status',
			'f.submitted_at',
			eb.fn.coalesce('f.respondent_id', 'f.former_respondent_key').as('membership_id'),
			'm.school_id',
			'm.first_name',
			'm.last_name',
		])
		.where('p.student_id', '=', studentId)
		.where('p.school_id', '=', actingSchool({ auth }))
		.orderBy('p.created_at', 'desc')
		.orderBy('p.id')
		.orderBy('r.index')
		.orderBy((eb) => eb.fn('lower', ['m.last_name']))
		.orderBy((eb) => eb.fn('lower', ['m.first_name']))
		.orderBy('f.id')
		.execute()
	const profiles = new Map<string, ProfileSummary>()
	const rounds = new Map<string, RoundSummary>()
	// Former staff, and another school's staff (a transferred student's earlier feedback), are not named (ADR 092).
	const nameOf = respondentNames(
		actingSchool({ auth }),
		rows.filter((row) => row.feedback_id).map((row) => ({ ...row, key: row.membership_id! })),
	)
	for (const row of rows) {
		let profile = profiles.get(row.profile_id)
		if (!profile) {
			profile = {
				id: row.profile_id,
				questionnaireId: row.questionnaire_id,
				questionnaireTitle: row.title,
				kind: row.kind,
				intervalWeeks: row.interval_weeks,
				startDate: row.start_date,
				endDate: row.end_date,
				status: row.status,
				rounds: [],
			}
			profiles.set(row.profile_id, profile)
		}
		if (!row.round_id) continue
		let round = rounds.get(row.round_id)
		if (!round) {
			round = { id: row.round_id, index: row.round_index!, opensOn: row.opens_on!, feedback: [], completeCount: 0 }
			rounds.set(row.round_id, round)
			profile.rounds.push(round)
		}
		if (!row.feedback_id) continue
		round.feedback.push({
			feedbackId: row.feedback_id,
			membershipId: row.membership_id!,
			name: nameOf(row.membership_id!),
			status: row.feedback_status!,
			submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
		})
		if (row.feedback_status === 'complete') round.completeCount++
	}
	return [...profiles.values()]
}

/** The latest round of a profile with at least one complete feedback, if any. */
export function latestCompleteRound(profile: ProfileSummary): RoundSummary | null {
	return profile.rounds.findLast((round) => round.completeCount > 0) ?? null
}
