import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { hasJs, hydrated, searchUrl, signIn } from './helpers.ts'

// [16.3] The student profile's modals (respondents, a recommendation's description and removal) are a chunk of their
// own, which the browser fetches only when a modal opens (ADR 059): by its link, or by an address that names it, which
// the server renders open and the page hydrates open. Only opens and closes a modal: nothing is changed, so both
// projects may read the same demo student (the one bench:weight weighs).
const MODALS_CHUNK = /\/assets\/ProfileModals-[^/]+\.js$/

test('[16.3] the student profile fetches its modals’ code only when one opens, by its link or by its address', async ({ page }) => {
	const fetched: string[] = []
	page.on('request', (request) => {
		if (MODALS_CHUNK.test(new URL(request.url()).pathname)) fetched.push(request.url())
	})
	await signIn(page, 'senco@oakfield.test')
	await page.goto(searchUrl(withCheckLetter('330240000018')))
	await page.locator('a[href^="/students/profile/"]').first().click()
	await expect(page).toHaveURL(/\/students\/profile\/[0-9a-f-]{36}$/)
	const opener = page.getByRole('region', { name: 'Profiles' }).getByRole('link', { name: /^Change respondents of / }).first()
	const href = await opener.getAttribute('href')
	expect(href).toMatch(/[?&]modal=profile-respondents/)
	if (hasJs()) {
		await hydrated(page)
		await page.waitForLoadState('networkidle')
		expect(fetched, 'no modal is open: its code is not fetched').toEqual([])
		// Print is a plain button (ADR 059), shown with JavaScript: it asks the browser to print.
		await page.evaluate(() => {
			window.print = () => document.body.setAttribute('data-printed', '')
		})
		await page.getByRole('button', { name: 'Print profile' }).click()
		await expect(page.locator('body[data-printed]')).toHaveCount(1)
	} else {
		await expect(page.getByRole('button', { name: 'Print profile' })).toHaveCount(0)
	}

	// By its link: fetched then, and shown with the focus in it; closed, the focus is back on the link.
	const dialog = page.getByRole('dialog', { name: /^Respondents: / })
	await opener.click()
	await expect(dialog).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Add respondent' })).toBeVisible()
	if (hasJs()) {
		expect(fetched).toHaveLength(1)
		await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(opener).toBeFocused()
	} else {
		await dialog.getByRole('link', { name: 'Close' }).click()
		await expect(dialog).toBeHidden()
	}

	// By its address: the server renders it open, and the page hydrates with it (React Aria's modal: Escape closes it).
	await page.goto(href!)
	await expect(dialog).toBeVisible()
	await expect(dialog.getByRole('button', { name: 'Add respondent' })).toBeVisible()
	if (hasJs()) {
		// Hydrated (the page's effects have run: a fiber on <body> may come before, while the modal's chunk is awaited).
		await page.waitForFunction(() => performance.getEntriesByName('spencer:hydrated').length > 0)
		await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
		// React Aria's modal takes over from the server's dialog once hydrated: Escape closes it (not before).
		await expect(async () => {
			await page.keyboard.press('Escape')
			await expect(dialog).toBeHidden({ timeout: 1_000 })
		}).toPass()
		await expect(page).not.toHaveURL(/[?&]modal=/)
	} else {
		await dialog.getByRole('link', { name: 'Close' }).click()
		await expect(dialog).toBeHidden()
		await expect(page).not.toHaveURL(/[?&]modal=/)
	}
})
