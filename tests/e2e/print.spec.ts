import { withCheckLetter } from '../../app/lib/upn.ts'
import { formatDate } from '../../app/lib/format.ts'
import { expect, test } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { pdfText } from './pdf-text.ts'

// A demo student with complete feedback in two rounds (the comparison spec's; both only read).
const UPN = withCheckLetter('330240000018')
const compact = (text: string) => text.replace(/\s+/g, '')

test('[14.5] the printed profile, analysis and comparison carry the school, the date, who printed them, the confidentiality line and page numbers; charts print as tables', async ({ page }) => {
	test.setTimeout(120_000)
	await signIn(page, 'senco@oakfield.test', { at: `/need-manager/students?q=${UPN}` })
	await page.locator('a[href^="/students/profile/"]').first().click()
	await expect(page.getByRole('navigation', { name: 'Student views' })).toBeVisible()
	const student = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
	const today = formatDate(new Date())

	// On screen the print header and footer are not shown.
	await expect(page.getByText('Confidential — contains personal data').filter({ visible: true })).toHaveCount(0)

	for (const view of ['Profile', 'Analysis', 'Comparison']) {
		if (view !== 'Profile') {
			await page.getByRole('navigation', { name: 'Student views' }).getByRole('link', { name: view }).click()
			await expect(page.getByRole('table', { name: view === 'Analysis' ? /^Domain scores/ : 'Differences by domain' })).toBeVisible()
			if (test.info().project.name !== 'chromium-no-js') await expect(page.locator('[data-chart] [data-chart-picture]').first()).toBeAttached()
		}
		// The whole page first: without JavaScript a view is a page load, and on a loaded machine the end of its streamed
		// document (the print footer) could still be on its way when the table above it showed (2 of 7 CI runs once).
		await page.waitForLoadState('load')
		const text = compact(pdfText(await page.pdf({ format: 'A4' })))
		for (const expected of ['Oakfield Primary School', student, `Printed ${today} by Sarah Collins`, 'Confidential — contains personal data', 'Page 1 of']) {
			expect(text, `${view}: ${expected}`).toContain(compact(expected))
		}
		if (view !== 'Profile') {
			// The chart is left out and its table printed in its place.
			expect(text).toContain(compact(view === 'Analysis' ? 'Score (0–4)' : 'Differences by domain'))
			await page.emulateMedia({ media: 'print' })
			for (const chart of await page.locator('[data-chart]').all()) await expect(chart).toBeHidden()
			await page.emulateMedia({ media: null })
		}
	}
})
