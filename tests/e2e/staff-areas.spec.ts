import { signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// A quick visit of the read-only students, groups and directory screens of both areas (axe runs on every page).
const people = [
	{ email: 'senco@oakfield.test', area: '/need-manager' },
	{ email: 'teacher@oakfield.test', area: '/professional' },
]

// WCAG 2.5.3: the header's account link is named by the text it shows (name, then role as staff know it), with what it
// opens after; no aria-label that would replace that text.
test('the account link in the header is named by its visible text', async ({ page }) => {
	await signIn(page, 'senco@oakfield.test')
	const account = page.getByRole('banner').getByRole('link', { name: /profile settings/ })
	await expect(account).not.toHaveAttribute('aria-label')
	await expect(account).toContainText('Sarah Collins')
	await expect(account).toContainText('SENCo / need manager')
	// Chromium puts a space around each of the link's blocks: "Sarah Collins , SENCo / need manager : profile settings".
	await expect(account).toHaveAccessibleName(/^Sarah Collins\W+SENCo \/ need manager\W+profile settings$/)
})

for (const { email, area } of people) {
	test(`${email} visits students, groups, a group and the directory`, async ({ page }) => {
		// Seven pages, each checked by axe (twice as slow without JavaScript): more than the default 30 s.
		test.setTimeout(90_000)
		await signIn(page, email)
		const nav = page.getByRole('navigation', { name: 'Main' })

		await nav.getByRole('link', { name: 'Students', exact: true }).click()
		await expect(page).toHaveURL(`${area}/students`)
		await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
		await expect(page.getByText(/Showing 1–25 of \d+/)).toBeVisible()
		const first = page.getByRole('table').getByRole('rowheader').first().getByRole('link')
		await expect(first).toHaveAttribute('href', /^\/students\/profile\/[0-9a-f-]{36}$/)
		await page.getByLabel('Year group').selectOption('Year 2')
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page).toHaveURL(/yearGroup=Year\+2/)
		// Retried until the filtered table has replaced the first one: every row is a Year 2 student.
		const rows = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('rowheader') })
		await expect(rows.first()).toContainText('Year 2')
		await expect(rows.filter({ hasNotText: 'Year 2' })).toHaveCount(0)

		await nav.getByRole('link', { name: 'Groups' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible()
		// A seeded group (Tom Harris is on its staff): other specs add groups to the same database.
		const groupName = 'Nurture group'
		await page.getByRole('table').getByRole('link', { name: groupName }).click()
		await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible()
		await expect(page.getByRole('heading', { level: 2, name: 'Students' })).toBeVisible()
		await expect(page.getByRole('table', { name: `Staff of ${groupName}` })).toContainText('Tom Harris')
		await page.getByRole('link', { name: 'Groups', exact: true }).first().click()
		await expect(page).toHaveURL(`${area}/groups`)

		await nav.getByRole('link', { name: 'Directory' }).click()
		await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible()
		await expect(page.getByRole('row', { name: /Olivia Bennett/ })).toContainText('School admin')
		await page.getByLabel('Search by name, email or job title').fill('SENCo')
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()
		await expect(page.getByRole('row', { name: /Sarah Collins/ })).toContainText('senco@oakfield.test')
	})
}
