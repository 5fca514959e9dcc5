import { type Locator, type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { hasJs, pointAtChart, signIn } from './helpers.ts'

// A demo student of Oakfield this spec only reads: every demo profile has the need manager and the teacher as
// respondents, both submitted at the same moment, so the two most recent are Sarah Collins then Tom Harris (by name).
const UPN = withCheckLetter('330240000018')
const ONE_DECIMAL = /^[+−]?\d+(\.\d)?$/

test.use({ viewport: { width: 1366, height: 768 } })

/** The cells' text of each body row of the table with this caption. */
async function rows(page: Page, caption: string): Promise<string[][]> {
	const table = page.getByRole('table', { name: caption, exact: true })
	await expect(table).toBeVisible()
	return table.locator('tbody tr').evaluateAll((trs) =>
		trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
	)
}

/** Every figure in these rows (not the domain names or bands) has at most one decimal. */
function expectOneDecimal(table: string[][]) {
	const figures = table.flatMap((row) => row.slice(1)).filter((cell) => /\d/.test(cell))
	expect(figures.length).toBeGreaterThan(0)
	for (const figure of figures) expect(figure).toMatch(ONE_DECIMAL)
}

type Box = { text: string; x: number; y: number; width: number; height: number }

async function boxes(labels: Locator): Promise<Box[]> {
	return labels.evaluateAll((elements) =>
		elements.map((element) => {
			const rect = element.getBoundingClientRect()
			return { text: element.textContent ?? '', x: rect.x, y: rect.y, width: rect.width, height: rect.height }
		}),
	)
}

/** No two of these label boxes overlap. */
function expectApart(labels: Box[]) {
	for (const [i, a] of labels.entries()) {
		for (const b of labels.slice(i + 1)) {
			const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
			expect(apart, `"${a.text}" and "${b.text}" overlap`).toBe(true)
		}
	}
}

/** With JavaScript: the drawn chart's axes, its domain labels apart, and its bars and legend as the table says. */
async function expectChartMatchesTable(page: Page, table: string[][], seriesNames: [string, string]) {
	const chart = page.locator('[data-chart="bar"]')
	await pointAtChart(page)
	await expect(chart.locator('.apexcharts-bar-area')).toHaveCount(table.length * 2)
	const ticks = await chart.locator('.apexcharts-yaxis-label').allTextContents()
	expect(ticks.length).toBeGreaterThan(1)
	for (const tick of ticks) expect(tick.trim()).toMatch(ONE_DECIMAL)
	const categories = chart.locator('.apexcharts-xaxis-label')
	await expect(categories).toHaveCount(table.length)
	expectApart(await boxes(categories))
	await expect(chart.locator('li')).toHaveText(seriesNames)
	// Each bar's value is the rounded score its table cell shows.
	const drawn = await chart.locator('.apexcharts-series').evaluateAll((series) =>
		series.map((element) => [...element.querySelectorAll('.apexcharts-bar-area')].map((bar) => Number(bar.getAttribute('val')).toFixed(1))),
	)
	expect(drawn).toEqual([table.map((row) => row[1]), table.map((row) => row[2])])
}

test('[13.11] comparison at 1366×768: scores to one decimal, domain names apart, two different respondents, the table in step with the chart', async ({ page }) => {
	// Three screens, each checked by axe, and a chart drawn on two of them.
	test.setTimeout(120_000)
	await signIn(page, 'senco@oakfield.test', { at: `/need-manager/students?q=${UPN}` })
	await page.locator('a[href^="/students/profile/"]').first().click()
	await page.getByRole('navigation', { name: 'Student views' }).getByRole('link', { name: 'Comparison' }).click()

	// The rounds are compared first; the respondents form already offers two different people, the latest to answer.
	const first = page.getByRole('combobox', { name: 'First respondent' })
	const second = page.getByRole('combobox', { name: 'Second respondent' })
	await expect(first.locator('option:checked')).toHaveText('Sarah Collins')
	await expect(second.locator('option:checked')).toHaveText('Tom Harris')
	expect(await first.inputValue()).not.toBe(await second.inputValue())

	const heading = page.getByRole('heading', { level: 2, name: /^Round \d+ against Round \d+$/ })
	await expect(heading).toBeVisible()
	const [later, earlier] = (await heading.textContent())!.split(' against ') as [string, string]
	const rounds = await rows(page, 'Domain scores side by side')
	expectOneDecimal(rounds)
	expectOneDecimal(await rows(page, 'Differences by domain'))
	if (hasJs()) await expectChartMatchesTable(page, rounds, [later, earlier])
	else await expect(page.locator('.apexcharts-canvas')).toHaveCount(0)

	// Comparing the two respondents: the heading, the table's columns, the chart's legend and bars all show that pair.
	await page.getByRole('button', { name: 'Compare respondents' }).click()
	await expect(page).toHaveURL(/mode=respondents/)
	await expect(page.getByRole('heading', { level: 2, name: 'Sarah Collins against Tom Harris' })).toBeVisible()
	await expect(first.locator('option:checked')).toHaveText('Sarah Collins')
	await expect(second.locator('option:checked')).toHaveText('Tom Harris')
	await expect(page.getByRole('table', { name: 'Domain scores side by side' }).getByRole('columnheader')).toHaveText([
		'Domain',
		'Sarah Collins',
		'Tom Harris',
		'Difference',
	])
	const respondents = await rows(page, 'Domain scores side by side')
	expectOneDecimal(respondents)
	if (hasJs()) await expectChartMatchesTable(page, respondents, ['Sarah Collins', 'Tom Harris'])

	// The other way round, picked in the form: the chart and the table follow the new selection.
	await first.selectOption({ label: 'Tom Harris' })
	await second.selectOption({ label: 'Sarah Collins' })
	await page.getByRole('button', { name: 'Compare respondents' }).click()
	await expect(page.getByRole('heading', { level: 2, name: 'Tom Harris against Sarah Collins' })).toBeVisible()
	await expect(first.locator('option:checked')).toHaveText('Tom Harris')
	await expect(second.locator('option:checked')).toHaveText('Sarah Collins')
	const swapped = await rows(page, 'Domain scores side by side')
	expect(swapped.map((row) => [row[0], row[2], row[1]])).toEqual(respondents.map((row) => [row[0], row[1], row[2]]))
	if (hasJs()) await expectChartMatchesTable(page, swapped, ['Tom Harris', 'Sarah Collins'])

	// At 320 px (below 768 px the sidebar folds into the header's Menu) the page reflows: nothing wider than the screen
	// (the tables scroll within themselves), and the chart, when it is drawn, fits the screen or gives way to the table.
	await page.setViewportSize({ width: 320, height: 640 })
	await expect(page.getByRole('heading', { level: 2, name: 'Tom Harris against Sarah Collins' })).toBeVisible()
	await expect
		.poll(() => page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('.apexcharts-canvas')].map((chart) => chart.getBoundingClientRect().right))))
		.toBeLessThanOrEqual(320)
	await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
	await expect(page.getByRole('table', { name: 'Domain scores side by side' })).toBeAttached()
})
