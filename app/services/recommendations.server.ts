import type { AppContext } from '#app/context.ts'
import { BAND_EDGES, BAND_TOLERANCE, scoreRound, suggestRecommendations, type Band } from '#app/lib/scoring.ts'
import { Profile, RECOMMENDATION_SEVERITIES, Recommendation, StudentRecommendation, type StudentRecommendationStatus } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { latestCompleteRound, listStudentProfiles, loadRoundAnswers } from './student-views.server.ts'
import { requireThemeChoice } from './themes.server.ts'
import { isUuid } from './ids.server.ts'
import { anId, oneOf } from './list-params.server.ts'

export type RecommendationSeverity = (typeof RECOMMENDATION_SEVERITIES)[number]
export type RecommendationFilter = { themeId: string | null; severity: RecommendationSeverity | null }
export type RecommendationRow = {
	id: string
	title: string
	description: string
	themeId: string
	themeName: string
	severity: RecommendationSeverity
}
export type RecommendationInput = { title: string; description: string; themeId: string; severity: RecommendationSeverity }

/** The filter in a URL's query (`?theme=<id>&severity=medium|high`, `all` for either), read by readList (ADR 023). */
export const RECOMMENDATION_FILTERS = {
	themeId: anId('theme', 'Choose a theme from the list.', ['all']),
	severity: oneOf('severity', RECOMMENDATION_SEVERITIES, 'Choose a severity from the list.', ['all']),
}

/** Recommendations matching the filter, filtered in the database: one query. */
export async function listRecommendations({ em }: AppContext, filter: RecommendationFilter): Promise<RecommendationRow[]> {
	const where: string[] = []
	const params: unknown[] = []
	if (filter.themeId) {
		where.push('r.theme_id = ?')
		params.push(filter.themeId)
	}
	if (filter.severity) {
		where.push('r.severity = ?')
		params.push(filter.severity)
	}
	const rows = await em.execute<
		{ id: string; title: string; description: string; theme_id: string; theme_name: string; severity: RecommendationSeverity }[]
	>(
		`select r.id, r.title, r.description, r.theme_id, t.name as theme_name, r.severity
		from recommendation r join theme t on t.id = r.theme_id
		${where.length ? `where ${where.join(' and ')}` : ''}
		order by lower(t.name), case r.severity when 'medium' then 0 else 1 end, lower(r.title), r.id`,
		params,
	)
	return rows.map((row) => ({
		id: row.id,
		title: row.title,
		description: row.description,
		themeId: row.theme_id,
		themeName: row.theme_name,
		severity: row.severity,
	}))
}

export async function getRecommendation({ em }: AppContext, id: string): Promise<Recommendation> {
	const recommendation = await em.findOne(Recommendation, { id })
	if (!recommendation) throw new Response('Not found', { status: 404 })
	return recommendation
}

export async function createRecommendation(app: SignedIn, input: RecommendationInput): Promise<Recommendation> {
	const { em, auth } = app
	const theme = await requireThemeChoice(app, input.themeId)
	return mapConstraintErrors(async () => {
		const recommendation = em.create(Recommendation, {
			title: input.title,
			description: input.description,
			theme,
			severity: input.severity,
		})
		audit(em, auth, 'recommendation.create', { type: 'Recommendation', id: recommendation.id, schoolId: null })
		await em.flush()
		return recommendation
	})
}

export async function updateRecommendation(app: SignedIn, id: string, input: RecommendationInput): Promise<Recommendation> {
	const { em, auth } = app
	const recommendation = await getRecommendation(app, id)
	const theme = await requireThemeChoice(app, input.themeId)
	return mapConstraintErrors(async () => {
		recommendation.title = input.title
		recommendation.description = input.description
		recommendation.theme = theme
		recommendation.severity = input.severity
		audit(em, auth, 'recommendation.update', { type: 'Recommendation', id: recommendation.id, schoolId: null })
		await em.flush()
		return recommendation
	})
}

// ---------------------------------------------------------------------------
// A school's need managers: suggested recommendations (docs/architecture.md#domain-model) added to
// students, dismissed, marked done. The catalogue above is the platform's.

const notFound = () => new Response('Not found', { status: 404 })

export const SUGGESTIONS_PAGE_SIZE = 25

