import { hasJs, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// A row's button opens the page's modal for that row's record. With JavaScript the list stays where it was scrolled
// to (the modal opens over it); without, it is an ordinary link to the page with the modal open.

test('a row’s modal button opens the dialog for its record, and with JavaScript keeps the list where it was', async ({ page }) => {
	await signIn(page, 'senco@oakfield.test', { at: '/need-manager/students/manage-students' })
	await expect(page.getByRole('heading', { level: 1, name: 'Manage students' })).toBeVisible()

	const rows = page.getByRole('table').getByRole('row')
	const last = rows.last()
	const name = (await last.getByRole('rowheader').locator('span').first().textContent())!.trim()
	const button = last.getByRole('link', { name: `Professionals of ${name}` })
	await button.scrollIntoViewIfNeeded()
	const scrolled = await page.evaluate(() => window.scrollY)
	expect(scrolled).toBeGreaterThan(200)

	await button.click()
	const dialog = page.getByRole('dialog')
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText(name)
	await expect(page).toHaveURL(/modal=student-professionals/)
	if (hasJs()) expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
})
