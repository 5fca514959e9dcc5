import { afterAll, beforeAll, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { appContext } from '#app/context.ts'
import { loader as healthz } from '#app/routes/healthz.ts'
import { forkEm, openDatabase } from '#app/services/database.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(() => db?.close())

function args(context: RouterContextProvider, path = '/') {
	const request = new Request(`http://localhost${path}`)
	return { request, context, params: {}, url: new URL(request.url), pattern: path } as never
}

test('GET /healthz answers 200 after a real query', async () => {
	const response: Response = await healthz(args(db.routerContext(), '/healthz'))
	expect(response.status).toBe(200)
	expect(await response.json()).toEqual({ status: 'ok', database: 'ok' })
})

test('GET /healthz answers 503 when the database is unreachable', async () => {
	const unreachable = await openDatabase({ engine: 'postgresql', url: 'postgres://nobody@127.0.0.1:1/none' })
	try {
		const context = new RouterContextProvider(
			new Map([[appContext, { em: forkEm(unreachable.orm), auth: null, sessionExpired: false, sessionEnds: null, clientAddress: '127.0.0.1' }]]),
		)
		const response: Response = await healthz(args(context, '/healthz'))
		expect(response.status).toBe(503)
		expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' })
	} finally {
		await unreachable.close()
	}
})
