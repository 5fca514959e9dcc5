import { aStudentOfTheTeacher, hasJs, searchUrl, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

test('[13.2] /students: the search field has the focus, Enter (or, with JavaScript, typing) searches, Tab reaches the first result, Enter opens the profile', async ({ page }) => {
	await signIn(page, 'teacher@oakfield.test')
	const student = await aStudentOfTheTeacher(page)
	expect(student.href).toMatch(/^\/students\/profile\/[0-9a-f-]{36}$/)

	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find a student' }).click()
	await expect(page).toHaveURL('/students')
	await expect(page.getByRole('heading', { level: 1, name: 'Find a student' })).toBeVisible()
	const field = page.getByRole('searchbox', { name: 'Name or UPN' })
	await expect(field).toBeFocused()
	const results = page.getByRole('list', { name: 'Students found' })

	// Part of the name: with JavaScript the results follow the typing, in the same field; without, Enter searches.
	const part = student.name.slice(0, 4)
	await page.keyboard.type(part)
	if (!hasJs()) await page.keyboard.press('Enter')
	await expect(page).toHaveURL(searchUrl(part))
	await expect(results.getByRole('link', { name: student.name })).toBeVisible()
	await expect(field).toBeFocused()
	await expect(field).toHaveValue(part)

	// The whole name and Enter; then Tab goes straight from the field to the first result, and Enter opens it.
	await field.fill(student.name)
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(searchUrl(student.name))
	const first = results.getByRole('link').first()
	await expect(first).toHaveText(student.name)
	await expect(page.getByRole('status').filter({ hasText: /students? found\./ })).toBeVisible()
	await expect(field).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(first).toBeFocused()
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(student.href)
	await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
})
