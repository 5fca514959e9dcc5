import { sql } from 'kysely'
import type { MeasuredChange } from '#app/lib/measured-change.ts'
import {
	compareScores,
	scoreRound,
	severityCounts,
	type Band,
	type RoundAnswer,
	type RoundScores,
	type Score,
	type SeverityCounts,
} from '#app/lib/scoring.ts'
import type { SenStatus, StudentRecommendationStatus } from '#app/models/enums.ts'
import { auditRead } from './audit.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { requireVisibleStudent } from './need-to-know.server.ts'
import { studentGroupNames } from './students.server.ts'
import { latestCompleteRound, listStudentProfiles, type ProfileSummary, type RoundSummary } from './student-profiles.server.ts'
import { planEntriesFrom, planEntry } from './plan-entries.server.ts'
import { loadMeasuredChanges } from './measured-change.server.ts'
import { loadReviews, type ReviewRow } from './plan-review-history.server.ts'
import { actingSchool } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * The shared student views (profile, analysis, comparison): who may see a
 * student, and the reads behind each view. Every read costs a fixed number of
 * queries, however many rounds and answers the student has: rounds come in one
 * query, a round's answers in one, and the scoring happens in app/lib/scoring.ts.
 */

export type StudentView = 'profile' | 'analysis' | 'comparison'

export type StudentSummary = {
	id: string
	name: string
	upn: string
	dateOfBirth: string
	gender: string
	yearGroup: string
	senStatus: SenStatus
	archived: boolean
}

/**
 * The student, if the acting user may see them: school admins and need
 * managers see every student of their school, a professional only the
 * students they need to know about; anyone else, and any other school's
 * student, gets 404 (need-to-know.server.ts). The read is audited (`student.<view>.view`), so it shows
 * in the platform admin's access report.
 */
export async function openStudent(app: SignedIn, id: string, view: StudentView): Promise<StudentSummary> {
	const { em } = app
	const student = await requireVisibleStudent(app, id)
	auditRead(app, `student.${view}.view`, { type: 'Student', id: student.id, schoolId: student.school.id })
	await em.flush()
	return {
		id: student.id,
		name: `${student.firstName} ${student.lastName}`,
		upn: student.upn,
		dateOfBirth: String(student.dateOfBirth).slice(0, 10),
		gender: student.gender,
		yearGroup: student.yearGroup,
		senStatus: student.senStatus,
		archived: student.archived,
	}
}

export type DomainInfo = { id: string; name: string }

/** The domains of some questionnaires, in their order: one query. */
export async function listDomains(em: Em, questionnaireIds: string[]): Promise<Map<string, DomainInfo[]>> {
	const byQuestionnaire = new Map<string, DomainInfo[]>()
	if (!questionnaireIds.length) return byQuestionnaire
	const rows = await typedSql(em)
		.selectFrom('domain')
		.select(['id', 'name', 'questionnaire_id'])
		.where('questionnaire_id', 'in', [...new Set(questionnaireIds)])
		.orderBy('questionnaire_id')
		.orderBy('position')
		.orderBy('id')
		.execute()
	for (const row of rows) {
		const domains = byQuestionnaire.get(row.questionnaire_id) ?? []
		domains.push({ id: row.id, name: row.name })
		byQuestionnaire.set(row.questionnaire_id, domains)
	}
	return byQuestionnaire
}

export type ScoringAnswer = RoundAnswer & { roundId: string; membershipId: string }

/**
 * Every answer of some rounds with what scoring needs (its question's domain,
 * theme and reverse flag, its feedback's status): one query. Callers pass
 * rounds they have already read through the student's school.
 */
