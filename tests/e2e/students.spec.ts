import { withCheckLetter } from '../../app/lib/upn.ts'
import { choose, hasJs, hydrated, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Every test runs twice, with JavaScript (project "chromium") and without
// ("chromium-no-js"), on one shared database: each run uses its own UPN and name.

test('create a student (a wrong check letter and a duplicate UPN are refused on the field), find it, edit it', async ({ page }) => {
	// One journey through three screens and five posts: longer than the default 30 s on a slow machine.
	test.setTimeout(90_000)
	const upn = withCheckLetter(hasJs() ? '777240000001' : '777240000002')
	const lastName = hasJs() ? 'Okafor' : 'Lindqvist'
	const wrongLetter = `${upn.charAt(0) === 'A' ? 'B' : 'A'}${upn.slice(1)}`

	await signIn(page, 'office@oakfield.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click()
	await expect(page).toHaveURL('/school-admin/students/list')
	await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Students sections' }).getByRole('link', { name: 'Students', exact: true })).toHaveAttribute('aria-current', 'page')

	await page.getByRole('link', { name: 'Add student' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'New student' })).toBeVisible()
	await page.getByLabel('UPN').fill(wrongLetter)
	await page.getByLabel('First name').fill('Maya')
	await page.getByLabel('Last name').fill(lastName)
	await page.getByLabel('Date of birth').fill('2018-03-14')
	await choose(page, 'Gender', 'Female')
	await choose(page, 'Year group', 'Year 2')
	await choose(page, 'SEN status', 'SEN support')
	await choose(page, 'Key professional', 'Tom Harris (Class Teacher)')
	await page.getByRole('button', { name: 'Create student' }).click()
	await expect(page.getByText("This UPN's check letter is not right")).toBeVisible()

	// A UPN already on the platform (a seeded Oakfield student's).
	await page.getByLabel('UPN').fill(withCheckLetter('330240000001'))
	await page.getByRole('button', { name: 'Create student' }).click()
	await expect(page.getByText('Student upn already exist.')).toBeVisible()

	await page.getByLabel('UPN').fill(upn)
	// Without JavaScript the page came back from the server: the fields kept their values.
	await expect(page.getByLabel('Last name')).toHaveValue(lastName)
	await page.getByRole('button', { name: 'Create student' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Maya ${lastName}` })).toBeVisible()
	await expect(page.getByText('Student created').first()).toBeVisible()
	await expect(page.getByText('born 14/03/2018')).toBeVisible()

	await page.getByRole('link', { name: 'Students', exact: true }).first().click()
	await page.getByLabel('Search by name or UPN').fill(upn)
	await page.getByRole('button', { name: 'Search' }).click()
	const row = page.getByRole('row', { name: new RegExp(`Maya ${lastName}`) })
	await expect(row).toContainText(upn)
	await expect(row).toContainText('Tom Harris')
	await expect(row).toContainText('SEN support')
	await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()

	// With JavaScript the row's link navigates in the page (the marker survives); without it, it is a plain link.
	if (hasJs()) await page.evaluate(() => Object.assign(window, { samePage: true }))
	await row.getByRole('link', { name: `Maya ${lastName}` }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Maya ${lastName}` })).toBeVisible()
	if (hasJs()) expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true)
	await choose(page, 'Year group', 'Year 3')
	await choose(page, 'Key professional', 'Sarah Collins (SENCo)')
	await page.getByRole('group', { name: 'Connected professionals' }).getByText('Tom Harris (Class Teacher)').click()
	await page.getByRole('button', { name: 'Save details' }).click()
	await expect(page.getByText('Student saved').first()).toBeVisible()
	await expect(page.getByRole('checkbox', { name: 'Tom Harris (Class Teacher)' })).toBeChecked()

	await page.getByRole('link', { name: 'Students', exact: true }).first().click()
	await page.getByLabel('Search by name or UPN').fill(lastName)
	await page.getByLabel('Year group').selectOption('Year 3')
	await page.getByRole('button', { name: 'Search' }).click()
	const edited = page.getByRole('row', { name: new RegExp(`Maya ${lastName}`) })
	await expect(edited).toContainText('Year 3')
	await expect(edited).toContainText('Sarah Collins')
})

test('a table wider than a phone scrolls in a box the keyboard reaches, with or without JavaScript; a table that fits adds no tab stop', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 640 })
	await signIn(page, 'office@oakfield.test')
	await page.goto('/school-admin/students/list')
	// Unmeasured (without JavaScript, for good) the box is named as a table; measured, it says it scrolls.
	const box = page.getByRole('region', { name: hasJs() ? /^Students, 1–\d+ of \d+ scrolls sideways$/ : /^Students, 1–\d+ of \d+ table$/ })
	await expect(box).toHaveAttribute('tabindex', '0')
	// A stop of its own, just before its first link (the first column's sort), and scrolled by the arrow keys.
	await box.getByRole('link').first().focus()
	await page.keyboard.press('Shift+Tab')
	await expect(box).toBeFocused()
	await page.keyboard.press('ArrowRight')
	await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)

	if (!hasJs()) return
	// Wide enough for the whole table, the box is measured and leaves the tab order.
	await page.setViewportSize({ width: 1280, height: 800 })
	await hydrated(page)
	await expect(page.locator('table').locator('xpath=..')).not.toHaveAttribute('tabindex')
	await expect(page.getByRole('region', { name: /^Students, / })).toHaveCount(0)
})
