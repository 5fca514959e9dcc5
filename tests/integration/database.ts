import { afterAll, beforeAll } from 'vitest'
import { randomBytes } from 'node:crypto'
import type { Options } from '@mikro-orm/core'
import { admin } from '../support/template-database.ts'
import { RouterContextProvider } from 'react-router'
import { appContext, serverContext, type AppContext } from '#app/context.ts'
import { forkEm, migrate, openDatabase, type Database, type Em } from '#app/services/database.server.ts'
import type { DatabaseTarget } from '#app/services/env.server.ts'

export type TestDatabase = Database & {
	/** A fresh EntityManager, as one request would have. */
	em(): Em
	/** A router context for calling loaders and actions directly. */
	routerContext(extra?: Partial<AppContext>): RouterContextProvider
	engine: DatabaseTarget['engine']
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new
 * PostgreSQL database created beside TEST_DATABASE_URL and dropped afterwards.
 */
export async function createTestDatabase(overrides: Partial<Options> = {}): Promise<TestDatabase> {
	const serverUrl = process.env.TEST_DATABASE_URL
	let target: DatabaseTarget = { engine: 'pglite', dir: null }
	let drop = async () => {}
	if (serverUrl) {
		const name = `spencer_test_${randomBytes(6).toString('hex')}`
		await admin(serverUrl, `create database ${name}`)
		const url = new URL(serverUrl)
		url.pathname = `/${name}`
		target = { engine: 'postgresql', url: url.toString() }
		drop = async () => {
			await admin(serverUrl, `drop database if exists ${name} with (force)`)
		}
	}
	const db = await openDatabase(target, overrides)
	await migrate(db.orm)
	return {
		...db,
		engine: target.engine,
		em: () => forkEm(db.orm),
		routerContext: (extra = {}) => {
			const context = new RouterContextProvider()
			context.set(serverContext, { orm: db.orm, clientAddress: '127.0.0.1' })
			context.set(appContext, { em: forkEm(db.orm), auth: null, sessionExpired: false, sessionEnds: null, clientAddress: '127.0.0.1', ...extra })
			return context
		},
		async close() {
			await db.close()
			await drop()
		},
	}
}

/**
 * A test database with queries counted (QUERY_STATS, read by the ORM as the database opens) and a second app instance on
 * it — on PostgreSQL its own pool; PGlite serves one process, so the same database — for files that run the job system
 * as two instances. `close` ends both and puts the configuration back.
 */
async function openTwoInstances(): Promise<{ db: TestDatabase; second: Database; close: () => Promise<void> }> {
	const { getEnv, readEnv, setEnv } = await import('#app/services/env.server.ts')
	const env = getEnv()
	setEnv(readEnv({ ...process.env, NODE_ENV: 'test', MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR, QUERY_STATS: '1' }))
	const db = await createTestDatabase()
	const second = db.engine === 'postgresql' ? await openDatabase(db.target) : db
	return {
		db,
		second,
		async close() {
			if (second !== db) await second.close()
			await db.close()
			setEnv(env)
		},
	}
}

/**
 * The two instances for every test of the calling file: opened before them, closed after (openTwoInstances). Read
 * `instances.db` and `instances.second` inside tests and hooks, once they are open.
 */
export function twoInstancesForThisFile(): { db: TestDatabase; second: Database } {
	const instances = {} as { db: TestDatabase; second: Database }
	let close: (() => Promise<void>) | undefined
	beforeAll(async () => {
		const opened = await openTwoInstances()
		Object.assign(instances, { db: opened.db, second: opened.second })
		close = opened.close
	})
	afterAll(() => close?.())
	return instances
}