export async function loadRoundAnswers(em: Em, roundIds: string[]): Promise<ScoringAnswer[]> {
	if (!roundIds.length) return []
	const rows = await typedSql(em)
		.selectFrom('feedback as f')
		.innerJoin('answer as a', 'a.feedback_id', 'f.id')
		.innerJoin('question as q', 'q.id', 'a.question_id')
		.select((eb) => [
			'f.round_id',
			'f.id as feedback_id',
			eb.fn.coalesce('f.respondent_id', 'f.former_respondent_key').as('respondent_id'),
			'f.status',
			'a.question_id',
			'q.domain_id',
			'q.theme_id',
			'q.reverse',
			'a.value',
		])
		.where('f.round_id', 'in', [...new Set(roundIds)])
		// A feedback has a respondent or, once they left, the key that stands for them (a check constraint).
		.$narrowType<{ respondent_id: string }>()
		.execute()
	return rows.map((row) => ({
		roundId: row.round_id,
		membershipId: row.respondent_id,
		feedbackId: row.feedback_id,
		complete: row.status === 'complete',
		questionId: row.question_id,
		domainId: row.domain_id,
		themeId: row.theme_id,
		reverse: row.reverse,
		value: row.value,
	}))
}

export type StudentRecommendationRow = {
	id: string
	recommendationId: string
	title: string
	description: string
	themeName: string
	status: Exclude<StudentRecommendationStatus, 'dismissed'>
	note: string | null
	addedOn: string
	addedBy: string | null
	/** The next review (ADR 072): none once done. */
	reviewOn: string | null
	owner: string | null
	/** Newest first. */
	reviews: ReviewRow[]
	change: MeasuredChange | null
}

/**
 * The recommendations on the student’s plan (not the dismissed ones, nor those removed: ADR 028), each with its next
 * review, owner, reviews and measured change (ADR 072): five queries. Who added or owns one is named as this school
 * names them; someone not on its staff (the student came from another school) is not named (ADR 016).
 */
export async function listStudentRecommendations({ em, auth }: SignedIn, studentId: string): Promise<StudentRecommendationRow[]> {
	const schoolId = actingSchool({ auth })
	const entries = planEntriesFrom(typedSql(em), schoolId)
		.leftJoin('school_membership as o', (join) => join.onRef('o.id', '=', 'sr.owner_id').onRef('o.school_id', '=', 's.school_id'))
		.select(sql<string | null>`to_char(sr.review_on, 'YYYY-MM-DD')`.as('review_on'))
		.select(['o.first_name as owner_first', 'o.last_name as owner_last'])
		.select([
			'sr.id',
			'sr.recommendation_id',
			'r.title',
			'r.description',
			't.name as theme_name',
			'sr.status',
			'sr.note',
			'sr.created_at',
			'm.first_name',
			'm.last_name',
		])
		.where('sr.student_id', '=', studentId)
		.where('sr.status', 'in', ['active', 'done'])
		.$narrowType<{ status: 'active' | 'done' }>()
		.where('sr.removed_at', 'is', null)
		.orderBy('sr.status')
		.orderBy('sr.created_at', 'desc')
		.orderBy('sr.id')
		.execute()
	const [rows, reviews, changes] = await Promise.all([entries, loadReviews(em, schoolId, { studentId }), loadMeasuredChanges(em, schoolId, { studentIds: [studentId] })])
	return rows.map((row) => {
		const { by, ...entry } = planEntry(row)
		return {
			...entry,
			description: row.description,
			status: row.status,
			note: row.note,
			addedOn: new Date(row.created_at).toISOString(),
			addedBy: by,
			reviewOn: row.review_on,
			owner: row.owner_first ? `${row.owner_first} ${row.owner_last}` : null,
			reviews: reviews.filter((review) => review.entryId === row.id),
			change: changes.get(row.id)?.change ?? null,
		}
	})
}

export type Professionals = { key: string | null; connected: string[] }
export type StudentDetailsView = { professionals: Professionals; groups: string[] }

