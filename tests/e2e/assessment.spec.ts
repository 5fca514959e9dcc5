import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { hasJs, openNewProfileFor, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript (project "chromium") and without ("chromium-no-js") on
// one shared database: each run assesses its own seeded Oakfield student.

/** Picks an option of our Select: a native <select> without JavaScript, the React Aria popover with it. */
async function choose(page: Page, label: string, option: string) {
	if (!hasJs()) {
		await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option })
		return
	}
	await page.getByRole('button', { name: new RegExp(`${label}`) }).press('Enter')
	await page.getByRole('option', { name: option, exact: true }).click()
}

async function signOut(page: Page) {
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/auth/login')
}

const SCALE = ['Always', 'Very often', 'Sometimes', 'Rarely', 'Never'] as const

/** Answers questions `from`..`to` (0-based) of the stepper's domain; with JavaScript each is saved as it is chosen. */
async function answer(page: Page, from: number, to: number) {
	for (let index = from; index < to; index++) {
		const item = page.getByRole('main').locator('ol > li').nth(index)
		const group = item.getByRole('radiogroup')
		if (hasJs() && index === from) {
			// Keyboard first: the arrow keys move the choice within a group.
			await group.getByText('Always', { exact: true }).click()
			await page.keyboard.press('ArrowRight')
			await page.keyboard.press('ArrowRight')
			await expect(group.getByRole('radio', { name: 'Sometimes' })).toBeChecked()
		} else {
			await group.getByText(SCALE[index % 5]!, { exact: true }).click()
		}
		if (hasJs()) await expect(item.getByRole('status')).toHaveText('Saved')
	}
}

