import { signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'
import { withCheckLetter } from '#app/lib/upn.ts'

// WCAG 2.4.7 (focus visible), with JavaScript: a form checked in the browser puts the focus on its first field in
// error. When that field is one of our selects, the focus lands on its button, which shows it, not on the hidden
// <select> that carries its value (React Aria's, clipped to 1 px). Without JavaScript the select is the browser's own.
test('a select left empty takes the focus on its button when the form is sent', async ({ page }) => {
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/students/list/create' })
	await page.getByLabel('UPN').fill(withCheckLetter('777240000041'))
	await page.getByLabel('First name').fill('Ffion')
	await page.getByLabel('Last name').fill('Selectless')
	await page.getByLabel('Date of birth').fill('2018-06-02')
	await page.getByRole('button', { name: 'Create student' }).click()
	const gender = page.getByRole('button', { name: /Gender/ })
	await expect(gender).toBeFocused()
	await expect(gender).toBeInViewport()
})
