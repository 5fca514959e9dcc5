import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { choose, hasJs, signIn } from './helpers.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared
// database: each run changes the respondents of its own seeded Oakfield student
// (respondents from the seed: Sarah Collins, the SENCo, and Tom Harris, the teacher).

test('[13.9] the need manager adds and removes a respondent of a student’s profile, and sees who the next round asks change', async ({ page }) => {
	test.setTimeout(120_000)
	const upn = withCheckLetter(hasJs() ? '330240000017' : '330240000018')
	await signIn(page, 'senco@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students', exact: true }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
	await page.getByLabel('Search by name or UPN').fill(upn)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('row')).toHaveCount(2)
	await page.getByRole('row').nth(1).getByRole('link').first().click()
	await expect(page).toHaveURL(/\/students\/profile\/[0-9a-f-]{36}$/)

	const profiles = page.getByRole('region', { name: 'Profiles' })
	const asked = (names: string) => new RegExp(`^Asked next round \\(opens \\d{2}/\\d{2}/\\d{4}\\): ${names}$`)
	await expect(profiles.getByText(/^Asked next round/)).toHaveText(asked('Sarah Collins, Tom Harris'))

	// Add the teaching assistant: she is asked from the round open now.
	await profiles.getByRole('link', { name: /^Change respondents of the Wellbeing and Needs Check profile/ }).click()
	const dialog = page.getByRole('dialog', { name: 'Respondents: Wellbeing and Needs Check' })
	await expect(dialog).toBeVisible()
	await choose(page, 'Add a respondent', 'Priya Shah (Teaching Assistant)')
	await dialog.getByRole('button', { name: 'Add respondent' }).click()
	await expect(page.getByText('Priya Shah added').first()).toBeVisible()
	await expect(dialog.getByText(/^Asked next round/)).toHaveText(asked('Sarah Collins, Tom Harris, Priya Shah'))
	await expect(dialog.getByRole('list', { name: 'Respondents' }).getByRole('listitem')).toHaveCount(3)
	// Focus moves to what changed, not to the page behind.
	if (hasJs()) await expect(dialog.getByText(/^Asked next round/)).toBeFocused()

	// Remove the teacher, after confirming.
	await dialog.getByRole('link', { name: 'Remove Tom Harris' }).click()
	const confirm = page.getByRole('dialog', { name: 'Remove respondent' })
	await expect(confirm).toContainText('The answers they have given are kept.')
	await confirm.getByRole('button', { name: 'Remove respondent' }).click()
	await expect(page.getByText('Tom Harris removed').first()).toBeVisible()
	await expect(confirm).toBeHidden()
	await expect(dialog.getByText(/^Asked next round/)).toHaveText(asked('Sarah Collins, Priya Shah'))
	await expect(dialog.getByRole('link', { name: 'Remove Tom Harris' })).toHaveCount(0)
	if (hasJs()) await expect(dialog.getByText(/^Asked next round/)).toBeFocused()

	// Closed, the profile says the same; the teacher's past rounds still name him.
	await dialog.getByRole('link', { name: 'Close' }).click()
	await expect(dialog).toBeHidden()
	if (hasJs()) await expect(profiles.getByRole('link', { name: /^Change respondents/ })).toBeFocused()
	await expect(profiles.getByText(/^Asked next round/)).toHaveText(asked('Sarah Collins, Priya Shah'))
	await expect(profiles.getByRole('table').first()).toContainText('Tom Harris: Complete')
})
