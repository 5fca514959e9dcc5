import { signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

test('[13.8] an over-long search shows "Illegal input" and the field’s message, and a shorter one lists again', async ({ page }) => {
	await signIn(page, 'office@oakfield.test')
	await expect(page).toHaveURL('/school-admin/students/list')
	const field = page.getByRole('searchbox', { name: 'Search by name or UPN' })
	await field.fill('a'.repeat(101))
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByText('Illegal input', { exact: true })).toBeVisible()
	await expect(page.getByText('Search for at most 100 characters (this search has 101).').first()).toBeVisible()
	// The list's frame stays: the field keeps what was typed, marked invalid and described by its message.
	await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
	await expect(field).toHaveValue('a'.repeat(101))
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription('Search for at most 100 characters (this search has 101).')
	await expect(page.getByRole('table')).toHaveCount(0)

	await field.fill('a')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('table')).toBeVisible()
	await expect(page.getByText('Illegal input', { exact: true })).toHaveCount(0)
	await expect(field).not.toHaveAttribute('aria-invalid', 'true')
})

test('a refused filter in the address (a bookmark, an edited link) takes the focus as the page loads, its message read with it', async ({ page }) => {
	await signIn(page, 'office@oakfield.test')
	await page.goto('/school-admin/students/list?yearGroup=Year+42')
	await expect(page.getByText('Illegal input', { exact: true })).toBeVisible()
	const filter = page.getByRole('combobox', { name: 'Year group' })
	await expect(filter).toHaveAttribute('aria-invalid', 'true')
	await expect(filter).toBeFocused()
	await expect(filter).toHaveAccessibleDescription(/.+/)
})
