import type { BrowserContext, Page } from '@playwright/test'
import { hasJs, hydrated, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

const school = (at: Page) => at.getByRole('banner').getByRole('combobox', { name: 'School' })

/** The header's switcher, used as staff use it: a school chosen, then Switch. */
async function switchTo(at: Page, label: string) {
	await school(at).selectOption({ label })
	await at.getByRole('banner').getByRole('button', { name: 'Switch' }).click()
}

/** Another tab of the same browser, opened at `from`, switches school (landing on `lands`) and is closed. */
async function switchInAnotherTab(context: BrowserContext, from: string, label: string, lands: string) {
	const other = await context.newPage()
	await other.goto(from)
	await switchTo(other, label)
	await expect(other).toHaveURL(lands)
	await other.close()
}

// cover@meadowview.test is need manager at Meadow View (the oldest membership) and school admin at Riverside.
test('staff of two schools switch school from the header, with the keyboard; it reflows at 320 px', async ({ page }) => {
	// Several page loads, each checked by axe (twice as slow without JavaScript).
	test.setTimeout(90_000)
	await signIn(page, 'cover@meadowview.test')
	await expect(page).toHaveURL('/need-manager/home')
	const picker = school(page)
	await expect(picker).toHaveValue(/.+/)
	await expect(picker.locator('option:checked')).toHaveText('Meadow View School (SENCo / need manager)')

	// Keyboard only: focus the select, choose, Tab to Switch, Enter.
	await picker.focus()
	await picker.selectOption({ label: 'Riverside Academy (School admin)' })
	await page.keyboard.press('Tab')
	const switchButton = page.getByRole('banner').getByRole('button', { name: 'Switch' })
	await expect(switchButton).toBeFocused()
	await page.keyboard.press('Enter')

	await expect(page).toHaveURL('/school-admin/students/list')
	await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
	await expect(page.getByText('Now working in Riverside Academy').first()).toBeVisible()
	await expect(picker.locator('option:checked')).toHaveText('Riverside Academy (School admin)')
	// The choice is the session's: a new page load keeps it.
	await page.goto('/')
	await expect(page).toHaveURL('/school-admin/students/list')

	// At 320 px (sidebar collapsed) the header wraps rather than scrolling sideways, and switching back still works.
	await page.getByRole('button', { name: 'Collapse sidebar' }).click()
	await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
	await page.setViewportSize({ width: 320, height: 640 })
	const header = page.getByRole('banner')
	const overflow = await header.evaluate((element) => element.scrollWidth - element.clientWidth)
	expect(overflow).toBeLessThanOrEqual(0)
	const box = (await switchButton.boundingBox())!
	expect(box.x + box.width).toBeLessThanOrEqual(320)
	await picker.selectOption({ label: 'Meadow View School (SENCo / need manager)' })
	await switchButton.click()
	await expect(page).toHaveURL('/need-manager/home')
	await expect(page.getByText('Now working in Meadow View School').first()).toBeVisible()
})

test('staff of one school have no switcher', async ({ page }) => {
	await signIn(page, 'teacher@oakfield.test')
	await expect(page).toHaveURL('/professional/home')
	await expect(page.getByRole('banner')).toBeVisible()
	await expect(page.getByRole('banner').getByRole('combobox', { name: 'School' })).toHaveCount(0)
})

test('a form sent after another tab switched school is kept, and sent as its school in one press (ADR 108)', async ({ page, context }) => {
	test.setTimeout(90_000)
	const name = `Kept after a switch ${hasJs() ? 'with' : 'without'} JavaScript`
	await signIn(page, 'cover@meadowview.test')
	await switchTo(page, 'Riverside Academy (School admin)')
	await expect(page).toHaveURL('/school-admin/students/list')

	await page.goto('/school-admin/groups?modal=add-group')
	// Typed once the page has hydrated (typing while it hydrates is modal-focus.spec.ts's).
	if (hasJs()) await hydrated(page)
	const dialog = page.getByRole('dialog', { name: 'Add new group' })
	await dialog.getByLabel('Name').fill(name)
	await dialog.getByLabel('Description').fill('Meets on Fridays')

	// Another tab switches back to Meadow View.
	await switchInAnotherTab(context, '/need-manager/home', 'Meadow View School (SENCo / need manager)', '/need-manager/home')

	await dialog.getByRole('button', { name: 'Add group' }).click()
	const notSent = page.getByRole('heading', { level: 1, name: 'Not sent: you have switched school or role' })
	await expect(notSent).toBeVisible()
	// With JavaScript the dialog's button that had the focus is gone: the keyboard starts at the page's heading (without
	// it, a page load starts at the document's top).
	if (hasJs()) await expect(notSent).toBeFocused()
	await expect(page.getByRole('alert')).toContainText('This form was opened while you were working in Riverside Academy as a school admin.')
	const typed = page.getByRole('region', { name: 'What you typed' })
	await expect(typed).toContainText(name)
	await expect(typed).toContainText('Meets on Fridays')

	await page.getByRole('button', { name: 'Switch to Riverside Academy and send it' }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await expect(page.getByText('Group created').first()).toBeVisible()
	await expect(school(page).locator('option:checked')).toHaveText('Riverside Academy (School admin)')
})

test('a link followed after another tab switched school draws the header, the menu and the forms for the new school (ADR 111)', async ({ page, context }) => {
	test.setTimeout(90_000)
	await signIn(page, 'cover@meadowview.test')
	await switchTo(page, 'Riverside Academy (School admin)')
	await expect(page).toHaveURL('/school-admin/students/list')
	if (hasJs()) await hydrated(page)

	await switchInAnotherTab(context, '/school-admin/students/list', 'Meadow View School (SENCo / need manager)', '/need-manager/home')

	// This tab's menu is still the school admin's; its Groups link leads to the need manager's pages, drawn in the
	// session's school, with the need manager's menu: no header of the school the tab was in.
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click()
	await expect(page).toHaveURL(/^[^?]*\/need-manager\//)
	await expect(school(page).locator('option:checked')).toHaveText('Meadow View School (SENCo / need manager)')
	const menu = page.getByRole('navigation', { name: 'Main' })
	await expect(menu.getByRole('link', { name: 'Recommendations' })).toBeVisible()
	await expect(menu.getByRole('link', { name: 'Retention' })).toHaveCount(0)
})
