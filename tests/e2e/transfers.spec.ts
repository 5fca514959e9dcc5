import { type Page } from '@playwright/test'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { hasJs, signIn } from './helpers.ts'
import { expect, test } from './fixtures.ts'

// Runs with JavaScript ("chromium") and without ("chromium-no-js") on one shared
// database: each run transfers its own seeded Oakfield student (each has a profile).

/** An open URL modal; with JavaScript, once it is React Aria's dialog (hydrated). */
async function dialogNamed(page: Page, name: string | RegExp) {
	const dialog = page.getByRole('dialog', { name })
	await expect(dialog).toBeVisible()
	if (hasJs()) await expect(dialog).toHaveAttribute('data-rac', '')
	return dialog
}

async function findStudent(page: Page, upn: string) {
	await page.goto(`/school-admin/students/list?q=${upn}`)
	return page.getByRole('row').filter({ hasText: upn })
}

test('send a transfer to Riverside, approve it there: the student leaves Oakfield with its profiles', async ({ page }) => {
	test.setTimeout(120_000)
	const upn = withCheckLetter(hasJs() ? '330240000006' : '330240000007')

	await signIn(page, 'office@oakfield.test')
	const row = await findStudent(page, upn)
	await expect(row).toHaveCount(1)
	const name = (await row.getByRole('link').textContent())!.trim()
	await row.getByRole('link', { name }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await expect(page.getByRole('heading', { level: 2, name: 'Profiles (1)' })).toBeVisible()

	await page.getByRole('link', { name: 'Transfer student' }).click()
	let dialog = await dialogNamed(page, `Transfer ${name}`)
	// The destination is found by name, subdomain or URN; nothing matching is refused beside the field.
	await dialog.getByRole('combobox', { name: 'Destination school' }).fill('Nowhere High')
	await dialog.getByRole('button', { name: 'Send transfer request' }).click()
	dialog = await dialogNamed(page, `Transfer ${name}`)
	await expect(dialog.getByText('No school matches “Nowhere High”')).toBeVisible()
	const destination = dialog.getByRole('combobox', { name: 'Destination school' })
	if (hasJs()) {
		await destination.fill('River')
		await page.getByRole('option', { name: 'Riverside Academy (riverside, URN 138802)' }).click()
		await expect(destination).toHaveValue('Riverside Academy (riverside, URN 138802)')
	} else {
		await destination.fill('riverside')
	}
	await dialog.getByLabel('Note').fill('The family is moving to Nottingham.')
	await dialog.getByRole('button', { name: 'Send transfer request' }).click()

	await expect(page).toHaveURL('/school-admin/students/transfer-students/outgoing')
	await expect(page.getByText('Transfer request sent').first()).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Transfer requests' }).getByRole('link', { name: 'Outgoing requests' })).toHaveAttribute('aria-current', 'page')
	const sent = page.getByRole('row').filter({ hasText: upn })
	await expect(sent).toContainText('Riverside Academy')
	await expect(sent).toContainText('Request sent')

	await page.getByRole('button', { name: 'Sign out' }).click()
	await signIn(page, 'office@riverside.test')
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Students' }).click()
	await page.getByRole('navigation', { name: 'Students sections' }).getByRole('link', { name: 'Transfer students' }).click()
	await expect(page).toHaveURL('/school-admin/students/transfer-students/incoming')
	const incoming = page.getByRole('row').filter({ hasText: upn })
	await expect(incoming).toContainText('Oakfield Primary School')
	await expect(incoming).toContainText('The family is moving to Nottingham.')
	await incoming.getByRole('link', { name: `Approve transfer of ${name}` }).click()
	dialog = await dialogNamed(page, 'Approve transfer')
	await expect(dialog).toContainText(`${name} will move to your school`)
	await dialog.getByRole('button', { name: 'Approve transfer' }).click()
	await expect(page.getByText('Transfer approved').first()).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: upn })).toContainText('Request approved')

	// Present at Riverside, with its profile.
	const arrived = await findStudent(page, upn)
	await expect(arrived).toContainText(name)
	await arrived.getByRole('link', { name }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	// The section, not its table's box (a region of its own without JavaScript, ADR 106).
	const profiles = page.getByRole('region', { name: /^Profiles \(\d+\)$/ })
	await expect(profiles.getByRole('heading', { name: 'Profiles (1)' })).toBeVisible()
	await expect(profiles).toContainText('Wellbeing and Needs Check')
	await expect(profiles).toContainText('Recurring, every 6 weeks')

	// Gone from Oakfield.
	await page.getByRole('button', { name: 'Sign out' }).click()
	await signIn(page, 'office@oakfield.test')
	await findStudent(page, upn)
	await expect(page.getByText('No matching data')).toBeVisible()
	await page.goto('/school-admin/students/transfer-students/outgoing')
	await expect(page.getByRole('row').filter({ hasText: upn })).toContainText('Request approved')
})
