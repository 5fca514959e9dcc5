import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { hasJs, signIn } from './helpers.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared database: each run takes its own
// demo student among UPN serials 17, 18, 19 and 28 (no other spec touches them), the first and the second of those
// the recommendations list shows.
const RESERVED = [17, 18, 19, 28].map((serial) => withCheckLetter(`33024${String(serial).padStart(7, '0')}`))

/**
 * Opens the review page of this run's student, found by paging through the need manager's list, and waits for its whole
 * form (without JavaScript the page streams in: its heading shows before its checkboxes).
 */
async function openOwnStudent(page: Page) {
	const found: string[] = []
	for (let pageNumber = 1; pageNumber < 10; pageNumber++) {
		await page.goto(`/need-manager/recommendations?page=${pageNumber}`)
		await expect(page.getByText(/^Showing \d+–\d+ of \d+$/)).toBeVisible()
		for (const upn of RESERVED) if (await page.getByRole('row').filter({ hasText: upn }).count()) found.push(upn)
		const mine = found[hasJs() ? 0 : 1]
		if (mine) {
			await page.getByRole('row').filter({ hasText: mine }).getByRole('link').click()
			await expect(page.getByRole('heading', { level: 1, name: /^Add a recommendation: / })).toBeVisible()
			await expect(page.getByRole('button', { name: 'Add chosen recommendations' })).toBeVisible()
			return
		}
		if (!(await page.getByRole('link', { name: 'Next page' }).count())) break
	}
	throw new Error('no reserved demo student with suggestions for this run')
}

test('[13.12] a need manager removes an added recommendation after confirming, and brings back a dismissed suggestion', async ({ page }) => {
	test.setTimeout(180_000)
	await signIn(page, 'senco@oakfield.test')
	await openOwnStudent(page)
	const reviewUrl = new URL(page.url()).pathname
	const suggestions = await page.getByRole('checkbox').count()
	const box = page.getByRole('checkbox').first()
	const title = ((await box.evaluate((element) => element.closest('label')?.textContent)) ?? '').trim()

	// Added, then removed from the plan on the student's profile, after a confirmation.
	await page.getByText(title, { exact: true }).click()
	await page.getByRole('button', { name: 'Add chosen recommendations' }).click()
	await page.getByRole('dialog', { name: 'Recommendations added' }).getByRole('link', { name: 'View the student’s profile' }).click()
	const plan = page.getByRole('table', { name: 'Recommendations added' })
	await expect(plan.getByRole('row').filter({ hasText: title })).toHaveCount(1)
	await plan.getByRole('link', { name: `Remove “${title}”` }).click()
	await expect(page).toHaveURL(/[?&]modal=remove-recommendation/)
	const confirm = page.getByRole('dialog', { name: 'Remove from the plan?' })
	await expect(confirm).toContainText(`“${title}” leaves`)
	// Cancel closes it and changes nothing.
	await confirm.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(plan.getByRole('row').filter({ hasText: title })).toHaveCount(1)
	// Marked as done (a plain submit button: ADR 059), it stays in the plan, and may still be removed.
	await plan.getByRole('button', { name: `Mark as done: “${title}”` }).click()
	await expect(page.getByText('Recommendation marked as done').first()).toBeVisible()
	await expect(plan.getByRole('row').filter({ hasText: title })).toContainText('Done')
	await expect(plan.getByRole('button', { name: `Mark as done: “${title}”` })).toHaveCount(0)
	await plan.getByRole('link', { name: `Remove “${title}”` }).click()
	await page.getByRole('dialog', { name: 'Remove from the plan?' }).getByRole('button', { name: 'Remove recommendation' }).click()
	await expect(page.getByText('Recommendation removed').first()).toBeVisible()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('main').getByRole('row').filter({ hasText: title })).toHaveCount(0)

	// The scores still suggest it: it is back among the suggestions. Dismissed, then brought back.
	await page.goto(reviewUrl)
	await expect(page.getByRole('checkbox')).toHaveCount(suggestions)
	await page.getByText(title, { exact: true }).click()
	await page.getByRole('button', { name: 'Dismiss chosen' }).click()
	await page.getByRole('dialog', { name: 'Dismiss this recommendation?' }).getByRole('button', { name: 'Dismiss chosen' }).click()
	await expect(page.getByText('Recommendation dismissed').first()).toBeVisible()
	await expect(page.getByRole('checkbox')).toHaveCount(suggestions - 1)
	const dismissed = page.getByRole('table', { name: 'Dismissed suggestions' })
	await expect(dismissed.getByRole('row').filter({ hasText: title })).toContainText('by Sarah Collins')
	await dismissed.getByRole('button', { name: `Bring back “${title}”` }).click()
	await expect(page.getByText('Suggestion brought back').first()).toBeVisible()
	await expect(page.getByRole('checkbox', { name: title })).toHaveCount(1)
	await expect(page.getByRole('checkbox')).toHaveCount(suggestions)
	await expect(page.getByText('No dismissed suggestions.')).toBeVisible()
})

