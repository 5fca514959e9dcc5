import { afterAll, beforeAll, expect, test } from 'vitest'
import { School } from '#app/models/index.ts'
import { executePrepared } from '#app/services/database.server.ts'
import { getEnv, setEnv } from '#app/services/env.server.ts'
import { countQueries } from '#app/services/query-stats.server.ts'
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

test('a prepared read binds its parameters in order, again and again', async () => {
	const em = db.em()
	const first = await createSchool(em, { name: 'Prepared One', subdomain: 'prepared-one' })
	const second = await createSchool(em, { name: 'Prepared Two', subdomain: 'prepared-two' })
	const sql = 'select name from school where id = ? and subdomain = ?'
	for (const school of [first, second, first]) {
		const rows = await executePrepared<{ name: string }[]>(db.em(), sql, [school.id, school.subdomain])
		expect(rows).toEqual([{ name: school.name }])
	}
	expect(await executePrepared(db.em(), sql, [first.id, second.subdomain])).toEqual([])
})

test('inside a transaction it reads what the transaction wrote, on the transaction’s connection', async () => {
	await db
		.em()
		.transactional(async (em) => {
			em.create(School, { name: 'Uncommitted', subdomain: 'uncommitted', type: 'Primary' })
			await em.flush()
			const rows = await executePrepared<{ name: string }[]>(em, 'select name from school where subdomain = ?', ['uncommitted'])
			expect(rows).toEqual([{ name: 'Uncommitted' }])
			throw new Error('roll back')
		})
		.catch((error: Error) => expect(error.message).toBe('roll back'))
	expect(await executePrepared(db.em(), 'select name from school where subdomain = ?', ['uncommitted'])).toEqual([])
})

test('a request counts it as one query, as it counts one through the ORM; on PostgreSQL it is prepared on the connection', async () => {
	const sql = 'select ?::int + 1 as next'
	const { result, count } = await countQueries(() => executePrepared<{ next: number }[]>(db.em(), sql, [41]))
	expect(result).toEqual([{ next: 42 }])
	expect(count).toBe(1)
	expect((await countQueries(() => db.em().execute(sql, [41]))).count).toBe(1)
	if (db.engine !== 'postgresql') return
	// Sequential reads take the pool's most recently released connection: the one that prepared the statement.
	const prepared = await executePrepared<{ n: number }[]>(
		db.em(),
		"select count(*)::int as n from pg_prepared_statements where statement = 'select $1::int + 1 as next'",
		[],
	)
	expect(prepared).toEqual([{ n: 1 }])
	// Planned once: the app's connections reuse a prepared statement's generic plan.
	expect(await executePrepared(db.em(), 'select current_setting(?) as mode', ['plan_cache_mode'])).toEqual([{ mode: 'force_generic_plan' }])
})
