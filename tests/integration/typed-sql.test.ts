import { afterAll, beforeAll, expect, test } from 'vitest'
import { School } from '#app/models/index.ts'
import { getEnv, setEnv } from '#app/services/env.server.ts'
import { countQueries } from '#app/services/query-stats.server.ts'
import { typedSql } from '#app/services/typed-sql.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createSchool } from './factories.ts'

let db: TestDatabase
beforeAll(async () => {
	// Counting on, as the bench and the X-Query-Count tests run the app.
	setEnv({ ...getEnv(), QUERY_STATS: '1' })
	db = await createTestDatabase()
})
afterAll(async () => {
	await db?.close()
})

test('a typed read binds its parameters, again and again', async () => {
	const em = db.em()
	const first = await createSchool(em, { name: 'Typed One', subdomain: 'typed-one' })
	const second = await createSchool(em, { name: 'Typed Two', subdomain: 'typed-two' })
	const read = (id: string, subdomain: string) =>
		typedSql(db.em()).selectFrom('school').select('name').where('id', '=', id).where('subdomain', '=', subdomain).execute()
	for (const school of [first, second, first]) expect(await read(school.id, school.subdomain)).toEqual([{ name: school.name }])
	expect(await read(first.id, second.subdomain)).toEqual([])
})

test('inside a transaction it reads what the transaction wrote, on the transaction’s connection', async () => {
	const read = (em: ReturnType<TestDatabase['em']>) => typedSql(em).selectFrom('school').select('name').where('subdomain', '=', 'typed-uncommitted').execute()
	await db
		.em()
		.transactional(async (em) => {
			em.create(School, { name: 'Uncommitted', subdomain: 'typed-uncommitted', type: 'Primary' })
			await em.flush()
			expect(await read(em)).toEqual([{ name: 'Uncommitted' }])
			throw new Error('roll back')
		})
		.catch((error: Error) => expect(error.message).toBe('roll back'))
	expect(await read(db.em())).toEqual([])
})

test('a request counts a typed query as one query, as it counts one through the ORM', async () => {
	const { result, count } = await countQueries(() => typedSql(db.em()).selectNoFrom((eb) => eb.lit(41).as('n')).execute())
	expect(result).toEqual([{ n: 41 }])
	expect(count).toBe(1)
	expect((await countQueries(() => db.em().execute('select 41 as n'))).count).toBe(1)
})

test('with QUERY_STATS off a typed query is not counted (no plugin on the hot path)', async () => {
	setEnv({ ...getEnv(), QUERY_STATS: undefined })
	try {
		const { result, count } = await countQueries(() => typedSql(db.em()).selectNoFrom((eb) => eb.lit(42).as('n')).execute())
		expect(result).toEqual([{ n: 42 }])
		expect(count).toBe(0)
	} finally {
		setEnv({ ...getEnv(), QUERY_STATS: '1' })
	}
})
