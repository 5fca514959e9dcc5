/**
 * Scoring (docs/architecture.md#scoring), pure: no database, safe in browser code. Callers
 * load a round's answers (with each question's domain, theme and `reverse`
 * flag) and hand them here; every screen that shows a score or band, and the
 * suggestions of recommendations, goes through these functions.
 */

export const BANDS = ['low', 'medium', 'high'] as const
export type Band = (typeof BANDS)[number]

export const BAND_LABELS: Record<Band, string> = { low: 'Low', medium: 'Medium', high: 'High' }

/** Colours of the scoring (docs/architecture.md#scoring; fills, never text on them). */
export const SCORING_COLOURS = {
	high: '#3B5781',
	medium: '#E67411',
	low: '#1CA39B',
	bar: '#6995BA',
	comparisonBar: '#D2DFEA',
} as const

/** Need of one answer, 0–4 (4 = most need): `reverse ? value : 4 - value`. */
export function answerNeed(value: number, reverse: boolean): number {
	return reverse ? value : 4 - value
}

/** Where the medium and high bands start (SQL that bands scores in bulk takes these too). */
export const BAND_EDGES = { medium: 1.5, high: 2.5 } as const

/**
 * Means of means are floating point: (2.67 + 2.33) / 2 can land a hair under
 * 2.5. Scores are sums of whole needs divided by small counts, so anything
 * within this of an edge is on it.
 */
export const BAND_TOLERANCE = 1e-9

/** Band of a domain or theme score: < 1.5 low, < 2.5 medium, else high. */
export function band(score: number): Band {
	if (score < BAND_EDGES.medium - BAND_TOLERANCE) return 'low'
	if (score < BAND_EDGES.high - BAND_TOLERANCE) return 'medium'
	return 'high'
}

/**
 * Severity of a question's need: 0–1 low, 2 medium, 3–4 high. On whole needs
 * this is exactly the band's thresholds, so a mean need over several
 * respondents (1.5, 2.67…) is placed by the same rule as a score.
 */
export function questionSeverity(need: number): Band {
	return band(need)
}

const RANK: Record<Band, number> = { low: 0, medium: 1, high: 2 }

/** Whether `actual` is at or above `threshold` (low < medium < high). */
export function bandAtLeast(actual: Band, threshold: Band): boolean {
	return RANK[actual] >= RANK[threshold]
}

/** One stored answer with what scoring needs of its question and feedback. */
export type RoundAnswer = {
	feedbackId: string
	/** Only complete (submitted) feedback counts towards scores. */
	complete: boolean
	questionId: string
	domainId: string
	themeId: string | null
	reverse: boolean
	value: number
}

export type Score = { score: number; band: Band }
export type QuestionScore = { need: number; severity: Band }

export type RoundScores = {
	/** How many complete feedbacks with at least one answer were averaged. */
	feedbackCount: number
	domains: Record<string, Score>
	themes: Record<string, Score>
	/** Each answered question's mean need over the complete feedback, and its severity. */
	questions: Record<string, QuestionScore>
}

/** Mean of the per-feedback means: each respondent weighs the same, however many questions they answered. */
function scoreGroups(answers: RoundAnswer[], key: (answer: RoundAnswer) => string | null): Record<string, Score> {
	// group → feedback → [sum, count]
	const sums = new Map<string, Map<string, [number, number]>>()
	for (const answer of answers) {
		const group = key(answer)
		if (group === null) continue
		let byFeedback = sums.get(group)
		if (!byFeedback) sums.set(group, (byFeedback = new Map()))
		const entry = byFeedback.get(answer.feedbackId) ?? [0, 0]
		entry[0] += answerNeed(answer.value, answer.reverse)
		entry[1] += 1
		byFeedback.set(answer.feedbackId, entry)
	}
	const scores: Record<string, Score> = {}
	for (const [group, byFeedback] of sums) {
		let total = 0
		for (const [sum, count] of byFeedback.values()) total += sum / count
		const score = total / byFeedback.size
		scores[group] = { score, band: band(score) }
	}
	return scores
}

/**
 * Scores of one round: domain and theme score = mean need of the answered
 * questions of each complete feedback, averaged over those feedbacks.
 * Answers of incomplete feedback are ignored.
 */
export function scoreRound(answers: RoundAnswer[]): RoundScores {
	const counted = answers.filter((answer) => answer.complete)
	const questions: Record<string, QuestionScore> = {}
	for (const [questionId, score] of Object.entries(scoreGroups(counted, (answer) => answer.questionId))) {
		questions[questionId] = { need: score.score, severity: score.band }
	}
	return {
		feedbackCount: new Set(counted.map((answer) => answer.feedbackId)).size,
		domains: scoreGroups(counted, (answer) => answer.domainId),
		themes: scoreGroups(counted, (answer) => answer.themeId),
		questions,
	}
}

export type SeverityCounts = Record<Band, number>

/** How many questions of the round fall in each severity (by their mean need). */
export function severityCounts(scores: RoundScores): SeverityCounts {
	const counts: SeverityCounts = { high: 0, medium: 0, low: 0 }
	for (const question of Object.values(scores.questions)) counts[question.severity] += 1
	return counts
}

export type SuggestibleRecommendation = { id: string; themeId: string; severity: 'medium' | 'high' }

/**
 * Suggested recommendations for a round: those whose theme's band is at or
 * above the recommendation's severity, leaving out the ones already handled
 * for the student (added, or dismissed from this profile).
 */
export function suggestRecommendations<R extends SuggestibleRecommendation>(
	recommendations: readonly R[],
	themes: Record<string, Score>,
	excludedIds: Iterable<string> = [],
): R[] {
	const excluded = new Set(excludedIds)
	return recommendations.filter((recommendation) => {
		if (excluded.has(recommendation.id)) return false
		const theme = themes[recommendation.themeId]
		return theme !== undefined && bandAtLeast(theme.band, recommendation.severity)
	})
}

export type ScoreDifference = {
	id: string
	before: Score | null
	after: Score | null
	/** `after - before`; null when either side has no score. */
	change: number | null
	bandChanged: boolean
}

/** Domain by domain differences between two sets of scores, in the order of `ids`. */
export function compareScores(
	ids: readonly string[],
	before: Record<string, Score>,
	after: Record<string, Score>,
): ScoreDifference[] {
	return ids.map((id) => {
		const from = before[id] ?? null
		const to = after[id] ?? null
		return {
			id,
			before: from,
			after: to,
			change: from && to ? to.score - from.score : null,
			bandChanged: from !== null && to !== null && from.band !== to.band,
		}
	})
}
