import { withCheckLetter } from '../../app/lib/upn.ts'
import { choose, downloadZip, hasJs, hydrated, latestMail, linkIn, outboxSize, signIn, untilJobShows } from './helpers.ts'
import { axeViolations, expect, test } from './fixtures.ts'

// Runs with JavaScript and without, on one shared database: each run makes (and offboards) a school of its own, with a
// school admin and a student, so no other test loses a demo school. Every row left is counted in
// tests/integration/offboarding.test.ts; here, what the platform admin sees and what the school's people can still do.

test('[17.4] the platform admin offboards a school after the dry run: archived first, subdomain typed, then gone', async ({ page, browser }) => {
	test.setTimeout(120_000)
	const suffix = hasJs() ? 'js' : 'nojs'
	const name = `Hollybrook Primary ${suffix}`
	const subdomain = `hollybrook-${suffix}`
	const head = `head@hollybrook-${suffix}.test`

	await signIn(page, 'admin@spencer.test')
	await page.getByRole('link', { name: 'Add school' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'New school' })).toBeVisible()
	if (hasJs()) await hydrated(page)
	await page.getByLabel('Name').fill(name)
	await page.getByLabel('Subdomain').fill(subdomain)
	await page.getByRole('button', { name: 'Create school' }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

	// A school admin, who accepts the invitation and adds a student.
	const before = outboxSize()
	await page.getByRole('link', { name: 'Add school admin' }).click()
	const dialog = page.getByRole('dialog', { name: 'Add school admin' })
	await dialog.getByLabel('First name').fill('Hazel')
	await dialog.getByLabel('Last name').fill('Brook')
	await dialog.getByLabel('Email').fill(head)
	await page.getByRole('button', { name: 'Add and send invitation' }).click()
	await expect(page.getByText('School admin added').first()).toBeVisible()
	const theirs = await browser.newContext({ javaScriptEnabled: hasJs() })
	const them = await theirs.newPage()
	await them.goto(linkIn(await latestMail(head, /invited to Spencer/, before), '/auth/set-password-from-email'))
	await them.getByLabel('Password').fill('Holly-Brook!2026')
	await them.getByRole('button', { name: 'Save password and sign in' }).click()
	await expect(them).toHaveURL('/school-admin/students/list')
	await them.goto('/school-admin/students/list/create')
	const upn = withCheckLetter(hasJs() ? '777250000041' : '777250000042')
	await them.getByLabel('UPN').fill(upn)
	await them.getByLabel('First name').fill('Ivy')
	await them.getByLabel('Last name').fill('Thornton')
	await them.getByLabel('Date of birth').fill('2018-03-14')
	await choose(them, 'Gender', 'Female')
	await choose(them, 'Year group', 'Year 2')
	await choose(them, 'SEN status', 'None')
	await them.getByRole('button', { name: 'Create student' }).click()
	await expect(them.getByRole('heading', { level: 1, name: 'Ivy Thornton' })).toBeVisible()

	// The dry run: what would go, counted; not yet possible while the school is not archived.
	await page.getByRole('link', { name: 'Offboard this school…' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Offboard ${name}` })).toBeVisible()
	const deleted = page.getByRole('table', { name: 'Deleted with the school' })
	await expect(deleted.getByRole('row', { name: 'Students 1' })).toBeVisible()
	await expect(deleted.getByRole('row', { name: 'Staff directory entries 1' })).toBeVisible()
	await expect(deleted.getByRole('row', { name: 'Staff accounts with no other school 1' })).toBeVisible()
	await expect(page.getByText('The school is not archived.')).toBeVisible()
	await expect(page.getByRole('button', { name: 'Delete the school and everything it holds' })).toHaveCount(0)

	await page.getByRole('link', { name: 'Archive it on its page' }).click()
	await page.getByRole('button', { name: 'Archive school' }).click()
	await expect(page.getByText('School archived').first()).toBeVisible()
	await page.getByRole('link', { name: 'Offboard this school…' }).click()
	await expect(page.getByText('Done: the school is archived')).toBeVisible()

	// Step 2: the whole school as one ZIP, to hand to the school before anything is deleted.
	await page.getByRole('region', { name: '2. Export the school' }).getByRole('button', { name: 'Prepare the export' }).click()
	const download = page.getByRole('link', { name: new RegExp(`^Download spencer-school-${subdomain}-`) })
	await untilJobShows(page, download)
	const { files } = await downloadZip(page, download)
	expect(files[`students/${upn}/report.html`]).toContain('What Spencer holds about Ivy Thornton')
	expect(files['staff.csv']).toContain(head)
	await expect(page.getByRole('table', { name: 'Deleted with the school' }).getByRole('row', { name: /^Exports .* 1$/ })).toBeVisible()

	// A subdomain that is not the school's: refused beside the field, nothing deleted.
	const confirmation = page.getByLabel(`Type the school’s subdomain, ${subdomain}, to confirm`)
	await confirmation.fill('oakfield')
	await page.getByRole('button', { name: 'Delete the school and everything it holds' }).click()
	await expect(page.getByText('This is not the school’s subdomain. Type it exactly as shown above.')).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: `Offboard ${name}` })).toBeVisible()

	// What the dry run said would go, kind by kind (the row headers of its table).
	const kinds = await page.getByRole('table', { name: 'Deleted with the school' }).getByRole('rowheader').allTextContents()
	expect(kinds.length).toBeGreaterThan(15)

	await confirmation.fill(subdomain)
	await page.getByRole('button', { name: 'Delete the school and everything it holds' }).click()
	// The offboarding's record: every kind of row counted again for the school's id, table by table, and none left.
	await expect(page).toHaveURL(/\/spencer-admin\/schools\/[0-9a-f-]{36}\/offboarded$/)
	await expect(page.getByRole('heading', { level: 1, name: 'School offboarded' })).toBeVisible()
	await expect(page.getByText(`${name} offboarded`).first()).toBeVisible()
	await expect(page.getByText('Nothing: no row of the school remains in Spencer.')).toBeVisible()
	const left = page.getByRole('table', { name: 'Left in Spencer, counted now' })
	expect(await left.getByRole('rowheader').allTextContents()).toEqual(kinds)
	expect(await left.locator('tbody td').allTextContents()).toEqual(kinds.map(() => '0'))
	// The record at a phone's width (WCAG 1.4.10): it reflows, and axe finds nothing there either. The page's width is
	// read by a script, so in the run with JavaScript (the layout is the same without).
	if (hasJs()) {
		await page.setViewportSize({ width: 320, height: 640 })
		const widths = await page.evaluate(() => ({ scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth }))
		expect(widths.scroll).toBeLessThanOrEqual(widths.inner)
		expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])).toEqual([])
		await page.setViewportSize({ width: 1280, height: 720 })
	}

	await page.getByRole('link', { name: 'Schools', exact: true }).first().click()
	await expect(page).toHaveURL('/spencer-admin/schools')
	await page.getByLabel('Search by name, subdomain or URN').fill(subdomain)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('link', { name })).toHaveCount(0)

	// The school admin's account went with the school (they worked nowhere else): their session and their password no longer open anything.
	await them.goto('/school-admin/students/list')
	await expect(them).toHaveURL(/\/auth\/login/)
	await them.getByLabel('Email').fill(head)
	await them.getByLabel('Password').fill('Holly-Brook!2026')
	await them.getByRole('button', { name: 'Sign in' }).click()
	await expect(them.getByText(/Invalid email or password|incorrect/i).first()).toBeVisible()
	await theirs.close()
})
