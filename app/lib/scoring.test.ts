import { describe, expect, test } from 'vitest'
import {
	answerNeed,
	band,
	compareScores,
	questionSeverity,
	type RoundAnswer,
	scoreRound,
	severityCounts,
	suggestRecommendations,
} from './scoring.ts'

/** An answer of a complete feedback, plain (not reverse) unless told. */
function answer(feedbackId: string, questionId: string, value: number, more: Partial<RoundAnswer> = {}): RoundAnswer {
	return { feedbackId, complete: true, questionId, domainId: 'd1', themeId: null, reverse: false, value, ...more }
}

describe('answerNeed', () => {
	test('a plain question: Always (0) is the most need, Never (4) none', () => {
		expect([0, 1, 2, 3, 4].map((value) => answerNeed(value, false))).toEqual([4, 3, 2, 1, 0])
	})

	test('a reverse-scored question: the need is the value', () => {
		expect([0, 1, 2, 3, 4].map((value) => answerNeed(value, true))).toEqual([0, 1, 2, 3, 4])
	})
})

describe('band and question severity', () => {
	test('< 1.5 low, < 2.5 medium, else high, exactly at the edges', () => {
		expect(band(0)).toBe('low')
		expect(band(1.4999)).toBe('low')
		// Floating-point noise on an edge is the edge: 1.5 reached as a mean of means.
		expect(band(1.4999999999999998)).toBe('medium')
		expect(band(1.5)).toBe('medium')
		expect(band(2.4999)).toBe('medium')
		expect(band(2.5)).toBe('high')
		expect(band(4)).toBe('high')
	})

	test('need 0–1 low, 2 medium, 3–4 high', () => {
		expect([0, 1, 2, 3, 4].map(questionSeverity)).toEqual(['low', 'low', 'medium', 'high', 'high'])
	})
})

describe('scoreRound', () => {
	test('reverse-scored questions count their value as need', () => {
		// q1 plain, Very Often (1) → need 3; q2 reverse, Very Often (1) → need 1. Mean (3 + 1) / 2 = 2.
		const scores = scoreRound([answer('f1', 'q1', 1), answer('f1', 'q2', 1, { reverse: true })])
		expect(scores.domains.d1).toEqual({ score: 2, band: 'medium' })
		expect(scores.questions).toEqual({ q1: { need: 3, severity: 'high' }, q2: { need: 1, severity: 'low' } })
	})

	test('a domain scores only its answered questions (a partial round)', () => {
		// d1: q1 need 4 and q2 need 3 answered, q3 never answered → (4 + 3) / 2 = 3.5. d2 has no answer at all.
		const scores = scoreRound([answer('f1', 'q1', 0), answer('f1', 'q2', 1)])
		expect(scores.domains).toEqual({ d1: { score: 3.5, band: 'high' } })
		expect(scores.questions.q3).toBeUndefined()
	})

	test('incomplete feedback is left out; a round with none complete has no scores', () => {
		const inProgress = answer('f9', 'q1', 4, { complete: false })
		expect(scoreRound([inProgress])).toEqual({ feedbackCount: 0, domains: {}, themes: {}, questions: {} })
		const scores = scoreRound([answer('f1', 'q1', 3), inProgress])
		// Only f1: need 1.
		expect(scores.feedbackCount).toBe(1)
		expect(scores.domains.d1).toEqual({ score: 1, band: 'low' })
	})

	test('several respondents: the mean of each feedback, averaged over the feedbacks', () => {
		const scores = scoreRound([
			// f1: q1 Always (need 4), q2 Never (need 0) → mean 2.
			answer('f1', 'q1', 0),
			answer('f1', 'q2', 4),
			// f2 answered only q1: Very Often (need 3) → mean 3.
			answer('f2', 'q1', 1),
			// f3 is still in progress and does not count.
			answer('f3', 'q1', 4, { complete: false }),
		])
		// (2 + 3) / 2 = 2.5 exactly: high. (Pooling all answers would give 7 / 3 = 2.33, medium.)
		expect(scores.domains.d1).toEqual({ score: 2.5, band: 'high' })
		expect(scores.feedbackCount).toBe(2)
		// q1: (4 + 3) / 2 = 3.5 high; q2: only f1, need 0, low.
		expect(scores.questions).toEqual({ q1: { need: 3.5, severity: 'high' }, q2: { need: 0, severity: 'low' } })
		expect(severityCounts(scores)).toEqual({ high: 1, medium: 0, low: 1 })
	})

	test('band edges reached through answers: 1.5 is medium, 2.5 is high', () => {
		// needs 1 and 2 → 1.5
		expect(scoreRound([answer('f1', 'q1', 3), answer('f1', 'q2', 2)]).domains.d1).toEqual({ score: 1.5, band: 'medium' })
		// needs 2 and 3 → 2.5
		expect(scoreRound([answer('f1', 'q1', 2), answer('f1', 'q2', 1)]).domains.d1).toEqual({ score: 2.5, band: 'high' })
		// needs 1, 1, 2 → 1.33 low
		expect(scoreRound([answer('f1', 'q1', 3), answer('f1', 'q2', 3), answer('f1', 'q3', 2)]).domains.d1?.band).toBe('low')
	})

	test('a question whose mean need falls between whole needs takes the band rule', () => {
		// q1: needs 1 and 2 over two respondents → 1.5 medium; q2: needs 2 and 3 → 2.5 high; q3: 1 and 1 → low.
		const scores = scoreRound([
			answer('f1', 'q1', 3),
			answer('f2', 'q1', 2),
			answer('f1', 'q2', 2),
			answer('f2', 'q2', 1),
			answer('f1', 'q3', 3),
			answer('f2', 'q3', 3),
		])
		expect(severityCounts(scores)).toEqual({ high: 1, medium: 1, low: 1 })
	})

	test('a theme gathers its questions across domains; questions without a theme score no theme', () => {
		const scores = scoreRound([
			// f1: theme t on q1 (d1, need 4) and q4 (d2, need 1) → 2.5
			answer('f1', 'q1', 0, { themeId: 't' }),
			answer('f1', 'q4', 3, { themeId: 't', domainId: 'd2' }),
			answer('f1', 'q5', 0, { domainId: 'd2' }),
			// f2: q1 need 3, q4 reverse Always → need 0 → 1.5
			answer('f2', 'q1', 1, { themeId: 't' }),
			answer('f2', 'q4', 0, { themeId: 't', domainId: 'd2', reverse: true }),
			answer('f2', 'q5', 4, { domainId: 'd2' }),
		])
		// (2.5 + 1.5) / 2 = 2
		expect(scores.themes).toEqual({ t: { score: 2, band: 'medium' } })
		// d1: f1 4, f2 3 → 3.5; d2: f1 (1 + 4) / 2 = 2.5, f2 (0 + 0) / 2 = 0 → 1.25
		expect(scores.domains).toEqual({ d1: { score: 3.5, band: 'high' }, d2: { score: 1.25, band: 'low' } })
	})
})