test('a need manager sets up a recurring profile; the teacher answers half, signs out, resumes, finishes and submits; the need manager reads it', async ({ page }) => {
	test.setTimeout(180_000)
	const upn = withCheckLetter(hasJs() ? '330240000025' : '330240000026')

	// The need manager creates a recurring profile with the teacher as respondent.
	await signIn(page, 'senco@oakfield.test')
	await expect(page).toHaveURL('/need-manager/home')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage students' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Manage students' })).toBeVisible()
	const { student, dialog } = await openNewProfileFor(page, upn)
	await dialog.getByText('Recurring', { exact: true }).click()
	await dialog.getByLabel('Every how many weeks').fill('4')
	await dialog.getByText('Tom Harris (Class Teacher)').click()
	await dialog.getByRole('button', { name: 'Create profile' }).click()
	await expect(page.getByText('Profile created').first()).toBeVisible()
	const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date())
	await expect(page.getByRole('row').filter({ hasText: student })).toContainText(`Wellbeing and Needs Check · every 4 weeks · from ${today}`)
	await signOut(page)

	// The teacher answers two domains and part of a third, then signs out.
	await signIn(page, 'teacher@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questionnaires' }).click()
	await page.getByLabel('Search by student').fill(student)
	await page.getByRole('button', { name: 'Search' }).click()
	const mine = page.getByRole('row').filter({ hasText: 'Round 1' }).filter({ hasText: 'Not started' })
	await mine.getByRole('link', { name: student }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Wellbeing and Needs Check: ${student}` })).toBeVisible()
	await expect(page.getByText('0 of 25 questions answered')).toBeVisible()
	await page.getByRole('link', { name: 'Start' }).click()
	for (let domain = 0; domain < 2; domain++) {
		await answer(page, 0, 5)
		await page.getByRole('button', { name: 'Save and next domain' }).click()
		await expect(page.getByText(`· domain ${domain + 2} of 5`)).toBeVisible()
	}
	await answer(page, 0, 3)
	// Without JavaScript the domain's answers go with its form.
	if (!hasJs()) await page.getByRole('button', { name: 'Save and next domain' }).click()
	await signOut(page)

	// Back again: the answers are there, and the feedback is In progress.
	await signIn(page, 'teacher@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questionnaires' }).click()
	await page.getByLabel('Search by student').fill(student)
	await page.getByRole('button', { name: 'Search' }).click()
	await page.getByRole('row').filter({ hasText: 'Round 1' }).filter({ hasText: 'In progress' }).getByRole('link', { name: student }).click()
	await expect(page.getByText('13 of 25 questions answered')).toBeVisible()
	// The review step lists what is unanswered, each a link to its question.
	await page.getByRole('link', { name: 'Review and submit' }).click()
	await expect(page.getByRole('region', { name: '12 questions are still unanswered' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Submit feedback' })).toHaveCount(0)
	await page.getByRole('region', { name: '12 questions are still unanswered' }).getByRole('link').first().click()
	await expect(page.getByText('· domain 3 of 5')).toBeVisible()
	await expect(page.getByRole('radiogroup').nth(1).getByRole('radio', { name: 'Very often' })).toBeChecked()
	await answer(page, 3, 5)
	await page.getByRole('button', { name: 'Save and next domain' }).click()
	await expect(page.getByText('· domain 4 of 5')).toBeVisible()
	await answer(page, 0, 5)
	await page.getByRole('button', { name: 'Save and next domain' }).click()
	await expect(page.getByText('· domain 5 of 5')).toBeVisible()
	await answer(page, 0, 5)
	await page.getByRole('button', { name: 'Save and review' }).click()
	await expect(page.getByText('25 of 25 questions answered')).toBeVisible()
	await page.getByRole('button', { name: 'Submit feedback' }).click()
	await expect(page.getByText('Feedback submitted').first()).toBeVisible()
	await expect(page).toHaveURL('/professional/questionnaires')
	await signOut(page)

	// The need manager finds it on the home's feedback tab and reads the answers.
	await signIn(page, 'senco@oakfield.test')
	await page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Feedback' }).click()
	await expect(page).toHaveURL('/need-manager/home/feedback')
	// The URL changes before the tab renders: wait for the feedback table, or the click lands on the old tab's row.
	await expect(page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Feedback' })).toHaveAttribute('aria-current', 'page')
	await page.getByRole('table', { name: 'Feedback submitted since your last visit' }).getByRole('row').filter({ hasText: student }).getByRole('link').click()
	await expect(page).toHaveURL(/\/need-manager\/feedback\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1, name: `Wellbeing and Needs Check: ${student}` })).toBeVisible()
	await expect(page.getByText('by Tom Harris')).toBeVisible()
	await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5)
	await expect(page.getByText('Not answered')).toHaveCount(0)
	await expect(page.getByText(/^(High|Medium|Low) need$/)).toHaveCount(25)
	await expect(page.getByRole('link', { name: `${student}’s profile` })).toHaveAttribute('href', /\/students\/profile\/[0-9a-f-]{36}$/)
})

test('a need manager sets a key professional, closes a profile, filters the feedback and sees the home’s students', async ({ page }) => {
	test.setTimeout(120_000)
	const upn = withCheckLetter(hasJs() ? '330240000029' : '330240000030')

	await signIn(page, 'senco@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Manage students' }).click()
	await page.getByLabel('Search by name or UPN').fill(upn)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('row')).toHaveCount(2)
	const student = (await page.getByRole('rowheader').locator('span').first().textContent())!.trim()
	const row = page.getByRole('row').filter({ hasText: student })

	await page.getByRole('link', { name: `Professionals of ${student}` }).click()
	const dialog = page.getByRole('dialog', { name: `Professionals of ${student}` })
	await choose(page, 'Key professional', 'Sarah Collins (SENCo)')
	await dialog.getByRole('button', { name: 'Save professionals' }).click()
	await expect(page.getByText('Professionals saved').first()).toBeVisible()
	await expect(row).toContainText('Key: Sarah Collins')

	await row.getByRole('link', { name: new RegExp(`^Close profile Wellbeing and Needs Check for ${student}`) }).click()
	const confirm = page.getByRole('dialog', { name: 'Close profile' })
	await expect(confirm).toContainText(`Close the Wellbeing and Needs Check profile of ${student}?`)
	await confirm.getByRole('button', { name: 'Close profile' }).click()
	await expect(page.getByText('Profile closed').first()).toBeVisible()
	await expect(row).toContainText('Closed')
	await expect(row.getByRole('link', { name: /^Close profile/ })).toHaveCount(0)

	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback' }).click()
	await page.getByLabel('Search by student').fill(student)
	await page.getByLabel('Status').selectOption({ label: 'Complete' })
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/status=complete/)
	const rows = page.getByRole('row').filter({ hasText: student })
	await expect(rows.first()).toContainText('Complete')
	await expect(page.getByRole('row').filter({ hasText: 'Not started' })).toHaveCount(0)
	await rows.first().getByRole('link').click()
	await expect(page.getByRole('heading', { level: 1, name: `Wellbeing and Needs Check: ${student}` })).toBeVisible()

	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click()
	await page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Students' }).click()
	await expect(page).toHaveURL('/need-manager/home/students')
	await expect(page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Students' })).toHaveAttribute('aria-current', 'page')
	await expect(page.getByRole('columnheader', { name: 'Active profiles' })).toBeVisible()

	// The recommendations tab lists the profiles waiting for a decision, each opening its review.
	await page.getByRole('navigation', { name: 'Home sections' }).getByRole('link', { name: 'Recommendations' }).click()
	await expect(page).toHaveURL('/need-manager/home/recommendations')
	const waiting = page.getByRole('table', { name: 'Profiles with suggested recommendations' })
	await waiting.getByRole('link').first().click()
	await expect(page).toHaveURL(/\/need-manager\/recommendations\/[0-9a-f-]{36}$/)
	await expect(page.getByRole('heading', { level: 1, name: /^Add a recommendation: / })).toBeVisible()
})
