/**
 * bench:weight's verdicts, apart from the measuring: which page has which budget, and whether the chart library
 * was downloaded where it should and nowhere else (issue 16: "every signed-in page without charts ≤ 1.3 × the
 * floor; charts only where drawn").
 */

/**
 * What a page is to the budgets: the floor every budget is measured from; the login page (issue 3: ≤ 130 KB);
 * a signed-in page without charts (≤ 1.3 × the floor, never the chart library); a page that draws charts (no
 * budget, and the chart library must be seen: otherwise "not downloaded" elsewhere would prove nothing).
 */
export type PageKind = 'floor' | 'login' | 'signed-in' | 'charts'

export type WeighedPage = {
	name: string
	kind: PageKind
	/** Gzipped bytes of JavaScript the page's HTML asks for, its inline scripts included. */
	js: number
	/** Whether the browser downloaded the chart library while loading and hydrating the page. */
	charts: boolean
}

export const LOGIN_BUDGET_KB = 130
export const SIGNED_IN_FACTOR = 1.3

export type Verdict = {
	/** The page's JavaScript budget in KB, if it has one. */
	budgetKb: number | null
	overBudget: boolean
	/** The chart library downloaded on a page without charts, or missing from a page that draws them. */
	chartsWrong: boolean
}

/** Each page's verdict, in the pages' order; the floor is the page of kind 'floor' (exactly one). */
export function verdicts(pages: WeighedPage[]): Verdict[] {
	const floors = pages.filter((page) => page.kind === 'floor')
	if (floors.length !== 1) throw new Error(`bench:weight needs one floor page, not ${floors.length}`)
	const floorKb = floors[0]!.js / 1024
	return pages.map((page) => {
		const budgetKb = page.kind === 'login' ? LOGIN_BUDGET_KB : page.kind === 'signed-in' ? Math.round(floorKb * SIGNED_IN_FACTOR * 10) / 10 : null
		return {
			budgetKb,
			overBudget: budgetKb !== null && page.js > budgetKb * 1024,
			chartsWrong: page.kind === 'charts' ? !page.charts : page.charts,
		}
	})
}

/** Whether any page misses its budget or has the chart library where it should not (or lacks it where it should). */
export function missed(results: Verdict[]): boolean {
	return results.some((result) => result.overBudget || result.chartsWrong)
}
