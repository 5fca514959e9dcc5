import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { MikroORM as CoreMikroORM, type Options } from '@mikro-orm/core'
import { Migrator } from '@mikro-orm/migrations'
import { PgliteDriver } from '@mikro-orm/pglite'
import { PostgreSqlDriver } from '@mikro-orm/postgresql'
import lockfile from 'proper-lockfile'
import { sql, type Selectable } from 'kysely'
import type { Em, Orm } from '#app/context.ts'
import { entities } from '#app/models/index.ts'
import { QueryCountingLogger, queryStatsEnabled } from './query-stats.server.ts'
import { migrationsList } from '#migrations/index.ts'
import { DEFAULT_POOL_MAX, type DatabaseTarget } from './env.server.ts'
import type { Database as Tables } from './typed-sql.server.ts'

// The ORM's types are the request context's (app/context.ts); services take them from here.
export type { Em, Orm } from '#app/context.ts'

/** MikroORM options for one engine; the entities, migrations and SQL are the same for both. */
export function ormOptions(target: DatabaseTarget, overrides: Partial<Options> = {}): Partial<Options> {
	const common: Partial<Options> = {
		entities,
		extensions: [Migrator],
		migrations: {
			path: 'migrations',
			snapshotName: '.snapshot-spencer',
			migrationsList,
			emit: 'ts',
			snapshotOnMigrate: false,
			silent: true,
		},
		// The forked EntityManager is handed around explicitly; never a global one.
		allowGlobalContext: false,
		debug: false,
		...(queryStatsEnabled() ? { loggerFactory: (options) => new QueryCountingLogger(options) } : {}),
		forceUtcTimezone: true,
		ignoreUndefinedInQuery: true,
	}
	if (target.engine === 'postgresql') {
		return {
			...common,
			driver: PostgreSqlDriver,
			clientUrl: target.url,
			pool: { min: 0, max: target.poolMax ?? DEFAULT_POOL_MAX },
			...overrides,
		}
	}
	// In-memory PGlite: the driver's own in-memory name, never a path-like name that would become a folder.
	return { ...common, driver: PgliteDriver, dbName: target.dir ?? 'memory://', ...overrides }
}

export type Database = {
	orm: Orm
	target: DatabaseTarget
	close(): Promise<void>
}

export class DatabaseInUseError extends Error {}

/**
 * Opens the database: for a PGlite folder, first takes its lock, because one
 * folder serves one process (a second `npm start` must fail at once).
 */
export async function openDatabase(target: DatabaseTarget, overrides: Partial<Options> = {}): Promise<Database> {
	let release: (() => Promise<void>) | null = null
	if (target.engine === 'pglite' && target.dir) {
		const dir = path.resolve(target.dir)
		mkdirSync(dir, { recursive: true })
		try {
			// A lock is stale after 20 s without an update: room for a busy event loop (PGlite runs on it).
			release = await lockfile.lock(dir, { stale: 20_000, update: 4_000, realpath: false })
		} catch (error) {
			if ((error as { code?: string }).code === 'ELOCKED') {
				throw new DatabaseInUseError(
					`The database folder ${dir} is in use by another Spencer process. Stop it first, or set DATABASE_URL to another place.`,
				)
			}
			throw error
		}
	}
	try {
		const orm = await CoreMikroORM.init(ormOptions(target, overrides))
		let closed = false
		return {
			orm,
			target,
			async close() {
				if (closed) return
				closed = true
				await orm.close(true)
				await release?.()
			},
		}
	} catch (error) {
		await release?.()
		throw error
	}
}

/** Applies pending migrations; returns the names it applied. */
export async function migrate(orm: Orm): Promise<string[]> {
	const applied = await orm.migrator.up()
	return applied.map((migration) => migration.name)
}

/** One EntityManager per request: its own identity map, nothing shared between users. */
export function forkEm(orm: Orm): Em {
	return orm.em.fork() as Em
}

/** A json column of a raw read: parsed already by the PostgreSQL driver, still text from PGlite. */
export function jsonColumn<T>(value: T | string): T {
	return typeof value === 'string' ? (JSON.parse(value) as T) : value
}

/**
 * Rows sent as one JSON parameter and read back as rows of `table` (PostgreSQL's `jsonb_populate_recordset`; a
 * missing key is null), to select from in a typed query: a batch of any size (an import's 10,000 rows) costs one
 * parameter, where a multi-row VALUES list would pass PostgreSQL's 65,535 parameters.
 */
export function jsonRecords<T extends keyof Tables & string>(table: T, rows: object[]) {
	return sql<Selectable<Tables[T]>>`jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)`
}

/**
 * As jsonRecords, for rows shaped like no table: `jsonRows(rows, { id: 'uuid', note: 'text' }).as('v')` reads them back
 * as rows of those columns (PostgreSQL's `jsonb_to_recordset`).
 */
export function jsonRows<Row extends Record<string, unknown>>(rows: Row[], columns: Record<keyof Row & string, 'text' | 'uuid' | 'boolean' | 'date'>) {
	const definitions = Object.entries(columns).map(([name, type]) => sql`${sql.ref(name)} ${sql.raw(type)}`)
	return {
		as: <A extends string>(alias: A) =>
			sql<Row>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<A>(sql`${sql.table(alias)}(${sql.join(definitions)})`),
	}
}
