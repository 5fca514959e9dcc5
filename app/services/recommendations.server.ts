import type { AppContext } from '#app/context.ts'
import { RECOMMENDATION_SEVERITIES, Recommendation } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { anId, oneOf } from './list-params.server.ts'
import { notFound } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'
import { requireThemeChoice } from './themes.server.ts'

/**
 * The platform's catalogue of recommendations, each for a theme from a severity on. What a student's scores suggest
 * from it is suggestions.server.ts; what need managers decide for a student, student-recommendations.server.ts.
 */

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
	let recommendations = typedSql(em).selectFrom('recommendation as r').innerJoin('theme as t', 't.id', 'r.theme_id')
	if (filter.themeId) recommendations = recommendations.where('r.theme_id', '=', filter.themeId)
	if (filter.severity) recommendations = recommendations.where('r.severity', '=', filter.severity)
	const rows = await recommendations
		.select(['r.id', 'r.title', 'r.description', 'r.theme_id', 't.name as theme_name', 'r.severity'])
		.orderBy((eb) => eb.fn('lower', ['t.name']))
		.orderBy((eb) => eb.case().when('r.severity', '=', 'medium').then(0).else(1).end())
		.orderBy((eb) => eb.fn('lower', ['r.title']))
		.orderBy('r.id')
		.execute()
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
	if (!recommendation) throw notFound()
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
