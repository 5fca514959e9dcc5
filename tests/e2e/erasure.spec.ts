import { withCheckLetter } from '../../app/lib/upn.ts'
import { choose, hasJs, searchUrl, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript and without, on one shared database: each run creates (and erases) its own student, so no
// other test loses a demo student it counts on.

test('[17.3] the school admin erases a student: reason and typed UPN asked in the modal, then gone from the list and the search', async ({ page }) => {
	test.setTimeout(90_000)
	const upn = withCheckLetter(hasJs() ? '777240000031' : '777240000032')
	const name = hasJs() ? 'Wren Abernethy' : 'Wren Castellano'
	const [firstName, lastName] = name.split(' ') as [string, string]

	await signIn(page, 'office@oakfield.test')
	await page.goto('/school-admin/students/list/create')
	await page.getByLabel('UPN').fill(upn)
	await page.getByLabel('First name').fill(firstName)
	await page.getByLabel('Last name').fill(lastName)
	await page.getByLabel('Date of birth').fill('2018-06-02')
	await choose(page, 'Gender', 'Female')
	await choose(page, 'Year group', 'Year 2')
	await choose(page, 'SEN status', 'None')
	await page.getByRole('button', { name: 'Create student' }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

	// An export asked for first: a copy of the child's records, which the erasure must take with it.
	await page.getByRole('region', { name: 'Subject access export' }).getByRole('button', { name: 'Prepare an export' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Subject access export: ${name}` })).toBeVisible()
	const exportUrl = new URL(page.url()).pathname
	await page.getByRole('link', { name }).click()
	await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
	await expect(page).toHaveURL(/\/school-admin\/students\/list\/[0-9a-f-]{36}$/)
	const detailsUrl = new URL(page.url()).pathname
	const studentId = detailsUrl.split('/').pop()!
	const ownPages = [detailsUrl, `/students/profile/${studentId}`, `/students/profile/${studentId}/analysis`]
	for (const url of ownPages) expect((await page.request.get(url)).status(), url).toBe(200)

	// The danger section, apart from the rest, opens the modal by its address.
	const danger = page.getByRole('region', { name: 'Erase this student' })
	await danger.getByRole('link', { name: 'Erase this student…' }).click()
	await expect(page).toHaveURL(/\?modal=erase-student$/)
	const dialog = page.getByRole('dialog', { name: 'Erase this student?' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText('It cannot be undone.')

	// A UPN that is not the student's: refused beside the field, nothing erased.
	await dialog.getByLabel('Reason').fill('Parent’s request under UK GDPR, received 12/11')
	await dialog.getByLabel(/Type the student’s UPN/).fill(withCheckLetter('330240000001'))
	await dialog.getByRole('button', { name: 'Erase student' }).click()
	await expect(dialog.getByText('This is not the student’s UPN. Type it exactly as shown above.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	// The focus is on the field to correct, not on the dialog around it (with JavaScript and, as the page loads, without).
	await expect(dialog.getByLabel(/Type the student’s UPN/)).toBeFocused()

	// No reason: refused too (in the browser with JavaScript, by the server without).
	await dialog.getByLabel('Reason').fill('')
	await dialog.getByLabel(/Type the student’s UPN/).fill(upn)
	await dialog.getByRole('button', { name: 'Erase student' }).click()
	await expect(dialog.getByText('Give the reason for erasing this student')).toBeVisible()
	await expect(dialog.getByLabel('Reason')).toBeFocused()

	await dialog.getByLabel('Reason').fill('Parent’s request under UK GDPR, received 12/11')
	await dialog.getByLabel(/Type the student’s UPN/).fill(upn)
	await dialog.getByRole('button', { name: 'Erase student' }).click()
	await expect(page).toHaveURL('/school-admin/students/list')
	await expect(page.getByText('Student erased').first()).toBeVisible()

	// Gone from the list, searched by UPN and by name, and from the quick search.
	for (const q of [upn, name]) {
		await page.getByLabel('Search by name or UPN').fill(q)
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page.getByText('No matching data')).toBeVisible()
		await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
	}
	await page.goto(searchUrl(upn))
	await expect(page.getByText(`No student matches “${upn}”.`)).toBeVisible()
	// Their own pages are not found: details, profile, analysis.
	for (const url of ownPages) expect((await page.request.get(url)).status(), url).toBe(404)
	// The export went with the student: its page and its file are not found.
	const exportPage = await page.goto(exportUrl)
	expect(exportPage?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	expect((await page.request.get(`${exportUrl}/download`)).status()).toBe(404)
})
