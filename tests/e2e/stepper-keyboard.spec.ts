import { type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { hasJs, signIn } from './helpers.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared database: each run answers
// the teacher's open round of its own demo student (UPN serials 5 and 14, which no other spec touches; their
// names follow from the seed's name lists).
const student = () => (hasJs() ? 'Maya White' : 'Oscar Begum')

async function openFeedback(page: Page) {
	const name = student()
	await signIn(page, 'teacher@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questionnaires' }).click()
	await page.getByLabel('Search by student').fill(name)
	await page.getByRole('button', { name: 'Search' }).click()
	await page.getByRole('row').filter({ hasText: 'Not started' }).getByRole('link', { name }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Wellbeing and Needs Check: ${name}` })).toBeVisible()
	await expect(page.getByText('0 of 25 questions answered')).toBeVisible()
}

test('[14.2] [14.4] a 25-question feedback by keyboard alone in at most 60 key presses (clicks without JavaScript), reviewed and confirmed before it is submitted', async ({
	page,
}) => {
	test.setTimeout(180_000)
	await openFeedback(page)
	const heading = page.getByRole('heading', { level: 1 })
	const questions = page.getByRole('main').getByRole('radiogroup')

	if (hasJs()) {
		let presses = 0
		const press = async (key: string) => {
			presses++
			await page.keyboard.press(key)
		}
		// From the feedback's page on, only the keyboard: Start, then per question Tab (one stop per group) and an
		// arrow (which chooses), and Enter on the domain's last choice saves it and opens the next.
		await page.getByRole('link', { name: 'Start' }).focus()
		await press('Enter')
		for (let domain = 1; domain <= 5; domain++) {
			// A domain's save posts its five answers while the last choice's own save may still be in flight: on a busy
			// 2-core runner that has taken over the default 5 s once.
			await expect(page.getByText(`· domain ${domain} of 5`)).toBeVisible({ timeout: 15_000 })
			await expect(heading).toBeFocused()
			const name = (await heading.textContent()) ?? ''
			await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Domain' })).toHaveText(`Domain ${domain} of 5: ${name}`)
			// Said once, by the focused heading and the step's own message: the router's page announcer stays silent.
			await expect(page.locator('[data-page-announcer]')).toHaveText('')
			for (let index = 0; index < 5; index++) {
				await press('Tab')
				await expect(questions.nth(index).getByRole('radio', { name: 'Always' })).toBeFocused()
				await press('ArrowRight')
				await expect(questions.nth(index).getByRole('radio', { name: 'Very often' })).toBeChecked()
			}
			await press('Enter')
		}
		// The review step is the confirmation: focus on its heading, one Tab to Submit.
		await expect(heading).toHaveText('Review and submit')
		await expect(heading).toBeFocused()
		await expect(page.getByText('25 of 25 questions answered')).toBeVisible()
		await press('Tab')
		await expect(page.getByRole('button', { name: 'Submit feedback' })).toBeFocused()
		await press('Enter')
		await expect(page.getByText('Feedback submitted').first()).toBeVisible()
		await expect(page).toHaveURL('/professional/questionnaires')
		expect(presses).toBeLessThanOrEqual(60)
		return
	}

	// Without JavaScript: every domain's form posts its answers; the last question is left out at first.
	await page.getByRole('link', { name: 'Start' }).click()
	for (let domain = 1; domain <= 5; domain++) {
		await expect(page.getByText(`· domain ${domain} of 5`)).toBeVisible()
		for (let index = 0; index < (domain === 5 ? 4 : 5); index++) {
			await questions.nth(index).getByText('Sometimes', { exact: true }).click()
		}
		await page.getByRole('button', { name: domain < 5 ? 'Save and next domain' : 'Save and review' }).click()
	}
	// The review lists what is unanswered, each a link to it, and offers no Submit until it is answered.
	await expect(heading).toHaveText('Review and submit')
	await expect(page.getByText('24 of 25 questions answered')).toBeVisible()
	const missing = page.getByRole('region', { name: 'One question is still unanswered' })
	await expect(missing.getByRole('listitem')).toHaveCount(1)
	await expect(page.getByRole('button', { name: 'Submit feedback' })).toHaveCount(0)
	await missing.getByRole('link', { name: /, question 5$/ }).click()
	await expect(page.getByText('· domain 5 of 5')).toBeVisible()
	await expect(page).toHaveURL(/#question-/)
	await questions.nth(4).getByText('Never', { exact: true }).click()
	await page.getByRole('button', { name: 'Save and review' }).click()
	await expect(page.getByText('25 of 25 questions answered')).toBeVisible()
	// "Not yet" leaves it unsubmitted; only the review's own button submits.
	await page.getByRole('link', { name: 'Not yet' }).click()
	await expect(page.getByText('In progress', { exact: true })).toBeVisible()
	await page.getByRole('link', { name: 'Review and submit' }).click()
	await page.getByRole('button', { name: 'Submit feedback' }).click()
	await expect(page.getByText('Feedback submitted').first()).toBeVisible()
	await expect(page).toHaveURL('/professional/questionnaires')
})
