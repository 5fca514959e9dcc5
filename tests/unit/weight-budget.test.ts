import { describe, expect, test } from 'vitest'
import { missed, verdicts, type PageKind, type WeighedPage } from '../../scripts/bench/weight-budget.ts'

const KB = 1024

function page(kind: PageKind, jsKb: number, charts = kind === 'charts'): WeighedPage {
	return { name: kind, kind, js: jsKb * KB, charts }
}

describe("bench:weight's budgets", () => {
	test('a signed-in page without charts may weigh 1.3 × the floor, rounded to a tenth of a KB, and no more', () => {
		const results = verdicts([page('floor', 120.4), page('signed-in', 156.5), page('signed-in', 156.6)])
		expect(results.map((result) => result.budgetKb)).toEqual([null, 156.5, 156.5])
		expect(results.map((result) => result.overBudget)).toEqual([false, false, true])
		expect(missed(results)).toBe(true)
	})

	test('the login page has its own fixed budget of 130 KB, whatever the floor', () => {
		const results = verdicts([page('floor', 80), page('login', 129.9), page('login', 130.1)])
		expect(results.slice(1).map((result) => [result.budgetKb, result.overBudget])).toEqual([
			[130, false],
			[130, true],
		])
	})

	test('every signed-in page is checked, not only the first', () => {
		const pages = [page('floor', 100), page('signed-in', 120), page('signed-in', 125), page('signed-in', 131)]
		expect(verdicts(pages).map((result) => result.overBudget)).toEqual([false, false, false, true])
		expect(missed(verdicts(pages.slice(0, 3)))).toBe(false)
		expect(missed(verdicts(pages))).toBe(true)
	})

	test('the chart library on a page without charts misses, even under budget', () => {
		const results = verdicts([page('floor', 100), page('signed-in', 110, true)])
		expect(results[1]).toEqual({ budgetKb: 130, overBudget: false, chartsWrong: true })
		expect(missed(results)).toBe(true)
	})

	test('a page that draws charts has no budget but must be seen loading the chart library', () => {
		expect(verdicts([page('floor', 100), page('charts', 400, true)])[1]).toEqual({ budgetKb: null, overBudget: false, chartsWrong: false })
		expect(missed(verdicts([page('floor', 100), page('charts', 120, false)]))).toBe(true)
	})

	test('there must be exactly one floor to measure from', () => {
		expect(() => verdicts([page('signed-in', 100)])).toThrow(/one floor/)
		expect(() => verdicts([page('floor', 100), page('floor', 100)])).toThrow(/one floor/)
	})
})