export type ProfileWithSuggestions = {
	profileId: string
	studentId: string
	studentName: string
	upn: string
	yearGroup: string
	questionnaireTitle: string
	roundIndex: number
	roundOpensOn: string
	suggestions: number
}

/**
 * Profiles of the school whose latest round with complete feedback suggests
 * recommendations not yet added to (or dismissed for) the student, a page at a
 * time (`page` from 1). Scored in the database in one query for the whole
 * school, so a page is filled with exactly the profiles that have suggestions:
 * the SQL is the scoring of app/lib/scoring.ts (need per answer, mean per
 * feedback and theme, mean over feedbacks, the same band edges), and the
 * integration tests check the two agree.
 */
export async function profilesWithSuggestions(
	app: SignedIn,
	page: number,
	pageSize = SUGGESTIONS_PAGE_SIZE,
): Promise<{ rows: ProfileWithSuggestions[]; total: number; page: number; pageSize: number }> {
	const { em, auth } = app
	if (!auth.schoolId) throw notFound()
	const current = Math.max(1, Math.floor(page) || 1)
	const rows = await em.execute<
		{
			profile_id: string
			student_id: string
			first_name: string
			last_name: string
			upn: string
			year_group: string
			title: string
			round_index: number
			opens_on: string
			suggestions: number
			total: number
		}[]
	>(
		`with latest as (
			select distinct on (r.profile_id) r.profile_id, r.id as round_id, r.index, r.opens_on
			from round r
			join profile p on p.id = r.profile_id and p.school_id = ?
			join student s on s.id = p.student_id and s.school_id = p.school_id and s.archived = false
			where exists (select 1 from feedback f where f.round_id = r.id and f.status = 'complete')
			order by r.profile_id, r.index desc
		),
		feedback_theme as (
			select l.profile_id, f.id as feedback_id, q.theme_id, avg(case when q.reverse then a.value else 4 - a.value end) as need
			from latest l
			join feedback f on f.round_id = l.round_id and f.status = 'complete'
			join answer a on a.feedback_id = f.id
			join question q on q.id = a.question_id
			where q.theme_id is not null
			group by l.profile_id, f.id, q.theme_id
		),
		theme_score as (
			select profile_id, theme_id, avg(need) as score from feedback_theme group by profile_id, theme_id
		),
		suggestion as (
			select t.profile_id, count(*)::int as suggestions
			from theme_score t
			join profile p on p.id = t.profile_id
			join recommendation r on r.theme_id = t.theme_id
			where ((r.severity = 'medium' and t.score >= ?) or (r.severity = 'high' and t.score >= ?))
				and not exists (select 1 from student_recommendation sr where sr.student_id = p.student_id and sr.recommendation_id = r.id and sr.removed_at is null)
			group by t.profile_id
		)
		select sg.profile_id, p.student_id, s.first_name, s.last_name, s.upn, s.year_group, q.title,
			l.index as round_index, to_char(l.opens_on, 'YYYY-MM-DD') as opens_on, sg.suggestions, count(*) over ()::int as total
		from suggestion sg
		join profile p on p.id = sg.profile_id
		join student s on s.id = p.student_id
		join questionnaire q on q.id = p.questionnaire_id
		join latest l on l.profile_id = sg.profile_id
		order by lower(s.last_name), lower(s.first_name), s.id, p.created_at, p.id
		limit ? offset ?`,
		[auth.schoolId, BAND_EDGES.medium - BAND_TOLERANCE, BAND_EDGES.high - BAND_TOLERANCE, pageSize, (current - 1) * pageSize],
	)
	let total = rows[0]?.total ?? 0
	if (!rows.length && current > 1) {
		// Past the last page: the window count is not there to read, so count on its own.
		total = (await profilesWithSuggestions(app, 1, pageSize)).total
	}
	return {
		page: current,
		pageSize,
		total,
		rows: rows.map((row) => ({
			profileId: row.profile_id,
			studentId: row.student_id,
			studentName: `${row.first_name} ${row.last_name}`,
			upn: row.upn,
			yearGroup: row.year_group,
			questionnaireTitle: row.title,
			roundIndex: row.round_index,
			roundOpensOn: row.opens_on,
			suggestions: row.suggestions,
		})),
	}
}

