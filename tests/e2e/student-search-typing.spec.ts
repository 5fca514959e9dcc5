import { aStudentOfTheTeacher, searchUrl, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// With JavaScript only: without it, Enter searches (student-search.spec.ts).
test('[13.2] /students: what was typed before the scripts had loaded is searched once they have', async ({ page }) => {
	await signIn(page, 'teacher@oakfield.test')
	const student = await aStudentOfTheTeacher(page)
	// The page's scripts wait until the typing is done, as on a slow laptop.
	let release = () => {}
	const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve))
	await page.route(
		(url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
		async (route) => {
			await scriptsMayLoad
			await route.continue()
		},
	)
	await page.goto('/students', { waitUntil: 'commit' })
	const field = page.getByRole('searchbox', { name: 'Name or UPN' })
	await expect(field).toBeFocused()
	const part = student.name.slice(0, 4)
	await page.keyboard.type(part)
	release()
	await expect(page).toHaveURL(searchUrl(part))
	await expect(page.getByRole('list', { name: 'Students found' }).getByRole('link', { name: student.name })).toBeVisible()
	await expect(field).toHaveValue(part)
	await expect(field).toBeFocused()
})
