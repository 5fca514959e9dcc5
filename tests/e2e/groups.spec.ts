import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { hasJs, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared
// database: each run makes its own group and adds its own seeded students.

async function dialogNamed(page: Page, name: string) {
	const dialog = page.getByRole('dialog', { name, exact: true })
	await expect(dialog).toBeVisible()
	if (hasJs()) await expect(dialog).toHaveAttribute('data-rac', '')
	return dialog
}

/** Searches the school's students in the open "add" modal and adds the one with this UPN; returns their name. */
async function addStudent(page: Page, upn: string) {
	let dialog = await dialogNamed(page, 'Add new student to group')
	await dialog.getByLabel('Search the school’s students by name or UPN').fill(upn)
	await dialog.getByRole('button', { name: 'Search' }).click()
	dialog = await dialogNamed(page, 'Add new student to group')
	const result = dialog.getByRole('listitem').filter({ hasText: upn })
	await expect(result).toHaveCount(1)
	const name = (await result.locator('span.font-medium').textContent())!.trim()
	await result.getByRole('button', { name: `Add ${name}` }).click()
	await expect(page.getByText(`${name} added to`).first()).toBeVisible()
	return name
}

test('create a group (a taken name is refused on the field), add students, remove one', async ({ page }) => {
	test.setTimeout(90_000)
	const groupName = hasJs() ? 'Chess club' : 'Gardening club'
	const upns = (hasJs() ? ['330240000010', '330240000011'] : ['330240000012', '330240000013']).map(withCheckLetter)

	await signIn(page, 'office@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups' }).click()
	await expect(page).toHaveURL('/school-admin/groups')
	await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: 'Nurture group' })).toBeVisible()

	await page.getByRole('link', { name: 'Add new group' }).click()
	let dialog = await dialogNamed(page, 'Add new group')
	await dialog.getByLabel('Name').fill('Nurture group')
	await dialog.getByRole('button', { name: 'Add group' }).click()
	dialog = await dialogNamed(page, 'Add new group')
	await expect(dialog.getByText('Your school already has a group with this name.')).toBeVisible()
	await dialog.getByLabel('Name').fill(groupName)
	await dialog.getByLabel('Description').fill('Tuesday lunchtimes in the library.')
	await dialog.getByRole('button', { name: 'Add group' }).click()

	await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible()
	await expect(page.getByText('Group created').first()).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: 'Students (0)' })).toBeVisible()

	await page.getByRole('link', { name: 'Add new student to group' }).click()
	const first = await addStudent(page, upns[0]!)
	const second = await addStudent(page, upns[1]!)
	await (await dialogNamed(page, 'Add new student to group')).getByRole('link', { name: 'Close' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('heading', { level: 2, name: 'Students (2)' })).toBeVisible()
	const students = page.getByRole('table', { name: 'Students in this group' })
	await expect(students.getByRole('row').filter({ hasText: upns[0]! })).toContainText(first)
	await expect(students.getByRole('row').filter({ hasText: upns[1]! })).toContainText(second)

	await students.getByRole('link', { name: `Remove ${first}` }).click()
	dialog = await dialogNamed(page, 'Remove student')
	await dialog.getByRole('button', { name: 'Remove from group' }).click()
	await expect(page.getByText(`${first} removed from ${groupName}`).first()).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: 'Students (1)' })).toBeVisible()

	await page.getByRole('link', { name: 'Groups', exact: true }).first().click()
	const row = page.getByRole('row').filter({ hasText: groupName })
	await expect(row).toContainText('Tuesday lunchtimes in the library.')
	await expect(row.getByRole('cell').nth(1)).toHaveText('1')
})
