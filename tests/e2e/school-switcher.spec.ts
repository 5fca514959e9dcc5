import { signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// cover@meadowview.test is need manager at Meadow View (the oldest membership) and school admin at Riverside.
test('staff of two schools switch school from the header, with the keyboard; it reflows at 320 px', async ({ page }) => {
	// Several page loads, each checked by axe (twice as slow without JavaScript).
	test.setTimeout(90_000)
	await signIn(page, 'cover@meadowview.test')
	await expect(page).toHaveURL('/need-manager/home')
	const school = page.getByRole('banner').getByRole('combobox', { name: 'School' })
	await expect(school).toHaveValue(/.+/)
	await expect(school.locator('option:checked')).toHaveText('Meadow View School (SENCo / need manager)')

	// Keyboard only: focus the select, choose, Tab to Switch, Enter.
	await school.focus()
	await school.selectOption({ label: 'Riverside Academy (School admin)' })
	await page.keyboard.press('Tab')
	const switchButton = page.getByRole('banner').getByRole('button', { name: 'Switch' })
	await expect(switchButton).toBeFocused()
	await page.keyboard.press('Enter')

	await expect(page).toHaveURL('/school-admin/students/list')
	await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
	await expect(page.getByText('Now working in Riverside Academy').first()).toBeVisible()
	await expect(school.locator('option:checked')).toHaveText('Riverside Academy (School admin)')
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
	await school.selectOption({ label: 'Meadow View School (SENCo / need manager)' })
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