describe('suggestRecommendations', () => {
	const themes = {
		t1: { score: 3, band: 'high' as const },
		t2: { score: 2, band: 'medium' as const },
		t3: { score: 1, band: 'low' as const },
	}
	const recommendations = [
		{ id: 'r1', themeId: 't1', severity: 'high' as const },
		{ id: 'r2', themeId: 't1', severity: 'medium' as const },
		{ id: 'r3', themeId: 't2', severity: 'high' as const },
		{ id: 'r4', themeId: 't2', severity: 'medium' as const },
		{ id: 'r5', themeId: 't3', severity: 'medium' as const },
		{ id: 'r6', themeId: 't4', severity: 'medium' as const },
	]

	test('a recommendation is suggested when its theme band is at or above its severity', () => {
		// t1 high: both; t2 medium: only the medium one; t3 low: none; t4 has no score: none.
		expect(suggestRecommendations(recommendations, themes).map((r) => r.id)).toEqual(['r1', 'r2', 'r4'])
	})

	test('recommendations already added (or dismissed) are not suggested again', () => {
		expect(suggestRecommendations(recommendations, themes, ['r2', 'r5']).map((r) => r.id)).toEqual(['r1', 'r4'])
	})

	test('a theme exactly at 2.5 is high and suggests high-severity recommendations', () => {
		const scores = scoreRound([answer('f1', 'q1', 2, { themeId: 't2' }), answer('f1', 'q2', 1, { themeId: 't2' })])
		expect(suggestRecommendations(recommendations, scores.themes).map((r) => r.id)).toEqual(['r3', 'r4'])
	})
})

describe('compareScores', () => {
	test('change is after minus before; the band change is flagged; a missing side has no change', () => {
		const before = { d1: { score: 1.25, band: 'low' as const }, d2: { score: 3, band: 'high' as const } }
		const after = { d1: { score: 2, band: 'medium' as const }, d2: { score: 2.5, band: 'high' as const }, d3: { score: 1, band: 'low' as const } }
		expect(compareScores(['d1', 'd2', 'd3'], before, after)).toEqual([
			{ id: 'd1', before: before.d1, after: after.d1, change: 0.75, bandChanged: true },
			{ id: 'd2', before: before.d2, after: after.d2, change: -0.5, bandChanged: false },
			{ id: 'd3', before: null, after: after.d3, change: null, bandChanged: false },
		])
	})
})
