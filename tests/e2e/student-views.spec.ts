import { type Page } from '@playwright/test'
import { formatScore, formatScoreChange } from '../../app/lib/format.ts'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { hasJs, pointAtChart, signIn } from './helpers.ts'
import { expectedFromSeed, type ExpectedStudent } from './seed-replica.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared
// database: each run takes its own demo student (far down Oakfield's list, so
// no other spec touches them) and adds recommendations to that one only.
const upnOf = (serial: number) => withCheckLetter(`33024${String(serial).padStart(7, '0')}`)

/** The cells' text of each body row of the table with this caption. */
async function rows(page: Page, caption: string): Promise<string[][]> {
	const table = page.getByRole('table', { name: caption, exact: true })
	await expect(table).toBeVisible()
	return table.locator('tbody tr').evaluateAll((trs) =>
		trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
	)
}

/** Pages through the need manager's recommendations list to the row with this UPN and opens it. */
async function openSuggestionsOf(page: Page, upn: string) {
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recommendations' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Recommendations' })).toBeVisible()
	for (let pageNumber = 1; pageNumber < 10; pageNumber++) {
		if (pageNumber > 1) await page.goto(`/need-manager/recommendations?page=${pageNumber}`)
		await expect(page.getByText(/^Showing \d+–\d+ of \d+$/)).toBeVisible()
		const row = page.getByRole('row').filter({ hasText: upn })
		if (await row.count()) {
			await row.getByRole('link').click()
			return
		}
		if (!(await page.getByRole('link', { name: 'Next page' }).count())) break
	}
	throw new Error(`no suggestions listed for ${upn}`)
}

const band = (value: number) => (value < 1.5 ? 'Low' : value < 2.5 ? 'Medium' : 'High')

test('senco: analysis and comparison match the answers, two suggestions added, the profile shows them and prints on two A4 pages at most', async ({ page }) => {
	// Five screens, two posts, a PDF, and the demo seeded a second time in this process to work out the expected figures.
	test.setTimeout(180_000)
	// Both projects ask for the same eight students (one seeding, cached), then take alternate ones.
	const candidates = await expectedFromSeed([20, 21, 22, 23, 24, 25, 26, 27].map(upnOf))
	const usable = candidates.filter((candidate) => candidate.suggestions >= 2)
	const student: ExpectedStudent | undefined = usable[hasJs() ? 0 : 1]
	if (!student) throw new Error('fewer than two demo students far down the list have two suggestions')
	test.info().annotations.push({ type: 'student', description: `${student.name} (${student.upn})` })

	// apexcharts' chunks, as the browser asks for them.
	const chartRequests: string[] = []
	page.on('request', (request) => {
		if (/apexcharts|core\.esm|bar\.esm|pie\.esm/.test(request.url())) chartRequests.push(request.url())
	})
	await signIn(page, 'senco@oakfield.test')
	await openSuggestionsOf(page, student.upn)
	await expect(page.getByRole('heading', { level: 1, name: `Add a recommendation: ${student.name}` })).toBeVisible()
	await expect(page.getByRole('checkbox')).toHaveCount(student.suggestions)
	const reviewUrl = page.url()

	// The profile, then its analysis: the latest round with complete feedback.
	await page.getByRole('link', { name: 'View the student’s profile' }).click()
	await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
	await page.getByRole('navigation', { name: 'Student views' }).getByRole('link', { name: 'Analysis' }).click()
	await expect(page.getByRole('combobox', { name: 'Round' })).toBeVisible()
	const round = student.latestRound
	expect(await rows(page, `Questions by severity, round ${round}`)).toEqual([
		['High', String(student.severity.high), expect.stringMatching(/%$/)],
		['Medium', String(student.severity.medium), expect.stringMatching(/%$/)],
		['Low', String(student.severity.low), expect.stringMatching(/%$/)],
	])
	expect(await rows(page, `Domain scores, round ${round}`)).toEqual(student.domains.map((domain) => [domain.name, formatScore(domain.score)]))
	// The charts are pictures in the page, shown with JavaScript only; the tables are there either way. apexcharts (the
	// live charts, with tooltips) is not fetched until a pointer comes over a chart, and then draws both.
	await expect(page.locator('[data-chart-picture]').filter({ visible: true })).toHaveCount(hasJs() ? 2 : 0)
	await expect(page.locator('.apexcharts-canvas')).toHaveCount(0)
	if (hasJs()) {
		expect(chartRequests).toEqual([])
		await pointAtChart(page)
		await expect(page.locator('.apexcharts-canvas')).toHaveCount(2)
		expect(chartRequests.length).toBeGreaterThan(0)
	}

	// The comparison opens on the latest round against the one before.
	await page.getByRole('navigation', { name: 'Student views' }).getByRole('link', { name: 'Comparison' }).click()
	await expect(page.getByRole('heading', { level: 2, name: `Round ${round} against Round ${round - 1}` })).toBeVisible()
	expect(await rows(page, 'Differences by domain')).toEqual(
		student.domains.map((domain) => [
			domain.name,
			formatScore(domain.previous),
			formatScore(domain.score),
			formatScoreChange(domain.score, domain.previous),
			band(domain.previous) === band(domain.score) ? `No change (${band(domain.score)})` : `${band(domain.previous)}→ to ${band(domain.score)}`,
		]),
	)
	await expect(page.locator('.apexcharts-canvas')).toHaveCount(hasJs() ? 1 : 0)

	// Two suggestions added with a note.
	await page.goto(reviewUrl)
	const boxes = page.getByRole('checkbox')
	const titles = [
		((await boxes.nth(0).evaluate((box) => box.closest('label')?.textContent)) ?? '').trim(),
		((await boxes.nth(1).evaluate((box) => box.closest('label')?.textContent)) ?? '').trim(),
	]
	for (const title of titles) {
		await page.getByText(title, { exact: true }).click()
		await expect(page.getByRole('checkbox', { name: title })).toBeChecked()
	}
	await page.getByLabel('Note (for the recommendations you add)').fill('Agreed at the support meeting.')
	await page.getByRole('button', { name: 'Add chosen recommendations' }).click()
	const dialog = page.getByRole('dialog', { name: 'Recommendations added' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText(`2 recommendations were added to ${student.name}’s profile`)
	await expect(page.getByRole('checkbox')).toHaveCount(student.suggestions - 2)

	await dialog.getByRole('link', { name: 'View the student’s profile' }).click()
	await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
	const added = await rows(page, 'Recommendations added')
	for (const title of titles) {
		expect(added.find((row) => row[0] === title)?.slice(2, 4)).toEqual(['Active', 'Agreed at the support meeting.'])
	}

	// The info modal shows the recommendation's text.
	await page.getByRole('link', { name: titles[0], exact: true }).click()
	await expect(page.getByRole('dialog', { name: titles[0] })).toContainText('Agreed at the support meeting.')
	await page.getByRole('dialog', { name: titles[0] }).getByRole('link', { name: 'Close' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)

	// Printed on A4: the shell and the tabs are left out, and it fits on one or two pages.
	const pdf = (await page.pdf({ format: 'A4' })).toString('latin1')
	const pages = pdf.match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0
	expect(pages).toBeGreaterThanOrEqual(1)
	expect(pages).toBeLessThanOrEqual(2)
})
