import { actionLabel } from '#app/lib/audit-actions.ts'
import { FORMER_STAFF_MEMBER, WITHHELD_STAFF } from '#app/lib/respondents.ts'
import { scoreRound, type Band, type RoundAnswer } from '#app/lib/scoring.ts'
import { FEEDBACK_STATUS_LABELS, FREQUENCY_SCALE, REVIEW_DECISION_LABELS, REVIEW_OUTCOMES, SEN_STATUS_LABELS, TRANSFER_STATUS_LABELS } from '#app/models/enums.ts'
import type { Em } from './database.server.ts'
import { typedSql } from './typed-sql.server.ts'
import { dateOnly } from '#app/lib/format.ts'

/**
 * Everything Spencer holds about some students of one school, read for a subject access export (ADR 071): details,
 * groups, professionals, transfers, profiles with every round, answer and score, the plan, and the audit trail's lines
 * about them ("who saw this record"). A fixed number of queries for any number of students, so a school's export reads
 * its students a batch at a time and its memory does not grow with the school.
 *
 * People are named as the school names them. Staff of another school (a student who moved here brought their answers)
 * are third parties whose names the export withholds, as the ICO's guidance on subject access allows; Spencer's own
 * support staff are named by their role.
 */

export const PLATFORM_SUPPORT = 'Spencer support (platform administrator)'
const DELETED_ACCOUNT = 'A deleted account'

export type ScoreLine = { name: string; score: number; band: Band }
export type AnswerLine = { domain: string; question: string; theme: string | null; answer: string; value: number; answeredAt: string }
export type FeedbackLine = { respondent: string; status: string; submittedAt: string | null; answers: AnswerLine[] }
export type RoundLine = { number: number; opensOn: string; feedbackCounted: number; domains: ScoreLine[]; themes: ScoreLine[]; feedback: FeedbackLine[] }
export type ProfileLine = {
	questionnaire: string
	kind: string
	intervalWeeks: number | null
	startDate: string
	endDate: string | null
	status: string
	createdAt: string
	createdBy: string | null
	respondents: string[]
	rounds: RoundLine[]
}
export type TransferLine = {
	from: string
	to: string
	status: string
	requestedAt: string
	requestedBy: string | null
	note: string | null
	decidedAt: string | null
	decidedBy: string | null
	reason: string | null
}
/** One review of a plan entry: the outcome seen, what was decided, and the change measured then (ADR 072, ADR 075). */
export type PlanReviewLine = {
	reviewedOn: string
	reviewedBy: string | null
	outcome: string
	decision: string
	note: string | null
	measuredChange: number | null
	measuredRounds: number | null
}
export type PlanLine = {
	title: string
	theme: string
	status: string
	note: string | null
	addedAt: string
	addedBy: string | null
	removedAt: string | null
	removedBy: string | null
	/** When it is next reviewed, and by whom (a member of the school's staff). */
	nextReviewOn: string | null
	owner: string | null
	reviews: PlanReviewLine[]
}
export type AccessLine = { at: string; action: string; by: string }

export type StudentRecord = {
	id: string
	upn: string
	firstName: string
	lastName: string
	dateOfBirth: string
	gender: string
	yearGroup: string
	senStatus: string
	archived: boolean
	/** When the student was last archived: the school's retention period counts from it (ADR 070). */
	archivedAt: string | null
	/** The school keeps the records past the retention period: why, and until when (none: until lifted). */
	retentionHold: { reason: string; until: string | null } | null
	createdAt: string
	updatedAt: string
	groups: string[]
	professionals: { name: string; jobTitle: string | null; key: boolean }[]
	transfers: TransferLine[]
	profiles: ProfileLine[]
	plan: PlanLine[]
	access: AccessLine[]
}

const iso = (value: unknown) => new Date(value as string).toISOString()
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value))
const ANSWER_LABELS = new Map<number, string>(FREQUENCY_SCALE.map((step) => [step.value, step.label]))
const OUTCOME_LABELS = new Map<number, string>(REVIEW_OUTCOMES.map((step) => [step.value, step.label]))

