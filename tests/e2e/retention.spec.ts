import { todayInUk } from '../../app/lib/format.ts'
import { addYearsTo } from '../../app/lib/retention-schema.ts'
import { hasJs, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript and without, on one shared database: each run sets the period back to the default and lifts the
// hold it placed, on a student of its own, so the other run finds the screen as the demo left it. Meadow View's demo
// has two students who left six years ago less a few days (due within 30 days) and one who left almost two years ago.

test('[17.2] the school admin sets the retention period and places a hold on a student due', async ({ page }) => {
	test.setTimeout(90_000)
	const student = hasJs() ? 'Nadia Farrow' : 'Callum Pryce'
	const until = addYearsTo(todayInUk(), 1)

	await signIn(page, 'office@meadowview.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Retention' }).click()
	await expect(page).toHaveURL('/school-admin/retention')
	await expect(page.getByRole('heading', { level: 1, name: 'Retention' })).toBeVisible()
	await expect(page.getByText('Choosing a period')).toBeVisible()
	const due = page.getByRole('region', { name: 'Due in the next 30 days' })
	await expect(due.getByRole('row', { name: /Nadia Farrow/ })).toBeVisible()
	await expect(due.getByRole('row', { name: /Callum Pryce/ })).toBeVisible()
	await expect(due.getByRole('row', { name: /Esme Lockwood/ })).toHaveCount(0)

	// The period: out of range refused beside the field (in the browser with JavaScript, by the server without).
	const years = page.getByLabel('Keep records for (years)')
	const save = page.getByRole('button', { name: 'Save period' })
	await years.fill('40')
	await save.click()
	await expect(page.getByText('Enter a whole number of years from 1 to 35')).toBeVisible()

	// Two years: the student who left almost two years ago comes due; the two of six years ago are past their date.
	await years.fill('2')
	await save.click()
	await expect(page.getByText('Retention period saved').first()).toBeVisible()
	await expect(due.getByRole('row', { name: /Esme Lockwood/ })).toBeVisible()
	await expect(due.getByRole('row', { name: /Nadia Farrow/ })).toContainText('At the next nightly erasure')

	// Back to the default: as the demo had it.
	await years.fill('6')
	await save.click()
	await expect(page.getByText('kept for 6 years after they were archived').first()).toBeVisible()
	await expect(due.getByRole('row', { name: /Esme Lockwood/ })).toHaveCount(0)

	// A hold, through the modal its address opens.
	const row = due.getByRole('row', { name: new RegExp(student) })
	await row.getByRole('link', { name: `Place hold for ${student}` }).click()
	await expect(page).toHaveURL(/[?&]modal=retention-hold(&|$)/)
	const dialog = page.getByRole('dialog', { name: `Hold the records of ${student}` })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Place hold' }).click()
	await expect(dialog.getByText('Give the reason for the hold')).toBeVisible()
	await dialog.getByLabel('Reason').fill('Safeguarding hold, advised by the DSL on 12/11')
	await dialog.getByLabel('Keep until').fill(until)
	await dialog.getByRole('button', { name: 'Place hold' }).click()
	await expect(page).toHaveURL('/school-admin/retention')
	await expect(page.getByText('Hold placed').first()).toBeVisible()
	await expect(row).toContainText(`On hold until ${until.split('-').reverse().join('/')}`)

	// Lifted again, from the same modal.
	await row.getByRole('link', { name: `Change hold for ${student}` }).click()
	await expect(dialog.getByLabel('Reason')).toHaveValue('Safeguarding hold, advised by the DSL on 12/11')
	await dialog.getByRole('button', { name: 'Lift hold' }).click()
	await expect(page).toHaveURL('/school-admin/retention')
	await expect(page.getByText('Hold lifted').first()).toBeVisible()
	await expect(row).toContainText('None')
	await expect(row.getByRole('link', { name: `Place hold for ${student}` })).toBeVisible()
})
