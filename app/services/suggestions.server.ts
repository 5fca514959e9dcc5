import { BAND_EDGES, BAND_TOLERANCE, scoreRound, suggestRecommendations, type Band } from '#app/lib/scoring.ts'
import { Profile } from '#app/models/index.ts'
import type { SignedIn } from './guards.server.ts'
import { listRecommendations, type RecommendationSeverity } from './recommendations.server.ts'
import { latestCompleteRound, listStudentProfiles } from './student-profiles.server.ts'
import { loadRoundAnswers } from './student-views.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'

/**
 * What a school's scores suggest (docs/architecture.md#domain-model): the recommendations of the catalogue whose
 * theme's band, in a profile's latest round with complete feedback, is at or above their severity, leaving out those
 * already decided for the student. They are the need managers' to decide (student-recommendations.server.ts).
 */

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
	const { em } = app
	const schoolId = actingSchool(app)
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
		[schoolId, BAND_EDGES.medium - BAND_TOLERANCE, BAND_EDGES.high - BAND_TOLERANCE, pageSize, (current - 1) * pageSize],
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
export async function getSchoolProfile(app: SignedIn, id: string): Promise<Profile> {
	const profileId = recordId(id)
	const schoolId = actingSchool(app)
	const profile = await app.em.findOne(Profile, { id: profileId, school: schoolId }, { populate: ['student', 'questionnaire'] })
	if (!profile || profile.student.school.id !== schoolId) throw notFound()
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
