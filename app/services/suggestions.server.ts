import { BAND_EDGES, BAND_TOLERANCE, scoreRound, suggestRecommendations, type Band } from '#app/lib/scoring.ts'
import { Profile } from '#app/models/index.ts'
import type { SignedIn } from './guards.server.ts'
import { listRecommendations, type RecommendationSeverity } from './recommendations.server.ts'
import { latestCompleteRound, listStudentProfiles } from './student-profiles.server.ts'
import { loadRoundAnswers } from './student-views.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

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
	const rows = await typedSql(em)
		// Each profile's latest round with complete feedback, of the school's students not archived.
		.with('latest', (db) =>
			db
				.selectFrom('round as r')
				.innerJoin('profile as p', (join) => join.onRef('p.id', '=', 'r.profile_id').on('p.school_id', '=', schoolId))
				.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'p.student_id').onRef('s.school_id', '=', 'p.school_id').on('s.archived', '=', false))
				.where((eb) =>
					eb.exists(eb.selectFrom('feedback as f').select(eb.lit(1).as('one')).whereRef('f.round_id', '=', 'r.id').where('f.status', '=', 'complete')),
				)
				.distinctOn('r.profile_id')
				.select(['r.profile_id', 'r.id as round_id', 'r.index', 'r.opens_on'])
				.orderBy('r.profile_id')
				.orderBy('r.index', 'desc'),
		)
		// Each complete feedback's need per theme (answers scored as scoring.ts scores them: 0 none … 4 most).
		.with('feedback_theme', (db) =>
			db
				.selectFrom('latest as l')
				.innerJoin('feedback as f', (join) => join.onRef('f.round_id', '=', 'l.round_id').on('f.status', '=', 'complete'))
				.innerJoin('answer as a', 'a.feedback_id', 'f.id')
				.innerJoin('question as q', 'q.id', 'a.question_id')
				.where('q.theme_id', 'is not', null)
				.select((eb) => [
					'l.profile_id',
					'f.id as feedback_id',
					'q.theme_id',
					eb.fn
						.avg<number>(
							eb
								.case()
								.when('q.reverse', '=', true)
								.then(eb.ref('a.value'))
								.else(eb(eb.lit<number>(4), '-', eb.ref('a.value')))
								.end(),
						)
						.as('need'),
				])
				.groupBy(['l.profile_id', 'f.id', 'q.theme_id']),
		)
		.with('theme_score', (db) =>
			db
				.selectFrom('feedback_theme')
				.select((eb) => ['profile_id', 'theme_id', eb.fn.avg<number>('need').as('score')])
				.groupBy(['profile_id', 'theme_id']),
		)
		.with('suggestion', (db) =>
			db
				.selectFrom('theme_score as t')
				.innerJoin('profile as p', 'p.id', 't.profile_id')
				.innerJoin('recommendation as r', 'r.theme_id', 't.theme_id')
				.where((eb) =>
					eb.or([
						eb.and([eb('r.severity', '=', 'medium'), eb('t.score', '>=', BAND_EDGES.medium - BAND_TOLERANCE)]),
						eb.and([eb('r.severity', '=', 'high'), eb('t.score', '>=', BAND_EDGES.high - BAND_TOLERANCE)]),
					]),
				)
				.where((eb) =>
					eb.not(
						eb.exists(
							eb
								.selectFrom('student_recommendation as sr')
								.select(eb.lit(1).as('one'))
								.whereRef('sr.student_id', '=', 'p.student_id')
								.whereRef('sr.recommendation_id', '=', 'r.id')
								.where('sr.removed_at', 'is', null),
						),
					),
				)
				.select((eb) => ['t.profile_id', eb.cast<number>(eb.fn.countAll(), 'integer').as('suggestions')])
				.groupBy('t.profile_id'),
		)
		.selectFrom('suggestion as sg')
		.innerJoin('profile as p', 'p.id', 'sg.profile_id')
		.innerJoin('student as s', 's.id', 'p.student_id')
		.innerJoin('questionnaire as q', 'q.id', 'p.questionnaire_id')
		.innerJoin('latest as l', 'l.profile_id', 'sg.profile_id')
		.select((eb) => [
			'sg.profile_id',
			'p.student_id',
			's.first_name',
			's.last_name',
			's.upn',
			's.year_group',
			'q.title',
			'l.index as round_index',
			eb.fn<string>('to_char', ['l.opens_on', eb.val('YYYY-MM-DD')]).as('opens_on'),
			'sg.suggestions',
			eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'),
		])
		.orderBy((eb) => eb.fn('lower', ['s.last_name']))
		.orderBy((eb) => eb.fn('lower', ['s.first_name']))
		.orderBy('s.id')
		.orderBy('p.created_at')
		.orderBy('p.id')
		.limit(pageSize)
		.offset((current - 1) * pageSize)
		.execute()
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
		typedSql(em).selectFrom('student_recommendation').select('recommendation_id').where('student_id', '=', student.id).where('removed_at', 'is', null).execute(),
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