/** Key and connected professionals (names) and groups: two queries. */
export async function loadStudentLinks({ em, auth }: SignedIn, studentId: string): Promise<StudentDetailsView> {
	const [links, groups] = await Promise.all([
		typedSql(em)
			.selectFrom('student_professional as sp')
			.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'sp.membership_id').on('m.school_id', '=', actingSchool({ auth })))
			.select(['sp.is_key', 'm.first_name', 'm.last_name', 'm.job_title'])
			.where('sp.student_id', '=', studentId)
			.orderBy((eb) => eb.fn('lower', ['m.last_name']))
			.orderBy((eb) => eb.fn('lower', ['m.first_name']))
			.execute(),
		studentGroupNames(em, actingSchool({ auth }), studentId),
	])
	const label = (link: { first_name: string; last_name: string; job_title: string | null }) =>
		`${link.first_name} ${link.last_name}${link.job_title ? ` (${link.job_title})` : ''}`
	const key = links.find((link) => link.is_key)
	return {
		professionals: { key: key ? label(key) : null, connected: links.filter((link) => !link.is_key).map(label) },
		groups,
	}
}

/** Scores of each listed round (only its complete feedback counts). */
export function scoresByRound(answers: ScoringAnswer[]): Map<string, RoundScores> {
	const byRound = new Map<string, ScoringAnswer[]>()
	for (const answer of answers) {
		const list = byRound.get(answer.roundId) ?? []
		list.push(answer)
		byRound.set(answer.roundId, list)
	}
	return new Map([...byRound].map(([roundId, roundAnswers]) => [roundId, scoreRound(roundAnswers)]))
}

export type Option = { value: string; label: string }
export type ScoredDomain = DomainInfo & { score: number; band: Band }

function chooseProfile(profiles: ProfileSummary[], wanted: string | null): ProfileSummary | null {
	return profiles.find((profile) => profile.id === wanted) ?? profiles[0] ?? null
}

function chooseRound(profile: ProfileSummary, wanted: string | null): RoundSummary | null {
	return profile.rounds.find((round) => round.id === wanted) ?? latestCompleteRound(profile) ?? profile.rounds.at(-1) ?? null
}

export type AnalysisView = {
	profiles: ProfileSummary[]
	profileId: string | null
	roundId: string | null
	round: RoundSummary | null
	feedbackCount: number
	severity: SeverityCounts
	domains: ScoredDomain[]
}

/**
 * One round of one profile: counts of questions by severity (each question's
 * mean need over the round's complete feedback) and each domain's score.
 * Three queries whatever the number of rounds, respondents and answers.
 */
export async function loadAnalysis(app: SignedIn, studentId: string, params: URLSearchParams): Promise<AnalysisView> {
	const profiles = await listStudentProfiles(app, studentId)
	const profile = chooseProfile(profiles, params.get('profile'))
	const round = profile ? chooseRound(profile, params.get('round')) : null
	const [domainsOf, answers] = await Promise.all([
		listDomains(app.em, profile ? [profile.questionnaireId] : []),
		loadRoundAnswers(app.em, round ? [round.id] : []),
	])
	const scores = scoreRound(answers)
	return {
		profiles,
		profileId: profile?.id ?? null,
		roundId: round?.id ?? null,
		round,
		feedbackCount: scores.feedbackCount,
		severity: severityCounts(scores),
		domains: scoredDomains(domainsOf.get(profile?.questionnaireId ?? '') ?? [], scores.domains),
	}
}

function scoredDomains(domains: DomainInfo[], scores: Record<string, Score>): ScoredDomain[] {
	return domains.flatMap((domain) => {
		const score = scores[domain.id]
		return score ? [{ ...domain, score: score.score, band: score.band }] : []
	})
}