test('[14.4] "Dismiss chosen" names what it dismisses and asks first; Cancel dismisses nothing', async ({ page }) => {
	test.setTimeout(180_000)
	await signIn(page, 'senco@oakfield.test')
	await openOwnStudent(page)
	const suggestions = await page.getByRole('checkbox').count()
	expect(suggestions).toBeGreaterThan(0)
	// Two when there are two (the list in the modal), else the one.
	const titles: string[] = []
	for (let index = 0; index < Math.min(2, suggestions); index++) {
		const box = page.getByRole('checkbox').nth(index)
		titles.push(((await box.evaluate((element) => element.closest('label')?.textContent)) ?? '').trim())
	}
	const question = titles.length === 1 ? 'Dismiss this recommendation?' : 'Dismiss 2 recommendations?'
	for (const title of titles) await page.getByText(title, { exact: true }).click()

	await page.getByRole('button', { name: 'Dismiss chosen' }).click()
	await expect(page).toHaveURL(/[?&]modal=dismiss-chosen/)
	let dialog = page.getByRole('dialog', { name: question })
	for (const title of titles) await expect(dialog.getByRole('listitem').filter({ hasText: title })).toHaveCount(1)
	// Cancel: nothing dismissed.
	await dialog.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('checkbox')).toHaveCount(suggestions)
	await expect(page.getByText('No dismissed suggestions.')).toBeVisible()

	// Chosen again (without JavaScript Cancel was a new page), then confirmed.
	for (const title of titles) {
		const box = page.getByRole('checkbox', { name: title })
		if (!(await box.isChecked())) await page.getByText(title, { exact: true }).click()
	}
	await page.getByRole('button', { name: 'Dismiss chosen' }).click()
	dialog = page.getByRole('dialog', { name: question })
	await dialog.getByRole('button', { name: 'Dismiss chosen' }).click()
	await expect(page.getByText(titles.length === 1 ? 'Recommendation dismissed' : '2 recommendations dismissed').first()).toBeVisible()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('checkbox')).toHaveCount(suggestions - titles.length)

	// Both brought back, so the page is as it was for the other test.
	const dismissed = page.getByRole('table', { name: 'Dismissed suggestions' })
	for (const title of titles) {
		await dismissed.getByRole('button', { name: `Bring back “${title}”` }).click()
		await expect(page.getByText('Suggestion brought back').first()).toBeVisible()
		await expect(page.getByRole('checkbox', { name: title })).toHaveCount(1)
	}
	await expect(page.getByText('No dismissed suggestions.')).toBeVisible()
})

test('a choice made stale in another tab is refused, and the list is read again, so choosing again works', async ({ page }) => {
	test.setTimeout(180_000)
	await signIn(page, 'senco@oakfield.test')
	await openOwnStudent(page)
	const reviewUrl = new URL(page.url()).pathname
	const suggestions = await page.getByRole('checkbox').count()
	const title = ((await page.getByRole('checkbox').first().evaluate((element) => element.closest('label')?.textContent)) ?? '').trim()

	// Another tab of the same need manager, on the same list.
	const other = await page.context().newPage()
	await other.goto(reviewUrl)
	await expect(other.getByRole('checkbox')).toHaveCount(suggestions)
	await other.getByText(title, { exact: true }).click()

	// This tab adds it to the plan.
	await page.getByText(title, { exact: true }).click()
	await page.getByRole('button', { name: 'Add chosen recommendations' }).click()
	await expect(page.getByText('Recommendation added').first()).toBeVisible()

	// The other tab's "Dismiss chosen" is refused as stale, and its list no longer offers what was decided.
	await other.getByRole('button', { name: 'Dismiss chosen' }).click()
	await expect(other.getByText('These suggestions have changed since the page was loaded').first()).toBeVisible()
	await expect(other.getByRole('checkbox', { name: title })).toHaveCount(0)
	await expect(other.getByRole('checkbox')).toHaveCount(suggestions - 1)
	await other.close()

	// Removed from the plan again, so the page is as it was for the other tests.
	await page.getByRole('dialog', { name: 'Recommendations added' }).getByRole('link', { name: 'View the student’s profile' }).click()
	const plan = page.getByRole('table', { name: 'Recommendations added' })
	await plan.getByRole('link', { name: `Remove “${title}”` }).click()
	await page.getByRole('dialog', { name: 'Remove from the plan?' }).getByRole('button', { name: 'Remove recommendation' }).click()
	await expect(page.getByText('Recommendation removed').first()).toBeVisible()
	await page.goto(reviewUrl)
	await expect(page.getByRole('checkbox')).toHaveCount(suggestions)
})