/** Names of the accounts that acted, as `schoolId` names them: one query. */
async function namesOf(em: Em, schoolId: string, userIds: (string | null)[]): Promise<(id: string | null) => string | null> {
	const ids = [...new Set(userIds.filter((id): id is string => id !== null))]
	const rows = ids.length
		? await typedSql(em)
				.selectFrom('users as u')
				.leftJoin('school_membership as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.school_id', '=', schoolId))
				.select(['u.id', 'u.system_role', 'm.first_name', 'm.last_name'])
				.where('u.id', 'in', ids)
				.execute()
		: []
	const names = new Map(
		rows.map((row) => [row.id, row.first_name !== null ? `${row.first_name} ${row.last_name}` : row.system_role === 'spencerAdmin' ? PLATFORM_SUPPORT : WITHHELD_STAFF]),
	)
	return (id) => (id === null ? null : (names.get(id) ?? DELETED_ACCOUNT))
}

/**
 * The records of `studentIds`, all students of `schoolId` (others are ignored), in the order asked. At most thirteen
 * queries whatever their number (the students; 5 beside one another; the rounds, feedback, respondents and plan reviews;
 * the answers and the audit lines; the names of who acted).
 */
export async function loadStudentRecords(em: Em, schoolId: string, studentIds: string[]): Promise<StudentRecord[]> {
	if (!studentIds.length) return []
	const db = typedSql(em)
	const students = await db
		.selectFrom('student')
		.select(['id', 'upn', 'first_name', 'last_name', 'date_of_birth', 'gender', 'year_group', 'sen_status', 'archived', 'archived_at', 'created_at', 'updated_at'])
		// A hold on the retention period, if any (one a student at most): its reason and end, in the same statement.
		.select((eb) => [
			eb.selectFrom('retention_hold as h').select('h.reason').whereRef('h.student_id', '=', 'student.id').whereRef('h.school_id', '=', 'student.school_id').as('hold_reason'),
			eb.selectFrom('retention_hold as h').select('h.until').whereRef('h.student_id', '=', 'student.id').whereRef('h.school_id', '=', 'student.school_id').as('hold_until'),
		])
		.where('school_id', '=', schoolId)
		.where('id', 'in', studentIds)
		.execute()
	const ids = students.map((student) => student.id)
	if (!ids.length) return []

	const [groups, professionals, transfers, profiles, plan] = await Promise.all([
		db
			.selectFrom('group_student as gs')
			.innerJoin('student_group as g', (join) => join.onRef('g.id', '=', 'gs.group_id').on('g.school_id', '=', schoolId))
			.select(['gs.student_id', 'g.name'])
			.where('gs.student_id', 'in', ids)
			.orderBy('g.name')
			.execute(),
		db
			.selectFrom('student_professional as sp')
			.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'sp.membership_id').on('m.school_id', '=', schoolId))
			.select(['sp.student_id', 'sp.is_key', 'm.first_name', 'm.last_name', 'm.job_title'])
			.where('sp.student_id', 'in', ids)
			.orderBy('sp.is_key', 'desc')
			.orderBy('m.last_name')
			.execute(),
		db
			.selectFrom('transfer_request as t')
			.innerJoin('school as f', 'f.id', 't.from_school_id')
			.innerJoin('school as d', 'd.id', 't.to_school_id')
			.select([
				't.student_id',
				'f.name as from_name',
				'd.name as to_name',
				't.status',
				't.created_at',
				't.requested_by_id',
				't.note',
				't.decided_at',
				't.decided_by_id',
				't.reason',
			])
			.where('t.student_id', 'in', ids)
			.orderBy('t.created_at')
			.execute(),
		db
			.selectFrom('profile as p')
			.innerJoin('questionnaire as q', 'q.id', 'p.questionnaire_id')
			.select(['p.id', 'p.student_id', 'p.questionnaire_id', 'q.title', 'p.kind', 'p.interval_weeks', 'p.start_date', 'p.end_date', 'p.status', 'p.created_at', 'p.created_by_id'])
			.where('p.student_id', 'in', ids)
			.where('p.school_id', '=', schoolId)
			.orderBy('p.start_date')
			.orderBy('p.id')
			.execute(),
		db
			.selectFrom('student_recommendation as sr')
			.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
			.innerJoin('theme as t', 't.id', 'r.theme_id')
			.leftJoin('school_membership as o', 'o.id', 'sr.owner_id')
			.select(['sr.id', 'sr.student_id', 'r.title', 't.name as theme', 'sr.status', 'sr.note', 'sr.created_at', 'sr.added_by_id', 'sr.removed_at', 'sr.removed_by_id', 'sr.review_on'])
			.select(['o.school_id', 'o.first_name', 'o.last_name'])
			.where('sr.student_id', 'in', ids)
			.orderBy('sr.created_at')
			.execute(),
	])
	const profileIds = profiles.map((profile) => profile.id)
	const planIds = plan.map((entry) => entry.id)
	// The plan's reviews beside the profiles' rounds, feedback and respondents: awaited together, so that one failing
	// fails the batch (and none is left unawaited).
	const [[rounds, feedback, respondents], reviews] = await Promise.all([
		profileIds.length
			? Promise.all([
					db.selectFrom('round').select(['id', 'profile_id', 'index', 'opens_on']).where('profile_id', 'in', profileIds).orderBy('index').execute(),
					db
						.selectFrom('feedback as f')
						.innerJoin('round as r', 'r.id', 'f.round_id')
						.leftJoin('school_membership as m', 'm.id', 'f.respondent_id')
						.select(['f.id', 'f.round_id', 'f.status', 'f.submitted_at', 'f.former_respondent_key', 'm.school_id', 'm.first_name', 'm.last_name'])
						.where('r.profile_id', 'in', profileIds)
						.orderBy('m.last_name')
						.orderBy('f.id')
						.execute(),
					db
						.selectFrom('profile_respondent as pr')
						.innerJoin('school_membership as m', 'm.id', 'pr.membership_id')
						.select(['pr.profile_id', 'm.school_id', 'm.first_name', 'm.last_name'])
						.where('pr.profile_id', 'in', profileIds)
						.orderBy('m.last_name')
						.execute(),
				])
			: Promise.resolve([[], [], []] as [never[], never[], never[]]),
		planIds.length
			? db
					.selectFrom('recommendation_review')
					.select(['id', 'entry_id', 'reviewed_by_id', 'reviewed_on', 'outcome', 'decision', 'note', 'measured_change', 'measured_rounds'])
					.where('entry_id', 'in', planIds)
					.where('school_id', '=', schoolId)
					.orderBy('reviewed_on')
					.orderBy('created_at')
					.execute()
			: Promise.resolve([]),
	])
	const reviewIds = reviews.map((review) => review.id)
	const feedbackIds = feedback.map((entry) => entry.id)
	const [answers, audits] = await Promise.all([
		feedbackIds.length
			? db
					.selectFrom('answer as a')
					.innerJoin('question as q', 'q.id', 'a.question_id')
					.innerJoin('domain as d', 'd.id', 'q.domain_id')
					.leftJoin('theme as t', 't.id', 'q.theme_id')
					.select(['a.feedback_id', 'a.question_id', 'a.value', 'a.updated_at', 'q.text', 'q.reverse', 'q.domain_id', 'q.theme_id', 'd.name as domain', 't.name as theme'])
					.where('a.feedback_id', 'in', feedbackIds)
					.orderBy('d.position')
					.orderBy('q.position')
					.execute()
			: [],
		db
			.selectFrom('audit_event')
			.select(['entity_type', 'entity_id', 'action', 'at', 'actor_id', 'impersonated_user_id', 'school_id'])
			.where((w) =>
				w.or([
					w.and([w('entity_type', '=', 'Student'), w('entity_id', 'in', ids)]),
					...(profileIds.length ? [w.and([w('entity_type', '=', 'Profile'), w('entity_id', 'in', profileIds)])] : []),
					...(feedbackIds.length ? [w.and([w('entity_type', '=', 'Feedback'), w('entity_id', 'in', feedbackIds)])] : []),
					...(planIds.length ? [w.and([w('entity_type', '=', 'StudentRecommendation'), w('entity_id', 'in', planIds)])] : []),
					...(reviewIds.length ? [w.and([w('entity_type', '=', 'RecommendationReview'), w('entity_id', 'in', reviewIds)])] : []),
				]),
			)
			.orderBy('at')
			.execute(),
	])
	const name = await namesOf(em, schoolId, [
		...transfers.flatMap((row) => [row.requested_by_id, row.decided_by_id]),
		...profiles.map((row) => row.created_by_id),
		...plan.flatMap((row) => [row.added_by_id, row.removed_by_id]),
		...reviews.map((row) => row.reviewed_by_id),
		...audits.flatMap((row) => [row.actor_id, row.impersonated_user_id]),
	])

	// Who an answer or a round is about: feedback → round → profile → student.
	const profileOf = new Map(profiles.map((row) => [row.id, row]))
	const roundOf = new Map(rounds.map((row) => [row.id, row]))
	const feedbackOf = new Map(feedback.map((row) => [row.id, row]))
	const studentOfFeedback = (feedbackId: string) => profileOf.get(roundOf.get(feedbackOf.get(feedbackId)!.round_id)!.profile_id)!.student_id
	// A plan entry, and a review of one: → plan entry → student.
	const entryOf = new Map(plan.map((row) => [row.id, row]))
	const entryOfReview = new Map(reviews.map((row) => [row.id, row.entry_id]))
	const studentOfEntity = (type: string, id: string | null): string | undefined => {
		if (id === null) return undefined
		if (type === 'Student') return id
		if (type === 'Profile') return profileOf.get(id)?.student_id
		if (type === 'Feedback') return feedbackOf.has(id) ? studentOfFeedback(id) : undefined
		if (type === 'StudentRecommendation') return entryOf.get(id)?.student_id
		if (type === 'RecommendationReview') return entryOf.get(entryOfReview.get(id) ?? '')?.student_id
		return undefined
	}

	const staffName = (row: { school_id: string | null; first_name: string | null; last_name: string | null }) =>
		row.school_id !== schoolId ? WITHHELD_STAFF : `${row.first_name} ${row.last_name}`
	const formerKeys = [...new Set(feedback.filter((row) => row.former_respondent_key).map((row) => row.former_respondent_key!))]
	const respondentOf = (row: (typeof feedback)[number]) =>
		row.former_respondent_key
			? formerKeys.length > 1
				? `${FORMER_STAFF_MEMBER} ${formerKeys.indexOf(row.former_respondent_key) + 1}`
				: FORMER_STAFF_MEMBER
			: staffName(row)

	const answersOf = group(answers, (row) => row.feedback_id)
	const feedbackOfRound = group(feedback, (row) => row.round_id)
	const roundsOfProfile = group(rounds, (row) => row.profile_id)
	const respondentsOf = group(respondents, (row) => row.profile_id)
	const domainNames = new Map(answers.map((row) => [row.domain_id, row.domain]))
	const themeNames = new Map(answers.filter((row) => row.theme_id).map((row) => [row.theme_id!, row.theme!]))

	const roundLine = (round: (typeof rounds)[number]): RoundLine => {
		const entries = feedbackOfRound.get(round.id) ?? []
		const scoring: RoundAnswer[] = entries.flatMap((entry) =>
			(answersOf.get(entry.id) ?? []).map((answer) => ({
				feedbackId: entry.id,
				complete: entry.status === 'complete',
				questionId: answer.question_id,
				domainId: answer.domain_id,
				themeId: answer.theme_id,
				reverse: answer.reverse,
				value: answer.value,
			})),
		)
		const scores = scoreRound(scoring)
		const lines = (byId: Record<string, { score: number; band: Band }>, names: Map<string, string>) =>
			Object.entries(byId).map(([id, score]) => ({ name: names.get(id) ?? id, score: score.score, band: score.band }))
		return {
			number: round.index + 1,
			opensOn: dateOnly(round.opens_on),
			feedbackCounted: scores.feedbackCount,
			domains: lines(scores.domains, domainNames),
			themes: lines(scores.themes, themeNames).toSorted((a, b) => a.name.localeCompare(b.name)),
			feedback: entries.map((entry) => ({
				respondent: respondentOf(entry),
				status: FEEDBACK_STATUS_LABELS[entry.status],
				submittedAt: isoOrNull(entry.submitted_at),
				answers: (answersOf.get(entry.id) ?? []).map((answer) => ({
					domain: answer.domain,
					question: answer.text,
					theme: answer.theme,
					answer: ANSWER_LABELS.get(answer.value) ?? String(answer.value),
					value: answer.value,
					answeredAt: iso(answer.updated_at),
				})),
			})),
		}
	}

	const profilesOf = group(profiles, (row) => row.student_id)
	const groupsOf = group(groups, (row) => row.student_id)
	const professionalsOf = group(professionals, (row) => row.student_id)
	const transfersOf = group(transfers, (row) => row.student_id)
	const planOf = group(plan, (row) => row.student_id)
	const reviewsOf = group(reviews, (row) => row.entry_id)
	const accessOf = group(
		audits.filter((row) => row.entity_id !== null),
		(row) => studentOfEntity(row.entity_type, row.entity_id) ?? '',
	)
	const byId = new Map(students.map((student) => [student.id, student]))
	return studentIds.flatMap((id) => {
		const student = byId.get(id)
		if (!student) return []
		return [
			{
				id: student.id,
				upn: student.upn,
				firstName: student.first_name,
				lastName: student.last_name,
				dateOfBirth: dateOnly(student.date_of_birth),
				gender: student.gender,
				yearGroup: student.year_group,
				senStatus: SEN_STATUS_LABELS[student.sen_status],
				archived: student.archived,
				archivedAt: isoOrNull(student.archived_at),
				retentionHold: student.hold_reason !== null ? { reason: student.hold_reason, until: student.hold_until ? dateOnly(student.hold_until) : null } : null,
				createdAt: iso(student.created_at),
				updatedAt: iso(student.updated_at),
				groups: (groupsOf.get(id) ?? []).map((row) => row.name),
				professionals: (professionalsOf.get(id) ?? []).map((row) => ({ name: `${row.first_name} ${row.last_name}`, jobTitle: row.job_title, key: row.is_key })),
				transfers: (transfersOf.get(id) ?? []).map((row) => ({
					from: row.from_name,
					to: row.to_name,
					status: TRANSFER_STATUS_LABELS[row.status],
					requestedAt: iso(row.created_at),
					requestedBy: name(row.requested_by_id),
					note: row.note,
					decidedAt: isoOrNull(row.decided_at),
					decidedBy: name(row.decided_by_id),
					reason: row.reason,
				})),
				profiles: (profilesOf.get(id) ?? []).map((profile) => ({
					questionnaire: profile.title,
					kind: profile.kind === 'recurring' ? 'Recurring' : 'One-time',
					intervalWeeks: profile.interval_weeks,
					startDate: dateOnly(profile.start_date),
					endDate: profile.end_date ? dateOnly(profile.end_date) : null,
					status: profile.status === 'active' ? 'Active' : 'Closed',
					createdAt: iso(profile.created_at),
					createdBy: name(profile.created_by_id),
					respondents: (respondentsOf.get(profile.id) ?? []).map(staffName),
					rounds: (roundsOfProfile.get(profile.id) ?? []).map(roundLine),
				})),
				plan: (planOf.get(id) ?? []).map((row) => ({
					title: row.title,
					theme: row.theme,
					status: row.removed_at ? 'Removed' : row.status === 'done' ? 'Done' : row.status === 'dismissed' ? 'Not added (dismissed)' : 'Active',
					note: row.note,
					addedAt: iso(row.created_at),
					addedBy: name(row.added_by_id),
					removedAt: isoOrNull(row.removed_at),
					removedBy: name(row.removed_by_id),
					nextReviewOn: row.review_on ? dateOnly(row.review_on) : null,
					owner: row.first_name !== null ? staffName(row) : null,
					reviews: (reviewsOf.get(row.id) ?? []).map((review) => ({
						reviewedOn: dateOnly(review.reviewed_on),
						reviewedBy: name(review.reviewed_by_id),
						outcome: OUTCOME_LABELS.get(review.outcome) ?? String(review.outcome),
						decision: REVIEW_DECISION_LABELS[review.decision],
						note: review.note,
						measuredChange: review.measured_change === null ? null : Number(review.measured_change),
						measuredRounds: review.measured_rounds,
					})),
				})),
				access: (accessOf.get(id) ?? []).map((row) => {
					const actor = row.school_id === schoolId || row.school_id === null ? name(row.actor_id) : WITHHELD_STAFF
					const actedAs = row.impersonated_user_id && row.school_id === schoolId ? name(row.impersonated_user_id) : null
					return { at: iso(row.at), action: actionLabel(row.action), by: actedAs ? `${actor ?? DELETED_ACCOUNT}, acting as ${actedAs}` : (actor ?? DELETED_ACCOUNT) }
				}),
			},
		]
	})
}

function group<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
	const groups = new Map<string, T[]>()
	for (const row of rows) {
		const k = key(row)
		const list = groups.get(k)
		if (list) list.push(row)
		else groups.set(k, [row])
	}
	return groups
}
