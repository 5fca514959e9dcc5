import { readFileSync } from 'node:fs'
import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { hasJs, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript (polling progress bar) and without (a refresh link), on
// one shared database: each project imports its own UPNs.

const upnFor = (prefix: string, n: number) => withCheckLetter(`${prefix}${String(n).padStart(4, '0')}`)

function csvFor(prefix: string) {
	const upn = (n: number) => upnFor(prefix, n)
	return [
		'Legal Surname,Legal Forename,DOB,NC Year,Sex,UPN',
		`Mensah,Kofi,03/09/2015,5,M,${upn(1)}`,
		`Kowalska,Zofia,2016-01-12,Year 4,F,${upn(2)}`,
		`Quinn,Niamh,21/11/2014,6,F,${upn(3)}`,
		'Wrong,Letter,01/01/2015,5,M,A801200005002',
		`Bad,Date,31/02/2015,5,F,${upn(4)}`,
	].join('\r\n')
}

/** A figure of a description list: the <dd> beside its <dt>. */
const figure = (page: Page, list: string, label: string) =>
	page
		.locator(`dl[aria-label="${list}"] > div`)
		.filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
		.locator('dd')

async function checkFile(page: Page, name: string, content: string) {
	await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) })
	await page.getByRole('button', { name: 'Check file' }).click()
	await expect(page.getByRole('heading', { name: `Check of ${name}: nothing has been imported yet` })).toBeVisible()
}

async function waitForCompletion(page: Page) {
	const done = page.getByText('Completed with errors')
	if (hasJs()) {
		// The progress bar polls by itself.
		await expect(done).toBeVisible({ timeout: 20_000 })
		return
	}
	await expect(async () => {
		if (!(await done.isVisible())) {
			await page.getByRole('link', { name: 'Refresh' }).click()
		}
		await expect(done).toBeVisible({ timeout: 500 })
	}).toPass({ timeout: 20_000 })
}

test('import 3 good rows and 2 bad ones, read the errors, import the file again and nothing changes', async ({ page }) => {
	test.setTimeout(90_000)
	const name = hasJs() ? 'year-5-js.csv' : 'year-5-no-js.csv'
	const prefix = hasJs() ? '77725001' : '77725002'
	const csv = csvFor(prefix)

	await signIn(page, 'office@oakfield.test', { at: '/school-admin/students/list' })
	await page.getByRole('link', { name: 'Import students' }).click()
	await expect(page.getByRole('heading', { level: 1, name: 'Import students' })).toBeVisible()

	await checkFile(page, name, csv)
	await expect(figure(page, 'What the import would do', 'Would be created')).toHaveText('3')
	await expect(figure(page, 'What the import would do', 'Would be refused')).toHaveText('2')
	const refused = page.getByRole('table', { name: 'Rows that would be refused' })
	await expect(refused.getByRole('row', { name: /5 UPN This UPN's check letter is not right/ })).toBeVisible()
	await expect(refused.getByRole('row', { name: /6 DOB Enter a real date/ })).toBeVisible()

	await page.getByRole('button', { name: 'Start import' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Import of ${name}` })).toBeVisible()
	await waitForCompletion(page)
	await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '5')
	await expect(figure(page, 'Import counts', 'Created')).toHaveText('3')
	await expect(figure(page, 'Import counts', 'Refused')).toHaveText('2')
	const errors = page.getByRole('table', { name: `Problems found in ${name}` })
	await expect(errors.getByRole('row', { name: /5 UPN This UPN's check letter is not right/ })).toBeVisible()
	await expect(errors.getByRole('row', { name: /6 DOB Enter a real date/ })).toBeVisible()

	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download the refused rows and their problems as CSV' }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toBe(name.replace('.csv', '-errors.csv'))
	expect(readFileSync(await download.path(), 'utf8')).toContain('6,DOB,Enter a real date')

	// The same file again: the dry run and the job both find nothing to change.
	await page.getByRole('link', { name: 'Import students' }).click()
	await checkFile(page, name, csv)
	await expect(figure(page, 'What the import would do', 'Would be created')).toHaveText('0')
	await expect(figure(page, 'What the import would do', 'Would be updated')).toHaveText('0')
	await expect(figure(page, 'What the import would do', 'Unchanged')).toHaveText('3')
	await page.getByRole('button', { name: 'Start import' }).click()
	await waitForCompletion(page)
	await expect(figure(page, 'Import counts', 'Created')).toHaveText('0')
	await expect(figure(page, 'Import counts', 'Updated')).toHaveText('0')
	await expect(figure(page, 'Import counts', 'Unchanged')).toHaveText('3')

	await page.goto(`/school-admin/students/list?q=${upnFor(prefix, 2)}`)
	await expect(page.getByRole('row', { name: /Zofia Kowalska/ })).toHaveCount(1)
})

test('a file with a wrong column is refused beside the field, and nothing is written', async ({ page }) => {
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/students/import' })
	await page.getByLabel('CSV file', { exact: true }).setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('UPN;Forename;Surname\n1;2;3\n') })
	await page.getByRole('button', { name: 'Check file' }).click()
	await expect(page.getByText('File is broken, please make sure your CSV file has correct columns and values.')).toBeVisible()
	await expect(page.getByLabel('CSV file', { exact: true })).toHaveAttribute('aria-invalid', 'true')
	// The focus is on the field to correct, with JavaScript and without (ADR 101).
	await expect(page.getByLabel('CSV file', { exact: true })).toBeFocused()
})
