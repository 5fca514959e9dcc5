import { readFileSync } from 'node:fs'
import { hasJs, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// What helps, across the school (issue 18, item 4; ADR 074), with JavaScript and without. Oakfield's demo has four
// students with a recommendation on their plan, each a different one: every row says only "fewer than 5".

for (const [who, email, area] of [
	['need manager', 'senco@oakfield.test', '/need-manager'],
	['school admin', 'office@oakfield.test', '/school-admin'],
] as const) {
	test(`[18.4] the ${who} reads what helps, filters it by theme, and downloads it as CSV`, async ({ page }) => {
		await signIn(page, email)
		await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'What helps' }).click()
		await expect(page).toHaveURL(`${area}/what-helps`)
		await expect(page.getByRole('heading', { level: 1, name: 'What helps, across the school' })).toBeVisible()
		await expect(page.getByRole('note')).toContainText('These are observations, not proof.')
		const table = page.getByRole('table', { name: /by the latest outcome recorded/ })
		const buddy = table.getByRole('row', { name: /Buddy system at break times/ })
		await expect(buddy).toContainText('fewer than 5')
		await expect(table.getByRole('row', { name: /Calm corner and feelings check-ins/ })).toContainText('fewer than 5')

		// The filters are a GET form: the address is the view. Sent by keyboard; with JavaScript the form is drawn anew for
		// the new address and its button keeps the focus (without, the new page starts at its top, as any page).
		await page.getByLabel('Theme').selectOption({ label: 'Friendships' })
		await page.getByRole('button', { name: 'Show' }).focus()
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(new RegExp(`${area}/what-helps\\?.*theme=`))
		if (hasJs()) await expect(page.getByRole('button', { name: 'Show' })).toBeFocused()
		await expect(buddy).toBeVisible()
		await expect(table.getByRole('row', { name: /Calm corner/ })).toHaveCount(0)

		// The CSV takes the same filters: the row, suppressed, and no other.
		const downloading = page.waitForEvent('download')
		await page.getByRole('link', { name: 'Download CSV' }).click()
		const file = await downloading
		expect(file.suggestedFilename()).toBe('what-helps.csv')
		const lines = readFileSync(await file.path(), 'utf8').trim().split('\r\n')
		expect(lines[0]).toMatch(/^Recommendation,Theme,Students,Much worse \(−2\),/)
		expect(lines.slice(1)).toEqual(['Buddy system at break times,Friendships,fewer than 5,,,,,,,,'])

		// A year group nobody with a plan is in: nothing to show.
		await page.getByLabel('Year group').selectOption({ label: 'Nursery' })
		await page.getByRole('button', { name: 'Show' }).click()
		await expect(page.getByText('No student within these filters has had a recommendation added to their plan.')).toBeVisible()
	})
}