export type ComparisonMode = 'rounds' | 'respondents'
export type DifferenceRow = {
	domain: string
	before: Score | null
	after: Score | null
	change: number | null
	bandChanged: boolean
}
export type ComparisonView = {
	profiles: ProfileSummary[]
	profileId: string | null
	mode: ComparisonMode
	/** Rounds mode: the earlier and later round. */
	fromRoundId: string | null
	toRoundId: string | null
	/**
	 * The respondents' round and the two respondents, in either mode: the
	 * respondents form shows them even while two rounds are compared.
	 */
	roundId: string | null
	respondents: Option[]
	firstRespondentId: string | null
	/** Never the first respondent; null when the profile has only one respondent. */
	secondRespondentId: string | null
	/** Names of the two sides: [the side drawn in the bar colour, the comparison side]. */
	seriesNames: [string, string]
	differences: DifferenceRow[]
}

/**
 * The round whose respondents are compared by default: the latest with two
 * or more complete feedbacks, else the latest with one, else the latest.
 */
function respondentsRound(profile: ProfileSummary, wanted: string | null): RoundSummary | null {
	return (
		profile.rounds.find((round) => round.id === wanted) ??
		profile.rounds.findLast((round) => round.completeCount >= 2) ??
		latestCompleteRound(profile) ??
		profile.rounds.at(-1) ??
		null
	)
}

/**
 * The two respondents to compare: those asked for, when they answer this
 * profile, else the two with the most recent answers in the round (complete
 * feedback, latest submitted first; then the round's other respondents, then
 * the profile's). Always two different people: a second respondent equal to
 * the first is replaced by the next one, and with only one respondent on the
 * profile the second is null.
 */
export function chooseRespondents(
	round: Pick<RoundSummary, 'feedback'> | null,
	respondents: readonly string[],
	wanted: { first: string | null; second: string | null },
): { first: string | null; second: string | null } {
	const known = new Set(respondents)
	const feedback = round?.feedback ?? []
	const complete = feedback
		.filter((entry) => entry.status === 'complete')
		.toSorted((a, b) => (b.submittedAt ?? '').localeCompare(a.submittedAt ?? ''))
	const ranked = [...new Set([...complete, ...feedback].map((entry) => entry.membershipId).concat(respondents))].filter((id) => known.has(id))
	const first = wanted.first && known.has(wanted.first) ? wanted.first : (ranked[0] ?? null)
	const second =
		wanted.second && known.has(wanted.second) && wanted.second !== first ? wanted.second : (ranked.find((id) => id !== first) ?? null)
	return { first, second }
}

/**
 * Two rounds of a profile (progress over time; the later is drawn against the
 * earlier), or two respondents of one round (each respondent's complete
 * feedback alone), domain by domain. Three queries.
 */
