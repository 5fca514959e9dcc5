import { signIn, uncovered } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// WCAG 2.4.11 (focus not obscured): from 768 px the signed-in header sticks to the top. Tabbing back up a long list,
// a row link that is in the viewport but under the header would take the focus there unseen: the page keeps what has
// the focus clear of the header (scroll-padding-top, app/app.css).
test('[2.4.11] Shift+Tab up the students list: the link that takes the focus is never under the sticky header', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 720 })
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/students/list?perPage=50' })
	const links = page.locator('a[data-row-link]')
	expect(await links.count()).toBeGreaterThan(20)
	const header = page.locator('header').first()
	// Scroll so that one row link sits under the header, then focus the link below it without scrolling.
	const under = 12
	const target = links.nth(under)
	await target.evaluate((link, headerBottom) => window.scrollBy(0, link.getBoundingClientRect().top - headerBottom / 2), await header.evaluate((element) => element.getBoundingClientRect().bottom))
	await links.nth(under + 1).evaluate((link) => (link as HTMLElement).focus({ preventScroll: true }))
	await page.keyboard.press('Shift+Tab')
	await expect(target).toBeFocused()
	const headerBottom = await header.evaluate((element) => element.getBoundingClientRect().bottom)
	await expect.poll(() => target.evaluate((link) => link.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom)
})


// WCAG 2.4.11 and toasts (ADR 100): a toast sits in a corner over the page, and warnings and errors stay until closed.
test('[2.4.11] a toast over the header gives way when the keyboard comes to the profile link under it', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 720 })
	await signIn(page, 'teacher@oakfield.test', { at: '/settings/profile' })
	await page.getByRole('button', { name: 'Save name' }).click()
	const toast = page.getByRole('region', { name: 'Notifications', exact: true })
	await expect(toast).toContainText('Name saved')
	// Held open as a person holds it, with the pointer on it (a success toast closes by itself after 4 s with JavaScript).
	await toast.hover()
	const profile = page.locator('header').getByRole('link', { name: /profile settings/ })
	expect(await uncovered(profile)).toBe(false)
	await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).focus()
	await page.keyboard.press('Tab')
	await expect(profile).toBeFocused()
	await expect.poll(() => uncovered(profile)).toBe(true)
	await expect(toast).toBeVisible()
})
