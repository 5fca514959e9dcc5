import { describe, expect, test } from 'vitest'
import type { RespondentFeedback } from './student-profiles.server.ts'
import { chooseRespondents } from './student-views.server.ts'

const feedback = (membershipId: string, status: RespondentFeedback['status'], submittedAt: string | null = null): RespondentFeedback => ({
	feedbackId: `f-${membershipId}`,
	membershipId,
	name: membershipId,
	status,
	submittedAt,
})

describe('[13.11] the respondents a comparison starts with', () => {
	// The round lists feedback by respondent name (Adams, Brown, Clark); Clark submitted last, then Adams.
	const round = {
		feedback: [
			feedback('adams', 'complete', '2026-10-20T09:00:00.000Z'),
			feedback('brown', 'inProgress'),
			feedback('clark', 'complete', '2026-10-21T15:30:00.000Z'),
		],
	}
	const everyone = ['adams', 'brown', 'clark', 'davies']

	test('the two with the most recent complete answers, latest first', () => {
		expect(chooseRespondents(round, everyone, { first: null, second: null })).toEqual({ first: 'clark', second: 'adams' })
	})

	test('with one complete feedback, the next is another respondent of the round, never the same person', () => {
		const one = { feedback: [feedback('adams', 'inProgress'), feedback('brown', 'complete', '2026-10-20T09:00:00.000Z')] }
		expect(chooseRespondents(one, everyone, { first: null, second: null })).toEqual({ first: 'brown', second: 'adams' })
	})

	test('those asked for are kept; one asked for twice, or unknown, is replaced by someone else', () => {
		expect(chooseRespondents(round, everyone, { first: 'davies', second: 'brown' })).toEqual({ first: 'davies', second: 'brown' })
		expect(chooseRespondents(round, everyone, { first: 'adams', second: 'adams' })).toEqual({ first: 'adams', second: 'clark' })
		expect(chooseRespondents(round, everyone, { first: 'someone-else', second: null })).toEqual({ first: 'clark', second: 'adams' })
	})

	test('a profile with one respondent has no second one', () => {
		expect(chooseRespondents({ feedback: [feedback('adams', 'complete', '2026-10-20T09:00:00.000Z')] }, ['adams'], { first: null, second: 'adams' })).toEqual({
			first: 'adams',
			second: null,
		})
		expect(chooseRespondents(null, [], { first: null, second: null })).toEqual({ first: null, second: null })
	})
})