export async function loadComparison(app: SignedIn, studentId: string, params: URLSearchParams): Promise<ComparisonView> {
	const profiles = await listStudentProfiles(app, studentId)
	const profile = chooseProfile(profiles, params.get('profile'))
	const mode: ComparisonMode = params.get('mode') === 'respondents' ? 'respondents' : 'rounds'
	const empty: ComparisonView = {
		profiles,
		profileId: profile?.id ?? null,
		mode,
		fromRoundId: null,
		toRoundId: null,
		roundId: null,
		respondents: [],
		firstRespondentId: null,
		secondRespondentId: null,
		seriesNames: ['', ''],
		differences: [],
	}
	if (!profile || !profile.rounds.length) return empty

	const respondentNames = new Map<string, string>()
	for (const round of profile.rounds) for (const feedback of round.feedback) respondentNames.set(feedback.membershipId, feedback.name)
	const respondents = [...respondentNames].map(([value, label]) => ({ value, label }))
	const respondentsOf = respondentsRound(profile, params.get('round'))
	const { first, second } = chooseRespondents(
		respondentsOf,
		respondents.map((respondent) => respondent.value),
		{ first: params.get('first'), second: params.get('second') },
	)

	const completed = profile.rounds.filter((round) => round.completeCount > 0)
	const byId = (id: string | null) => profile.rounds.find((round) => round.id === id) ?? null
	let before: Record<string, Score> = {}
	let after: Record<string, Score> = {}
	const view: ComparisonView = {
		...empty,
		respondents,
		roundId: respondentsOf?.id ?? null,
		firstRespondentId: first,
		secondRespondentId: second,
	}
	const load = (roundIds: string[]) => Promise.all([listDomains(app.em, [profile.questionnaireId]), loadRoundAnswers(app.em, roundIds)])
	let domains: DomainInfo[]

	if (mode === 'rounds') {
		const to = byId(params.get('to')) ?? completed.at(-1) ?? profile.rounds.at(-1)!
		const from = byId(params.get('from')) ?? completed.filter((round) => round.index < to.index).at(-1) ?? profile.rounds[0]!
		const [domainsOf, answers] = await load([from.id, to.id])
		domains = domainsOf.get(profile.questionnaireId) ?? []
		const scores = scoresByRound(answers)
		before = scores.get(from.id)?.domains ?? {}
		after = scores.get(to.id)?.domains ?? {}
		view.fromRoundId = from.id
		view.toRoundId = to.id
		view.seriesNames = [`Round ${to.index + 1}`, `Round ${from.index + 1}`]
	} else {
		// With one respondent on the profile there is no one to compare them with: the screen says so.
		if (!first || !second) return view
		const [domainsOf, answers] = await load([respondentsOf!.id])
		domains = domainsOf.get(profile.questionnaireId) ?? []
		after = scoreRound(answers.filter((answer) => answer.membershipId === first)).domains
		before = scoreRound(answers.filter((answer) => answer.membershipId === second)).domains
		view.seriesNames = [respondentNames.get(first)!, respondentNames.get(second)!]
	}
	const names = new Map(domains.map((domain) => [domain.id, domain.name]))
	view.differences = compareScores(
		domains.map((domain) => domain.id),
		before,
		after,
	).map((difference) => ({
		domain: names.get(difference.id)!,
		before: difference.before,
		after: difference.after,
		change: difference.change,
		bandChanged: difference.bandChanged,
	}))
	return view
}

export type LatestBands = { profileId: string; questionnaireTitle: string; round: RoundSummary; domains: ScoredDomain[] }
export type ProfileView = StudentDetailsView & {
	profiles: ProfileSummary[]
	latest: LatestBands[]
	recommendations: StudentRecommendationRow[]
}

/**
 * Everything the profile view shows. Ten queries whatever the number of
 * profiles and rounds: the latest complete round of every profile is scored
 * from one query of answers.
 */
export async function loadProfileView(app: SignedIn, studentId: string): Promise<ProfileView> {
	const [profiles, links, recommendations] = await Promise.all([
		listStudentProfiles(app, studentId),
		loadStudentLinks(app, studentId),
		listStudentRecommendations(app, studentId),
	])
	const latestRounds = profiles.flatMap((profile) => {
		const round = latestCompleteRound(profile)
		return round ? [{ profile, round }] : []
	})
	const [domainsOf, answers] = await Promise.all([
		listDomains(
			app.em,
			latestRounds.map(({ profile }) => profile.questionnaireId),
		),
		loadRoundAnswers(
			app.em,
			latestRounds.map(({ round }) => round.id),
		),
	])
	const scores = scoresByRound(answers)
	return {
		...links,
		profiles,
		recommendations,
		latest: latestRounds.map(({ profile, round }) => ({
			profileId: profile.id,
			questionnaireTitle: profile.questionnaireTitle,
			round,
			domains: scoredDomains(domainsOf.get(profile.questionnaireId) ?? [], scores.get(round.id)?.domains ?? {}),
		})),
	}
}

/** What a printed student view says about itself (ADR 034): the school, who printed it, and when (the server's today in UK time; the page updates it as it prints). */
export type PrintDetails = { school: string; printedBy: string; printedOn: string }

export function printDetails({ auth }: SignedIn): PrintDetails {
	const school = auth.memberships.find((membership) => membership.id === auth.membershipId)?.schoolName ?? ''
	return { school, printedBy: `${auth.firstName} ${auth.lastName}`, printedOn: new Date().toISOString() }
}
