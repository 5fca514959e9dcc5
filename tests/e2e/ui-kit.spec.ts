import { type Locator, type Page } from '@playwright/test'
import { hasJs, hydrated, pointAtChart } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Every test runs twice: with JavaScript (project "chromium") and without
// ("chromium-no-js"). Branches on `hasJs` are only where the page differs.

/** Opens a page of the kit; with JavaScript, once React has hydrated it, as the kit's controls are React Aria's. */
async function open(page: Page, path: string) {
	await page.goto(path)
	if (hasJs()) await hydrated(page)
}

/** Picks an option of our Select or ComboBox: a native <select> without JavaScript, the React Aria popover with it. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
	if (!hasJs()) {
		await scope.getByLabel(label, { exact: true }).selectOption({ label: option })
		return
	}
	const combo = scope.getByRole('combobox', { name: label, exact: true })
	if (await combo.count()) {
		await combo.fill(option.slice(0, 4))
	} else {
		// Opened from the keyboard: a pointer press opens the list under the
		// pointer, and releasing it there would pick whatever option is under it.
		await scope.getByRole('button', { name: new RegExp(`${label}$`) }).press('Enter')
	}
	await page.getByRole('option', { name: option, exact: true }).click()
}

test('/ui-kit goes to the charts, and the section links mark the current page', async ({ page }) => {
	await open(page, '/ui-kit')
	await expect(page).toHaveURL(/\/ui-kit\/charts$/)
	await expect(page).toHaveTitle('Charts · UI kit · Spencer')
	await expect(page.getByRole('heading', { level: 1, name: 'UI kit' })).toBeVisible()
	const nav = page.getByRole('navigation', { name: 'UI kit sections' })
	await expect(nav.getByRole('link')).toHaveCount(7)
	await expect(nav.getByRole('link', { name: 'Charts' })).toHaveAttribute('aria-current', 'page')
	await nav.getByRole('link', { name: 'Typography' }).click()
	await expect(page).toHaveURL(/\/ui-kit\/typography$/)
	await expect(nav.getByRole('link', { name: 'Typography' })).toHaveAttribute('aria-current', 'page')
	await expect(nav.getByRole('link', { name: 'Charts' })).not.toHaveAttribute('aria-current', 'page')
	await expect(page.getByRole('heading', { level: 2, name: 'Typography' })).toBeVisible()
	await expect(page.getByText('Numbers group thousands: 1,234.56.')).toBeVisible()
})

test('charts: each chart has its data table; the chart itself only with JavaScript', async ({ page }) => {
	await open(page, '/ui-kit/charts')
	const pie = page.getByRole('table', { name: 'Questions by severity' })
	await expect(pie.getByRole('row')).toHaveCount(4)
	await expect(pie.getByRole('row', { name: /High/ })).toContainText('6')
	await expect(pie.getByRole('row', { name: /Medium/ })).toContainText('9')
	await expect(pie.getByRole('row', { name: /Low/ })).toContainText('10')
	const domains = page.getByRole('table', { name: 'Domain scores, round 2', exact: true })
	await expect(domains.getByRole('rowheader')).toHaveText([
		'Emotional wellbeing',
		'Social interaction',
		'Learning behaviours',
		'Communication',
		'Self-regulation',
	])
	await expect(domains.getByRole('row', { name: /Self-regulation/ })).toHaveText(/Self-regulation\s*3\.2$/)
	const comparison = page.getByRole('table', { name: 'Domain scores, round 2 against round 1' })
	await expect(comparison.getByRole('columnheader')).toHaveText(['Domain', 'Round 2', 'Round 1', 'Difference'])
	await expect(comparison.getByRole('row', { name: /Learning behaviours/ })).toHaveText(/Learning behaviours\s*1\.2\s*1\.0\s*\+0\.2$/)

	const charts = page.locator('.apexcharts-canvas')
	if (hasJs()) {
		await pointAtChart(page)
		await expect(charts).toHaveCount(3)
		await expect(page.locator('[data-chart="pie"] .apexcharts-pie-series')).toHaveCount(3)
	} else {
		await expect(charts).toHaveCount(0)
	}
})

test('buttons: variants, a disabled and a pending button, and a form that posts', async ({ page }) => {
	await open(page, '/ui-kit/buttons')
	await expect(page).toHaveTitle('Buttons · UI kit · Spencer')
	await expect(page.getByRole('button', { name: 'Danger lg' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Disabled', exact: true })).toBeDisabled()
	const pending = page.getByRole('button', { name: 'Saving changes' })
	await expect(pending).toHaveAttribute('aria-disabled', 'true')
	await expect(pending.locator('svg.animate-spin')).toHaveCount(1)
	// A text button and an icon-only one (named by aria-label) both read "Add student".
	await expect(page.getByRole('button', { name: 'Add student' })).toHaveCount(2)

	const save = page.getByRole('button', { name: 'Save', exact: true })
	await save.click()
	// With JavaScript the button is pending while the (slow) action runs.
	if (hasJs()) {
		await expect(save).toHaveAttribute('aria-disabled', 'true')
		await expect(save.locator('svg.animate-spin')).toHaveCount(1)
	}
	await expect(page.getByRole('status').filter({ hasText: /Saved at \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\./ })).toBeVisible()
	await expect(save).not.toHaveAttribute('aria-disabled', 'true')
	await expect(save.locator('svg.animate-spin')).toHaveCount(0)
})

test('inputs: the demo form shows the server’s errors beside the fields, then saves', async ({ page }) => {
	await open(page, '/ui-kit/inputs')
	await expect(page).toHaveTitle('Inputs · UI kit · Spencer')
	// The showcase: states of the fields.
	await expect(page.getByRole('textbox', { name: 'Disabled field' })).toBeDisabled()
	await expect(page.getByRole('textbox', { name: 'Invalid field' })).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByRole('textbox', { name: 'Invalid field' })).toHaveAccessibleDescription(
		'Use only lower-case letters, digits and hyphens.',
	)
	// Shown invalid on purpose, it does not take the focus as the page loads.
	await expect(page.getByRole('textbox', { name: 'Invalid field' })).not.toBeFocused()

	const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Check and save' }) })
	await form.getByRole('textbox', { name: 'Full name' }).fill('A')
	// Passes the browser's own e-mail check, not the server's.
	await form.getByRole('textbox', { name: 'Email address' }).fill('someone@school')
	await form.getByLabel('Password').fill('short')
	await form.getByRole('textbox', { name: 'UPN' }).fill('A801200005001')
	await form.getByRole('button', { name: 'Check and save' }).click()

	const name = form.getByRole('textbox', { name: 'Full name' })
	await expect(form.getByText('Enter a name of at least 2 letters.')).toBeVisible()
	await expect(name).toHaveAttribute('aria-invalid', 'true')
	// The form's first field in error has the focus, not the showcase's invalid field above it (ADR 101).
	await expect(name).toBeFocused()
	await expect(name).toHaveAccessibleDescription('Enter a name of at least 2 letters.')
	await expect(name).toHaveValue('A')
	await expect(form.getByRole('textbox', { name: 'UPN' })).toHaveAccessibleDescription(
		/13 letters and digits.*Enter a valid UPN: 13 characters, the first one its check letter\./,
	)
	await expect(form.getByText('Enter an email address like name@school.org.uk.')).toBeVisible()
	await expect(form.getByText('Choose a year group.')).toBeVisible()
	await expect(form.getByText('Choose a school from the list.')).toBeVisible()
	await expect(form.getByText('Choose a severity.')).toBeVisible()
	await expect(form.getByText('Confirm that you have read the guidance.')).toBeVisible()
	await expect(form.getByRole('alert').first()).toBeVisible()
	// The server never sends the password back (with JavaScript the browser simply keeps what was typed).
	if (!hasJs()) await expect(form.getByLabel('Password')).toHaveValue('')

	await name.fill('Amelia Hughes')
	await form.getByRole('textbox', { name: 'Email address' }).fill('amelia@oakfield.sch.uk')
	await form.getByLabel('Password').fill('Spencer!2026')
	await form.getByRole('textbox', { name: 'UPN' }).fill('B801200005001')
	await choose(page, form, 'Year group', 'Year 7')
	await choose(page, form, 'School', 'Riverside Academy')
	await form.getByText('Medium', { exact: true }).click()
	await form.getByRole('textbox', { name: 'Support hours a week' }).fill('12.5')
	await form.getByText('I have read the guidance on recording needs').click()
	await form.getByRole('button', { name: 'Check and save' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Saved: the server accepted every field.' })).toBeVisible()
	await expect(form.getByRole('alert')).toHaveCount(0)
})

test('inputs: masks filter what is typed; without JavaScript the keyboard hint stays and the server checks', async ({ page }) => {
	await open(page, '/ui-kit/inputs')
	const digits = page.getByRole('textbox', { name: 'Digits only' })
	const letters = page.getByRole('textbox', { name: 'Letters only' })
	const upn = page.getByRole('textbox', { name: 'Letters and digits' })
	const amount = page.getByRole('textbox', { name: 'Amount' })
	await expect(digits).toHaveAttribute('inputmode', 'numeric')
	await expect(amount).toHaveAttribute('inputmode', 'decimal')
	await digits.pressSequentially('12a3-45678')
	await letters.pressSequentially('Zoë 2')
	await upn.pressSequentially('b801-2000 0500 1')
	await amount.pressSequentially('1234.567')
	if (hasJs()) {
		await expect(digits).toHaveValue('123456')
		await expect(letters).toHaveValue('Zoë')
		await expect(upn).toHaveValue('B801200005001')
		await expect(amount).toHaveValue('1,234.56')
	} else {
		await expect(digits).toHaveValue('12a3-45678')
		await expect(amount).toHaveValue('1234.567')
	}
})

test('logos: the Spencer logo is an image named Spencer', async ({ page }) => {
	await open(page, '/ui-kit/logos')
	await expect(page).toHaveTitle('Logos · UI kit · Spencer')
	const logos = page.getByRole('main').getByRole('img', { name: 'Spencer', exact: true })
	expect(await logos.count()).toBeGreaterThanOrEqual(5)
	await expect(logos.first()).toBeVisible()
	await expect(page.getByRole('img', { name: 'The favicon' })).toBeVisible()
})

test('colours: swatches with their hex and contrast', async ({ page }) => {
	await open(page, '/ui-kit/colors')
	await expect(page).toHaveTitle('Colours · UI kit · Spencer')
	const data = page.getByRole('table', { name: 'Scoring and chart colours' })
	await expect(data.getByRole('row', { name: /Severity medium/ })).toContainText('#E67411')
	await expect(data.getByRole('row', { name: /Severity medium/ })).toContainText('3.06:1, large text and graphics only')
	await expect(data.getByRole('row', { name: /Severity medium/ })).toContainText('5.84:1, passes for text')
	const brand = page.getByRole('table', { name: 'Brand and interface colours' })
	await expect(brand.getByRole('row', { name: /Brand/ })).toContainText('7.33:1, passes for text')
})

test('misc: badges, tabs, and a table sorted by the server', async ({ page }) => {
	await open(page, '/ui-kit/misc')
	await expect(page).toHaveTitle('Misc · UI kit · Spencer')
	for (const badge of ['Draft', 'Complete', 'Request rejected', 'In progress', 'Request sent']) {
		await expect(page.getByText(badge, { exact: true })).toBeVisible()
	}
	await expect(page.getByRole('tabpanel')).toHaveText('Questionnaires waiting for your answers.')
	if (hasJs()) {
		await page.getByRole('tab', { name: 'Recommendations' }).click()
		await expect(page.getByRole('tabpanel')).toHaveText('Strategies suggested by the latest rounds.')
	}

	const table = page.getByRole('table', { name: 'Sample students' })
	await expect(table.getByRole('rowheader')).toHaveText(['Amelia Hughes', 'Isla Murphy', 'Noah Williams', 'Oliver Patel'])
	await expect(table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
	await table.getByRole('link', { name: /Date of birth/ }).click()
	await expect(page).toHaveURL(/sort=dateOfBirth&dir=asc/)
	await expect(table.getByRole('rowheader')).toHaveText(['Noah Williams', 'Amelia Hughes', 'Oliver Patel', 'Isla Murphy'])
	await expect(table.getByRole('columnheader', { name: /Date of birth/ })).toHaveAttribute('aria-sort', 'ascending')
	await table.getByRole('link', { name: /Date of birth/ }).click()
	await expect(page).toHaveURL(/sort=dateOfBirth&dir=desc/)
	await expect(table.getByRole('rowheader').first()).toHaveText('Isla Murphy')
	await expect(table.getByRole('cell', { name: '05/01/2021' })).toBeVisible()
})

test('misc: a menu of links, a tooltip', async ({ page }) => {
	await open(page, '/ui-kit/misc')
	if (hasJs()) {
		// The hydrated menu's button (aria-haspopup): a click on the server's <details> before hydration is lost when hydration replaces it.
		await page.locator('button[aria-haspopup]', { hasText: 'Go to' }).click()
		await expect(page.getByRole('menuitem', { name: 'Archive (not available)' })).toHaveAttribute('aria-disabled', 'true')
		await page.getByRole('menuitem', { name: 'Inputs' }).click()
	} else {
		await page.getByText('Go to', { exact: true }).click()
		await page.getByRole('link', { name: 'Inputs', exact: true }).last().click()
	}
	await expect(page).toHaveURL(/\/ui-kit\/inputs$/)

	await open(page, '/ui-kit/misc')
	const add = page.getByRole('button', { name: 'Add student' })
	await expect(add).toBeVisible()
	if (hasJs()) {
		const box = await add.boundingBox()
		if (!box) throw new Error('The button has no box')
		await page.mouse.move(box.x - 10, box.y - 10)
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 })
		await expect(page.getByRole('tooltip')).toHaveText('Add student')
	}
})

test('misc: a modal opens from its link, stacks, and closes with its Close link', async ({ page }) => {
	await open(page, '/ui-kit/misc')
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await page.getByRole('link', { name: 'Open the example modal' }).click()
	await expect(page).toHaveURL(/\/ui-kit\/misc\?modal=example$/)
	const example = page.getByRole('dialog', { name: 'Example modal' })
	await expect(example).toBeVisible()
	await expect(example).toContainText('This dialog is part of the page')

	await example.getByRole('link', { name: 'Open a second modal' }).click()
	await expect(page).toHaveURL(/\?modal=example&modal=stacked$/)
	const stacked = page.getByRole('dialog', { name: 'A second modal' })
	await expect(stacked).toBeVisible()
	await stacked.getByRole('link', { name: 'Close' }).click()
	await expect(page).toHaveURL(/\?modal=example$/)
	await expect(stacked).toHaveCount(0)
	await expect(example).toBeVisible()

	await example.getByRole('link', { name: 'Close' }).click()
	await expect(page).toHaveURL(/\/ui-kit\/misc$/)
	await expect(page.getByRole('dialog')).toHaveCount(0)

	// Back reopens it (the modal is in the history), and it opens straight from its URL.
	await page.goBack()
	await expect(page).toHaveURL(/\?modal=example$/)
	await expect(page.getByRole('dialog', { name: 'Example modal' })).toBeVisible()
	if (hasJs()) {
		await expect(page.getByRole('dialog', { name: 'Example modal' })).toBeFocused()
		await page.keyboard.press('Escape')
		await expect(page).toHaveURL(/\/ui-kit\/misc$/)
		await expect(page.getByRole('dialog')).toHaveCount(0)
	}
})

test('misc: the server answers with a toast, in the corner asked for, each corner a region of its own', async ({ page }) => {
	await open(page, '/ui-kit/misc')
	await page.getByText('Error', { exact: true }).click()
	await page.getByRole('button', { name: 'Show bottom left' }).click()
	const region = page.getByRole('region', { name: 'Notifications, bottom left' })
	await expect(region).toContainText('Something went wrong')
	await expect(region).toContainText('Shown at the bottom left.')
	const viewport = page.viewportSize()
	// Polled: the region is in the page before its toast has been laid out (it slides in).
	await expect
		.poll(async () => {
			const box = await region.boundingBox()
			return Boolean(box && viewport && box.x < viewport.width / 2 && box.y > viewport.height / 2)
		})
		.toBe(true)
	if (hasJs()) {
		await expect(region.getByRole('alertdialog')).toBeVisible()
		await expect(region.getByRole('button', { name: 'Close' })).toBeVisible()
		// An error stays until closed (below, after a success toast has come and gone by itself).
	} else {
		await expect(region.getByRole('alert')).toContainText('Something went wrong')
		await region.getByRole('link', { name: 'Close' }).click()
		await expect(region).toHaveCount(0)
	}

	// By keyboard: with JavaScript the error toast is still there, in the bottom left corner, over the buttons.
	await page.getByText('Success', { exact: true }).click()
	await page.getByRole('button', { name: 'Show top right' }).press('Enter')
	const defaultCorner = page.getByRole('region', { name: 'Notifications', exact: true })
	await expect(defaultCorner).toContainText('Student saved')
	await expect
		.poll(async () => {
			const topRight = await defaultCorner.boundingBox()
			return Boolean(topRight && viewport && topRight.x > viewport.width / 2 && topRight.y < viewport.height / 2)
		})
		.toBe(true)
	if (hasJs()) {
		// The success toast goes by itself after 4 seconds; the error raised before it is still there, until closed.
		await expect(defaultCorner).toHaveCount(0, { timeout: 8000 })
		await expect(region.getByRole('alertdialog')).toContainText('Something went wrong')
		await region.getByRole('button', { name: 'Close' }).click()
		await expect(region).toHaveCount(0)
	}
})