export type Suggestion = { id: string; title: string; description: string; severity: RecommendationSeverity }
export type ThemeSuggestions = { themeId: string; themeName: string; score: number; band: Band; recommendations: Suggestion[] }
export type ProfileSuggestions = {
	profileId: string
	student: { id: string; name: string; upn: string; yearGroup: string }
	questionnaireTitle: string
	round: { index: number; opensOn: string } | null
	themes: ThemeSuggestions[]
}

/** A profile of the acting user's school (anything else, 404). */
async function getSchoolProfile({ em, auth }: SignedIn, id: string): Promise<Profile> {
	if (!isUuid(id) || !auth.schoolId) throw notFound()
	const profile = await em.findOne(Profile, { id, school: auth.schoolId }, { populate: ['student', 'questionnaire'] })
	if (!profile || profile.student.school.id !== auth.schoolId) throw notFound()
	return profile
}

/**
 * The suggestions of a profile's latest round with complete feedback, grouped
 * by theme with the theme's score and band. Five queries.
 */
export async function profileSuggestions(
	app: SignedIn,
	profileId: string,
	{ includeDecided = false }: { includeDecided?: boolean } = {},
): Promise<ProfileSuggestions> {
	const { em } = app
	const profile = await getSchoolProfile(app, profileId)
	const student = profile.student
	const [profiles, catalogue, handled] = await Promise.all([
		listStudentProfiles(app, student.id),
		listRecommendations(app, { themeId: null, severity: null }),
		em.execute<{ recommendation_id: string }[]>('select recommendation_id from student_recommendation where student_id = ? and removed_at is null', [
			student.id,
		]),
	])
	const summary = profiles.find((candidate) => candidate.id === profile.id)
	const round = summary ? latestCompleteRound(summary) : null
	const scores = scoreRound(await loadRoundAnswers(em, round ? [round.id] : []))
	const suggested = suggestRecommendations(
		catalogue,
		scores.themes,
		includeDecided ? [] : handled.map((row) => row.recommendation_id),
	)
	const themes = new Map<string, ThemeSuggestions>()
	for (const recommendation of suggested) {
		const score = scores.themes[recommendation.themeId]!
		let theme = themes.get(recommendation.themeId)
		if (!theme) {
			theme = { themeId: recommendation.themeId, themeName: recommendation.themeName, score: score.score, band: score.band, recommendations: [] }
			themes.set(recommendation.themeId, theme)
		}
		theme.recommendations.push({
			id: recommendation.id,
			title: recommendation.title,
			description: recommendation.description,
			severity: recommendation.severity,
		})
	}
	return {
		profileId: profile.id,
		student: { id: student.id, name: `${student.firstName} ${student.lastName}`, upn: student.upn, yearGroup: student.yearGroup },
		questionnaireTitle: profile.questionnaire.title,
		round: round ? { index: round.index, opensOn: round.opensOn } : null,
		// Highest need first.
		themes: [...themes.values()].sort((a, b) => b.score - a.score || a.themeName.localeCompare(b.themeName)),
	}
}

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
	if (!isUuid(id)) throw notFound()
	const row = await em.findOne(StudentRecommendation, { id, student: { id: studentId, school: auth.schoolId }, status: 'active', removedAt: null })
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
	if (!isUuid(id) || !isUuid(studentId) || !auth.schoolId) throw notFound()
	return em.transactional(async (tx) => {
		const [row] = await tx.execute<{ recommendation_id: string; removed_at: Date | string | null }[]>(
			`select sr.recommendation_id, sr.removed_at from student_recommendation sr join student s on s.id = sr.student_id
			where sr.id = ? and sr.student_id = ? and s.school_id = ? and sr.status = any(?::text[])
			for update of sr`,
			[id, studentId, auth.schoolId, `{${statuses.join(',')}}`],
		)
		if (!row) throw notFound()
		if (row.removed_at) throw new AlreadyWithdrawn()
		await tx.execute('update student_recommendation set removed_at = now(), removed_by_id = ?, updated_at = now() where id = ?', [auth.userId, id])
		audit(tx as never, auth, action, { type: 'StudentRecommendation', id, schoolId: auth.schoolId })
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
