import { holdScripts, hydrated, signIn } from './helpers.ts'
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

// ADR 101: a select reached before the page's JavaScript ran (a slow laptop, or a refused field the page focused as it
// loaded) keeps the focus when it becomes React Aria's: on its button, not on the page's body.
test('a select that has the focus as the page hydrates keeps it, on its button', async ({ page }) => {
	await signIn(page, 'office@oakfield.test')
	const release = await holdScripts(page)
	await page.goto('/school-admin/students/list/create', { waitUntil: 'commit' })
	const native = page.locator('select[name="gender"]')
	await native.focus()
	await expect(native).toBeFocused()
	release()
	await hydrated(page)
	await expect(page.getByRole('button', { name: /Gender/ })).toBeFocused()
})
