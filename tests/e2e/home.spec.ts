import { expect, test } from './fixtures.ts'

test('the home page lists the seeded schools from the database', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByRole('heading', { level: 1, name: 'Spencer' })).toBeVisible()
	const table = page.getByRole('table', { name: 'Schools on Spencer' })
	await expect(table.getByRole('row')).toHaveCount(4)
	for (const name of ['Meadow View School', 'Oakfield Primary School', 'Riverside Academy']) {
		await expect(table.getByRole('cell', { name, exact: true })).toBeVisible()
	}
	await expect(table.getByRole('row', { name: /Oakfield Primary School/ })).toContainText('30')
})

test('GET /healthz reports the database', async ({ request }) => {
	const response = await request.get('/healthz')
	expect(response.status()).toBe(200)
	expect(await response.json()).toEqual({ status: 'ok', database: 'ok' })
})
