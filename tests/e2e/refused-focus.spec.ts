import { withCheckLetter } from '../../app/lib/upn.ts'
import type { Page } from '@playwright/test'
import { choose, hasJs, hydrated, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// WCAG 3.3.1 and 2.4.3 (ADR 101): after a post the server refuses, the focus starts at what to correct, with
// JavaScript (the form library's focus) and without it (the page's `autofocus`, which the browser applies as the page
// loads). Both projects run this file; nothing here is saved.

test('a field the server refuses has the focus when its page comes back: a duplicate UPN', async ({ page }) => {
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/students/list/create' })
	// A UPN already on the platform (a seeded Oakfield student's); every other field as it should be.
	await page.getByLabel('UPN').fill(withCheckLetter('330240000001'))
	await page.getByLabel('First name').fill('Focus')
	await page.getByLabel('Last name').fill('Returned')
	await page.getByLabel('Date of birth').fill('2018-03-14')
	await choose(page, 'Gender', 'Female')
	await choose(page, 'Year group', 'Year 2')
	await page.getByRole('button', { name: 'Create student' }).click()
	await expect(page.getByText('Student upn already exist.')).toBeVisible()
	await expect(page.getByLabel('UPN')).toBeFocused()
	// Only the first field in error takes it: here the only one.
	await expect(page.getByLabel('UPN')).toHaveAttribute('aria-invalid', 'true')
})

/** "Add a person" with its last name left out and a wrong email address, not sent yet; the focus in the email field. */
async function addPersonWithTwoMistakes(page: Page) {
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/directory/add' })
	if (hasJs()) await hydrated(page)
	await page.getByLabel('First name').fill('Ada')
	await page.getByLabel('Email').fill('not an address')
}

test('of several fields in error, the first in the form has the focus; the one after it is next by Tab', async ({ page }) => {
	await addPersonWithTwoMistakes(page)
	// Sent from the keyboard, as staff often do.
	await page.keyboard.press('Enter')
	const lastName = page.getByLabel('Last name')
	await expect(lastName).toBeFocused()
	await expect(lastName).toHaveAttribute('aria-invalid', 'true')
	await page.keyboard.press('Tab')
	await expect(page.getByLabel('Email')).toBeFocused()
	await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
})

test('a click on the button straight from a field is not lost: the form is checked as it is sent (ADR 102)', async ({ page }) => {
	await addPersonWithTwoMistakes(page)
	// Checked as the focus left the email field, its message would move the button from under the pointer.
	await page.getByRole('button', { name: 'Add person' }).click()
	await expect(page.getByLabel('Last name')).toBeFocused()
	await expect(page.getByText('Enter a last name')).toBeVisible()
	await expect(page.getByText('Enter a valid email address')).toBeVisible()
})

test('an error of the whole form is read first: a wrong password', async ({ page }) => {
	await page.goto('/auth/login')
	await page.getByLabel('Email').fill('teacher@oakfield.test')
	await page.getByLabel('Password').fill('not the password')
	await page.getByRole('button', { name: 'Sign in' }).click()
	const alert = page.getByRole('alert').filter({ hasText: 'The email address or password is incorrect.' })
	await expect(alert).toBeVisible()
	// Without JavaScript the page comes back with the message focused; with it, the message is a live region, announced
	// where it appears.
	if (!hasJs()) await expect(alert).toBeFocused()
})

test('a group of radios the server refuses gives the focus to its first radio (ADR 103): a review recorded without an outcome', async ({ page }) => {
	// The seed's overdue review (its plan entry added 7 weeks ago): its student from the need manager's reviews due, then
	// the review's link on the student's plan.
	await signIn(page, 'senco@oakfield.test', { at: '/need-manager/home/reviews' })
	await page.getByRole('table', { name: 'Reviews due' }).getByRole('row').nth(1).getByRole('link').first().click()
	await page.getByRole('table', { name: 'Recommendations added' }).getByRole('link', { name: /^Review of “/ }).first().click()
	await expect(page.getByRole('heading', { level: 1, name: /^Review: / })).toBeVisible()
	if (hasJs()) await hydrated(page)
	await page.getByRole('button', { name: 'Record review' }).click()
	const outcome = page.getByRole('radiogroup', { name: 'Outcome' })
	await expect(outcome.getByText('Choose the outcome')).toBeVisible()
	// Both groups are refused; the first in the form has the focus, on its first radio, and the arrow keys choose in it.
	await expect(outcome.getByRole('radio').first()).toBeFocused()
	await expect(page.getByRole('radiogroup', { name: 'Decision' })).toHaveAttribute('aria-invalid', 'true')
	await page.keyboard.press('ArrowDown')
	await expect(outcome.getByRole('radio').nth(1)).toBeChecked()
})
