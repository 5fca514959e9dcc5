import { latestMail, linkIn, outboxSize, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

test('create a school; a duplicate subdomain shows 1001 beside the field', async ({ page }, testInfo) => {
	const suffix = testInfo.project.name === 'chromium' ? 'js' : 'nojs'
	await signIn(page, 'admin@spencer.test')
	await expect(page).toHaveURL('/spencer-admin/schools')
	await page.getByRole('link', { name: 'Add school' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'New school' })).toBeVisible()
	await page.getByLabel('Name').fill(`Brook Lane Primary ${suffix}`)
	await page.getByLabel('Subdomain').fill('riverside')
	await page.getByLabel('URN').fill('654321')
	await page.getByRole('button', { name: 'Create school' }).click()
	await expect(page.getByText('School subdomain should be unique. Please change it and try again.')).toBeVisible()
	await page.getByLabel('Subdomain').fill(`brook-lane-${suffix}`)
	await page.getByRole('button', { name: 'Create school' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Brook Lane Primary ${suffix}` })).toBeVisible()
	await expect(page.getByText('School created').first()).toBeVisible()
	await page.getByRole('link', { name: 'Schools', exact: true }).first().click()
	await page.getByLabel('Search by name, subdomain or URN').fill(`brook-lane-${suffix}`)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('link', { name: `Brook Lane Primary ${suffix}` })).toBeVisible()
})

test('add a school admin, who completes the invitation; impersonate them; exit back to schools', async ({ page, browser }, testInfo) => {
	const email = `head-${testInfo.project.name}@meadowview.test`
	// Each project adds its own admin: the two runs share one database.
	const lastName = testInfo.project.name === 'chromium' ? 'Moss' : 'Frost'
	await signIn(page, 'admin@spencer.test')
	await page.getByRole('link', { name: 'Meadow View School' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Meadow View School' })).toBeVisible()

	const before = outboxSize()
	await page.getByRole('link', { name: 'Add school admin' }).click()
	const dialog = page.getByRole('dialog', { name: 'Add school admin' })
	await dialog.getByLabel('First name').fill('Hannah')
	await dialog.getByLabel('Last name').fill(lastName)
	await dialog.getByLabel('E-mail').fill(email)
	await page.getByRole('button', { name: 'Add and send invitation' }).click()
	await expect(page.getByText('School admin added').first()).toBeVisible()
	await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Invited')

	// The new admin opens the invitation in their own browser.
	const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.name === 'chromium' })
	const them = await theirs.newPage()
	const link = linkIn(await latestMail(email, /invited to Spencer/, before), '/auth/set-password-from-email')
	await them.goto(link)
	await them.getByLabel('Password').fill('Meadow-Lark!2026')
	await them.getByRole('button', { name: 'Save password and sign in' }).click()
	await expect(them).toHaveURL('/school-admin')
	await expect(them.getByRole('heading', { level: 1, name: 'Meadow View School' })).toBeVisible()
	await theirs.close()

	await page.reload()
	await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Active')
	await page.getByRole('button', { name: `Impersonate Hannah ${lastName}` }).click()
	await expect(page).toHaveURL('/school-admin')
	await expect(page.getByText(`You are in impersonation mode, viewing ${email} account. To exit, click`)).toBeVisible()
	await page.getByRole('button', { name: 'Exit impersonation' }).click()
	await expect(page).toHaveURL('/spencer-admin/schools')
	await expect(page.getByText(/You are in impersonation mode/)).toHaveCount(0)
})
