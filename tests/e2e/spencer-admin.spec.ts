import { hasJs, latestMail, linkIn, outboxSize, pauseClockSoon, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// The notice of an ended impersonation moves on after 1.5 s, without JavaScript by a timed meta refresh, which axe's
// meta-refresh rule (WCAG 2.2.1, F40) flags: ADR 026 chose it, with the same words kept on the page it leads to.
test.use({ acceptedAxeFindings: [{ path: '/impersonation/ended', id: 'meta-refresh' }] })

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
	await dialog.getByLabel('Email').fill(email)
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
	await expect(them).toHaveURL('/school-admin/students/list')
	await expect(them.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
	await theirs.close()

	await page.reload()
	await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Active')
	await page.getByRole('button', { name: `Impersonate Hannah ${lastName}` }).click()
	await expect(page).toHaveURL('/school-admin/students/list')
	await expect(page.getByText(`You are in impersonation mode, viewing ${email} account. To exit, click`)).toBeVisible()
	await page.getByRole('button', { name: 'Exit impersonation' }).click()
	await expect(page).toHaveURL('/spencer-admin/schools')
	await expect(page.getByText(/You are in impersonation mode/)).toHaveCount(0)
})

test('[13.6] an impersonation whose cookie is no longer valid ends with the warning and code 10002, then the schools list after 1.5 s', async ({ page, context }) => {
	test.setTimeout(90_000)
	// With JavaScript the page's clock is the test's: the 1.5 s are stepped through, not waited for.
	if (hasJs()) await page.clock.install()
	await signIn(page, 'admin@spencer.test')
	await page.getByRole('link', { name: 'Oakfield Primary School' }).click()
	await page.getByRole('button', { name: 'Impersonate Tom Harris' }).click()
	await expect(page.getByText('You are in impersonation mode, viewing teacher@oakfield.test account. To exit, click')).toBeVisible()

	// A cookie whose signature no longer matches: "invalid", as an expired one is.
	const cookie = (await context.cookies()).find((candidate) => candidate.name === '__Host-spencer_impersonation')!
	const tampered = `${cookie.value.slice(0, -3)}${cookie.value.endsWith('AAA') ? 'BBB' : 'AAA'}`
	await context.addCookies([{ ...cookie, value: tampered }])
	expect((await context.cookies()).filter((candidate) => candidate.name === cookie.name).map((candidate) => candidate.value)).toEqual([tampered])

	if (hasJs()) {
		// Paused, the page's timers (and animation frames) run only when the test steps the clock.
		await pauseClockSoon(page, 1000)
		try {
			// A client-side navigation: its data request is answered with the interstitial.
			await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questionnaires' }).click()
			await expect(page).toHaveURL('/impersonation/ended')
			await expect(page.getByRole('heading', { level: 1, name: 'Back to your own account' })).toBeVisible()
			await expect(page.locator('main[data-error-code="10002"]')).toContainText('Your impersonation has ended (code 10002)')
			await expect(page.getByRole('link', { name: 'Go to schools now' })).toHaveAttribute('href', '/impersonation/ended?continue')
			await page.clock.runFor(1400)
			await expect(page).toHaveURL('/impersonation/ended')
			await page.clock.runFor(100)
			await expect(page).toHaveURL('/spencer-admin/schools')
		} finally {
			await page.clock.resume()
		}
	} else {
		// Without JavaScript: the interstitial's own meta refresh moves on.
		const landed = await page.goto('/professional/questionnaires')
		expect(landed?.url()).toMatch(/\/impersonation\/ended$/)
		const html = (await landed?.text()) ?? ''
		expect(html).toContain('data-error-code="10002"')
		expect(html).toMatch(/role="status"[^>]*>.*Impersonation ended.*Session expired\. Please start impersonation again\./)
		await expect(page).toHaveURL('/spencer-admin/schools')
	}
	// The warning toast stays on the schools list: for the rest of its time with JavaScript, until the next page without.
	await expect(page.getByText('Impersonation ended', { exact: true })).toBeVisible()
	await expect(page.getByText('Session expired. Please start impersonation again.', { exact: true })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: 'Schools' })).toBeVisible()
	await expect(page.getByText(/You are in impersonation mode/)).toHaveCount(0)
	expect((await context.cookies()).some((candidate) => candidate.name === '__Host-spencer_impersonation')).toBe(false)
})
