import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { hasJs, signIn } from './helpers.ts'

// [14.4] Archiving a student asks first, as a URL modal with a real form post: it works with JavaScript ("chromium")
// and without ("chromium-no-js"). Each run takes its own demo student (UPN serials 8 and 9, which no other spec
// touches) and restores them at the end.
test('[14.4] archive student asks for confirmation first; Cancel changes nothing', async ({ page }) => {
	test.setTimeout(120_000)
	const upn = withCheckLetter(hasJs() ? '330240000008' : '330240000009')
	await signIn(page, 'office@oakfield.test', { at: `/school-admin/students/list?q=${upn}` })
	await page.getByRole('row').filter({ hasText: upn }).getByRole('link').first().click()
	await expect(page).toHaveURL(/\/school-admin\/students\/list\/[0-9a-f-]{36}$/)
	const heading = page.getByRole('heading', { level: 1 })
	// The student's page is in place (the address changes before a navigation's fade has swapped the list's heading out).
	await expect(page.getByRole('link', { name: 'Archive student' })).toBeVisible()
	await expect(heading).not.toHaveText('Students')
	const name = (await heading.textContent())!.trim()

	await page.getByRole('link', { name: 'Archive student' }).click()
	await expect(page).toHaveURL(/[?&]modal=archive-student/)
	const dialog = page.getByRole('dialog', { name: 'Archive this student?' })
	await expect(dialog).toContainText(name)
	// Cancel: nothing archived.
	await dialog.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByText(' · archived')).toHaveCount(0)
	await expect(page.getByRole('link', { name: 'Archive student' })).toBeVisible()

	await page.getByRole('link', { name: 'Archive student' }).click()
	await page.getByRole('dialog', { name: 'Archive this student?' }).getByRole('button', { name: 'Archive student' }).click()
	await expect(page.getByText('Student archived').first()).toBeVisible()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByText(/· archived/)).toBeVisible()
	// The opener is gone (the student is archived): the focus goes to the page's heading.
	if (hasJs()) await expect(heading).toBeFocused()

	// Restoring is undoing, so it needs no question.
	await page.getByRole('button', { name: 'Restore student' }).click()
	await expect(page.getByText('Student restored').first()).toBeVisible()
	await expect(page.getByRole('link', { name: 'Archive student' })).toBeVisible()
})
