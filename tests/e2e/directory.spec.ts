import { choose, hasJs, latestMail, linkIn, outboxSize, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript (project "chromium") and without ("chromium-no-js") on
// one shared database: each run adds its own person.

test('add a directory member with access, who completes the invitation; set their role; delete them', async ({ page }) => {
	test.setTimeout(90_000)
	const lastName = hasJs() ? 'Achebe' : 'Brontë'
	const name = `Imani ${lastName}`
	const email = hasJs() ? 'imani.js@oakfield.test' : 'imani.nojs@oakfield.test'

	await signIn(page, 'office@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Directory' }).click()
	await expect(page).toHaveURL('/school-admin/directory')
	await expect(page.getByRole('heading', { level: 1, name: 'Directory' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Import staff' })).toHaveAttribute('href', '/school-admin/directory/import')

	await page.getByRole('link', { name: 'Add person' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Add a person' })).toBeVisible()
	// An e-mail already on the staff is refused beside the field.
	await page.getByLabel('First name').fill('Imani')
	await page.getByLabel('Last name').fill(lastName)
	await page.getByLabel('Email').fill('teacher@oakfield.test')
	await choose(page, 'Role', 'SENCo / need manager')
	await page.getByLabel('Job title').fill('Pastoral Lead')
	await expect(page.getByRole('checkbox', { name: 'Give access now' })).toBeChecked()
	await page.getByRole('button', { name: 'Add person' }).click()
	await expect(page.getByText('This person is already in your school’s directory.')).toBeVisible()

	const before = outboxSize()
	await page.getByLabel('Email').fill(email)
	await expect(page.getByLabel('Job title')).toHaveValue('Pastoral Lead')
	await page.getByRole('button', { name: 'Add person' }).click()
	await expect(page).toHaveURL('/school-admin/directory')
	await expect(page.getByText(`${name} added`).first()).toBeVisible()
	const row = page.getByRole('row', { name: new RegExp(name) })
	await expect(row).toContainText('Invited')
	await expect(row).toContainText('SENCo / need manager')

	// They open the invitation: set a password, and land signed in on their home.
	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/auth\/login/)
	await page.goto(linkIn(await latestMail(email, /invited to Spencer/, before), '/auth/set-password-from-email'))
	await page.getByLabel('Password').fill('Kente-Cloth!2026')
	await page.getByRole('button', { name: 'Save password and sign in' }).click()
	await expect(page).toHaveURL('/need-manager/home')
	await expect(page.getByRole('banner')).toContainText(name)

	await page.getByRole('button', { name: 'Sign out' }).click()
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/directory' })
	await page.getByLabel('Search by name, email or job title').fill(email)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()
	await expect(row).toContainText('Active')

	await row.getByRole('link', { name: `Set role of ${name}` }).click()
	const dialog = page.getByRole('dialog', { name: `Set the role of ${name}` })
	await expect(dialog).toBeVisible()
	await choose(page, 'Role', 'Staff member')
	await dialog.getByRole('button', { name: 'Save role' }).click()
	await expect(page.getByText('Role changed').first()).toBeVisible()
	await expect(row).toContainText('Staff member')

	await row.getByRole('link', { name: `Delete ${name}` }).click()
	await page.getByRole('dialog', { name: `Delete ${name}` }).getByRole('button', { name: 'Delete person' }).click()
	await expect(page.getByText(`${name} deleted`).first()).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
})

test('your own row has no actions; a member’s access modal; the delete modal says submitted feedback stays as “Former staff member”', async ({ page }) => {
	// Five page loads, each checked by axe: more than the default 30 s without JavaScript on a busy machine.
	test.setTimeout(90_000)
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/directory?q=office' })
	const row = page.getByRole('row', { name: /Olivia Bennett/ })
	await expect(row).toContainText('(you)')
	await expect(row.getByRole('link')).toHaveCount(0)
	// Olivia opens a member's access modal: Tom Harris is active.
	await page.goto('/school-admin/directory?q=teacher')
	await page.getByRole('row', { name: /Tom Harris/ }).getByRole('link', { name: 'Access for Tom Harris' }).click()
	await expect(page.getByRole('dialog', { name: 'Access for Tom Harris' })).toContainText('Tom Harris can sign in.')
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	// Tom has submitted feedback: the delete modal says it stays, without his name (deleting him: former-staff.spec.ts).
	await page.getByRole('row', { name: /Tom Harris/ }).getByRole('link', { name: 'Delete Tom Harris' }).click()
	await expect(page.getByRole('dialog', { name: 'Delete Tom Harris' })).toContainText('shown as from “Former staff member”')
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(page.getByRole('row', { name: /Tom Harris/ })).toBeVisible()
})
