import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { expect, test } from './fixtures.ts'
import { choose, hasJs, latestMail, linkIn, openNewProfileFor, outboxSize, signIn } from './helpers.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared database: each run adds its
// own person and assesses its own demo student (UPN serials 15 and 16, which no other spec touches).

const PASSWORD = 'Quill-And-Ink!2026'

async function signOut(page: Page) {
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL('/auth/login')
}

test('[13.13] a member who gave feedback is deleted: they cannot sign in, their answers read “Former staff member”, their name is gone', async ({ page }) => {
	// Four people sign in, 25 questions are answered, a dozen screens are checked by axe.
	test.setTimeout(300_000)
	const name = hasJs() ? 'Ambrose Quincey' : 'Bathsheba Quincey'
	const [firstName, lastName] = name.split(' ') as [string, string]
	const email = hasJs() ? 'quincey.js@oakfield.test' : 'quincey.nojs@oakfield.test'
	const upn = withCheckLetter(hasJs() ? '330240000015' : '330240000016')

	// The school admin adds them with access; they accept the invitation.
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/directory/add' })
	await page.getByLabel('First name').fill(firstName)
	await page.getByLabel('Last name').fill(lastName)
	await page.getByLabel('Email').fill(email)
	await choose(page, 'Role', 'Staff member')
	await page.getByLabel('Job title').fill('Supply Teacher')
	const before = outboxSize()
	await page.getByRole('button', { name: 'Add person' }).click()
	await expect(page.getByText(`${name} added`).first()).toBeVisible()
	await signOut(page)
	await page.goto(linkIn(await latestMail(email, /invited to Spencer/, before), '/auth/set-password-from-email'))
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Save password and sign in' }).click()
	await expect(page).toHaveURL('/professional/home')
	await signOut(page)

	// The need manager makes them a respondent of a profile of the student.
	await signIn(page, 'senco@oakfield.test', { at: '/need-manager/students/manage-students' })
	const { student, dialog } = await openNewProfileFor(page, upn)
	await dialog.getByText(`${name} (Supply Teacher)`).click()
	await dialog.getByRole('button', { name: 'Create profile' }).click()
	await expect(page.getByText('Profile created').first()).toBeVisible()
	await signOut(page)

	// They answer every question and submit.
	await signIn(page, email, { password: PASSWORD })
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questionnaires' }).click()
	await page.getByLabel('Search by student').fill(student)
	await page.getByRole('button', { name: 'Search' }).click()
	await page.getByRole('row').filter({ hasText: 'Round 1' }).filter({ hasText: 'Not started' }).getByRole('link', { name: student }).click()
	await page.getByRole('link', { name: 'Start' }).click()
	for (let domain = 1; domain <= 5; domain++) {
		await expect(page.getByText(`· domain ${domain} of 5`)).toBeVisible()
		for (let index = 0; index < 5; index++) {
			const item = page.getByRole('main').locator('ol > li').nth(index)
			await item.getByRole('radiogroup').getByText('Sometimes', { exact: true }).click()
			if (hasJs()) await expect(item.getByRole('status')).toHaveText('Saved')
		}
		await page.getByRole('button', { name: domain < 5 ? 'Save and next domain' : 'Save and review' }).click()
	}
	await expect(page.getByText('25 of 25 questions answered')).toBeVisible()
	await page.getByRole('button', { name: 'Submit feedback' }).click()
	await expect(page.getByText('Feedback submitted').first()).toBeVisible()
	await signOut(page)

	// The school admin deletes them: the modal and the toast say what stays.
	await signIn(page, 'office@oakfield.test', { at: `/school-admin/directory?q=${encodeURIComponent(email)}` })
	await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name: `Delete ${name}` }).click()
	const confirm = page.getByRole('dialog', { name: `Delete ${name}` })
	await expect(confirm).toContainText('shown as from “Former staff member”')
	await confirm.getByRole('button', { name: 'Delete person' }).click()
	await expect(page.getByText(`${name} deleted`).first()).toBeVisible()
	await expect(page.getByText('Their submitted feedback stays, shown as from “Former staff member”.').first()).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
	await signOut(page)

	// They can no longer sign in. (A fresh load of the login screen, as the shared sign-in helper does: the one Sign out
	// led to may still be swapping in after its fade, and a field filled meanwhile was found emptied in a CI run.)
	await page.goto('/auth/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Sign in' }).click()
	// A refused sign-in still hashes (argon2, as for a known address): on a loaded 2-core machine that takes seconds.
	await expect(page.getByRole('alert').filter({ hasText: 'The email address or password is incorrect.' })).toBeVisible({ timeout: 15_000 })

	// The need manager reads the feedback: the answers are there, from "Former staff member", and the name is nowhere.
	await signIn(page, 'senco@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback' }).click()
	await page.getByLabel('Search by student').fill(student)
	await page.getByRole('button', { name: 'Search' }).click()
	const row = page.getByRole('row').filter({ hasText: 'Former staff member' })
	await expect(row).toHaveCount(1)
	await expect(page.getByRole('main')).not.toContainText(lastName)
	await row.getByRole('link').first().click()
	await expect(page).toHaveURL(/\/need-manager\/feedback\/[0-9a-f-]{36}$/)
	await expect(page.getByText('by Former staff member')).toBeVisible()
	await expect(page.getByText('Not answered')).toHaveCount(0)
	await expect(page.getByText(/^(High|Medium|Low) need$/)).toHaveCount(25)
	await expect(page.getByRole('main')).not.toContainText(lastName)

	// The analysis of that round counts their answers and names them the same way.
	await page.getByRole('link', { name: `${student}’s profile` }).click()
	await expect(page.getByRole('main')).toContainText('Former staff member')
	await expect(page.getByRole('main')).not.toContainText(lastName)
	await page.getByRole('navigation', { name: 'Student views' }).getByRole('link', { name: 'Analysis' }).click()
	await expect(page.getByText('Submitted by Former staff member.')).toBeVisible()
	await expect(page.getByRole('table', { name: 'Domain scores, round 1' })).toBeVisible()
	await expect(page.getByRole('main')).not.toContainText(lastName)
})
