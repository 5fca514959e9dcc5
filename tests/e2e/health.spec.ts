import { expect, test } from './fixtures.ts'

test('GET /healthz reports the database', async ({ request }) => {
	const response = await request.get('/healthz')
	expect(response.status()).toBe(200)
	expect(await response.json()).toEqual({ status: 'ok', database: 'ok' })
})
