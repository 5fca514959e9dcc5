import { expect, test } from 'vitest'
import { outcomeLabel } from './review-outcomes.ts'

test('an outcome reads with its sign, a true minus sign below zero, and its words', () => {
	expect([-2, -1, 0, 1, 2].map(outcomeLabel)).toEqual(['−2 Much worse', '−1 Worse', '0 No change', '+1 Better', '+2 Much better'])
})
