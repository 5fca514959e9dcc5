import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { hasJs, hydrated, signIn } from './helpers.ts'

// A demo student with complete feedback (the comparison spec's; this spec only reads).
const UPN = withCheckLetter('330240000018')

test.use({ viewport: { width: 1366, height: 768 } })

/** Signed in as the need manager, on one of the demo student's views (its link in the "Student views" tabs). */
async function openView(page: Page, view: 'Analysis' | 'Comparison') {
	await signIn(page, 'senco@oakfield.test', { at: `/need-manager/students?q=${UPN}` })
	await page.locator('a[href^="/students/profile/"]').first().click()
	await page.getByRole('navigation', { name: 'Student views' }).getByRole('link', { name: view }).click()
}

/**
 * Each chart's reserved height in the server's HTML, in page order, and that each chart is already drawn there
 * as its picture (ChartPicture, ADR 040): an SVG with the chart's bars or slices.
 */
async function reservedHeights(page: Page): Promise<number[]> {
	const html = await (await page.request.get(page.url())).text()
	const plots = [...html.matchAll(/<div class="grid" style="min-height:(\d+)px" data-chart-plot="">(.*?)<\/svg>/g)]
	for (const [, , picture] of plots) expect(picture).toMatch(/<svg viewBox="0 0 \d+ \d+"[^>]*data-chart-picture="">.*<(rect|path) /)
	return plots.map((match) => Number(match[1]))
}

/**
 * Loaded afresh with the layout shifts counted: once every chart is drawn, each chart box is as tall as the
 * server reserved, nothing inside it overflows that, and the page has not moved.
 */
async function expectDrawnInPlace(page: Page, reserved: number[]) {
	await page.addInitScript(() => {
		Object.assign(window, { __cls: 0 })
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
				if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value
			}
		}).observe({ type: 'layout-shift', buffered: true })
	})
	await page.reload()
	// The live charts come once a pointer is over a chart (ADR 058). The event is sent by script rather than by moving the
	// mouse: a layout shift just after real input would be left out of the count, and the swap is what is measured.
	await hydrated(page)
	await page.locator('[data-chart]').first().dispatchEvent('pointerover')
	await expect(page.locator('[data-chart] svg.apexcharts-svg')).toHaveCount(reserved.length)
	await expect(page.locator('[data-chart="bar"] .apexcharts-bar-area').first()).toBeVisible()
	// The live chart has taken the picture's place.
	await expect(page.locator('[data-chart-picture]')).toHaveCount(0)
	const drawn = await page.locator('[data-chart-plot]').evaluateAll((plots) =>
		plots.map((plot) => ({
			box: Math.round(plot.getBoundingClientRect().height),
			chart: Math.round(plot.querySelector('.apexcharts-canvas')!.getBoundingClientRect().height),
		})),
	)
	expect(drawn.map((sizes) => sizes.box)).toEqual(reserved)
	for (const [index, sizes] of drawn.entries()) expect(sizes.chart).toBeLessThanOrEqual(reserved[index]!)
	expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.02)
}

test('[14.7] the analysis charts reserve their height in the server HTML and draw without shifting the page', async ({ page }) => {
	test.setTimeout(90_000)
	await openView(page, 'Analysis')
	await expect(page.getByRole('table', { name: /^Domain scores/ })).toBeVisible()

	// The server's HTML already has each chart's box at the chart's height: the pie, then the domain bars.
	const reserved = await reservedHeights(page)
	expect(reserved).toHaveLength(2)
	expect(reserved[0]).toBe(252)

	if (!hasJs()) {
		// Without JavaScript no chart comes: the boxes take no room.
		for (const box of await page.locator('[data-chart]').all()) await expect(box).toBeHidden()
		return
	}
	await expectDrawnInPlace(page, reserved)
})

test('[14.7] the comparison chart reserves its height in the server HTML and draws without shifting the page', async ({ page }) => {
	test.setTimeout(90_000)
	await openView(page, 'Comparison')
	await expect(page.getByRole('table', { name: 'Domain scores side by side' })).toBeVisible()

	const reserved = await reservedHeights(page)
	expect(reserved).toHaveLength(1)

	if (!hasJs()) {
		await expect(page.locator('[data-chart]')).toBeHidden()
		return
	}
	await expectDrawnInPlace(page, reserved)
})
