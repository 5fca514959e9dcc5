import { describe, expect, test } from 'vitest'
import { ormOptions } from './database.server.ts'
import { getEnv, parseDatabaseUrl, readEnv, setEnv, startupWarnings, type Env } from './env.server.ts'

describe('DATABASE_URL picks the engine', () => {
	test('postgres:// and postgresql:// → PostgreSQL', () => {
		expect(parseDatabaseUrl('postgres://postgres@127.0.0.1:5432/test')).toEqual({
			engine: 'postgresql',
			url: 'postgres://postgres@127.0.0.1:5432/test',
		})
		expect(parseDatabaseUrl('postgresql://u:p@db/spencer').engine).toBe('postgresql')
	})

	test('pglite://PATH → persisted PGlite; pglite://memory → in memory; unset → ./data/spencer', () => {
		expect(parseDatabaseUrl('pglite://./data/x')).toEqual({ engine: 'pglite', dir: './data/x' })
		expect(parseDatabaseUrl('pglite://memory')).toEqual({ engine: 'pglite', dir: null })
		expect(parseDatabaseUrl(undefined)).toEqual({ engine: 'pglite', dir: './data/spencer' })
		expect(parseDatabaseUrl('')).toEqual({ engine: 'pglite', dir: './data/spencer' })
	})

	test('anything else stops start-up with a message naming DATABASE_URL, without its password', () => {
		expect(() => parseDatabaseUrl('mysql://root:secret@localhost/db')).toThrow(/DATABASE_URL/)
		expect(() => parseDatabaseUrl('mysql://root:secret@localhost/db')).not.toThrow(/secret/)
		expect(() => readEnv({ DATABASE_URL: 'sqlite://x' })).toThrow(/DATABASE_URL/)
	})

	test('DATABASE_POOL_MAX sets the ORM pool of each instance on PostgreSQL (default 10); a bad one names the variable', () => {
		const url = 'postgres://postgres@127.0.0.1:5432/test'
		expect(readEnv({ DATABASE_URL: url }).database).toEqual({ engine: 'postgresql', url, poolMax: 10 })
		const env = setEnv(readEnv({ DATABASE_URL: url, DATABASE_POOL_MAX: '25' }))
		expect(ormOptions(env.database).pool).toEqual({ min: 0, max: 25 })
		expect(readEnv({ DATABASE_URL: 'pglite://memory', DATABASE_POOL_MAX: '25' }).database).toEqual({ engine: 'pglite', dir: null })
		expect(() => readEnv({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/)
	})

	test('a bad PORT names the variable', () => {
		expect(() => readEnv({ PORT: 'eighty' })).toThrow(/PORT/)
		expect(readEnv({}).PORT).toBe(3000)
	})
})

describe('SESSION_SECRET (ADR 015)', () => {
	const secret = 'k'.repeat(32)
	const postgres = 'postgres://spencer@db:5432/spencer'

	test('production on PostgreSQL refuses to start without it, saying what to set', () => {
		expect(() => readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres })).toThrow(
			/SESSION_SECRET is required in production on PostgreSQL: set it to a random value of at least 32 characters/,
		)
		expect(() => readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres, SESSION_SECRET: '' })).toThrow(/SESSION_SECRET is required/)
		expect(readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres, SESSION_SECRET: secret, APP_URL: 'https://s.test' }).SESSION_SECRET).toBe(secret)
	})

	// ADR 090: `npm run backup` and `npm run restore` reach the database only; an operator's job that sets NODE_ENV and
	// DATABASE_URL alone must not be refused for the server's secret and address.
	test('the database tools (serving: false) read production on PostgreSQL without the secret or the address', () => {
		const env = readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres }, { serving: false })
		expect(env.database).toEqual({ engine: 'postgresql', url: postgres, poolMax: 10 })
		expect(env.SESSION_SECRET).toBeUndefined()
		// What is set is still checked.
		expect(() => readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres, SESSION_SECRET: 'short' }, { serving: false })).toThrow(/SESSION_SECRET: too short/)
	})

	test('a short one is refused wherever it is set', () => {
		for (const DATABASE_URL of [postgres, 'pglite://memory']) {
			for (const NODE_ENV of ['production', 'development']) {
				expect(() => readEnv({ NODE_ENV, DATABASE_URL, SESSION_SECRET: 'k'.repeat(31) })).toThrow(/SESSION_SECRET: too short: set it to a random value of at least 32/)
			}
		}
	})

	test('the README’s `npm start` (production, embedded PGlite, nothing set) starts, with a warning to set it', () => {
		const env = readEnv({ NODE_ENV: 'production' })
		expect(env.database.engine).toBe('pglite')
		expect(env.SESSION_SECRET).toBeUndefined()
		expect(startupWarnings(env).join()).toMatch(/SESSION_SECRET is not set.*Set SESSION_SECRET to a random value of at least 32 characters/)
		expect(startupWarnings(readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret, APP_URL: 'https://s.test' }))).toEqual([])
		expect(startupWarnings(readEnv({ NODE_ENV: 'development' }))).toEqual([])
	})

	test('outside production, PostgreSQL runs without it (development and tests)', () => {
		expect(readEnv({ NODE_ENV: 'development', DATABASE_URL: postgres }).SESSION_SECRET).toBeUndefined()
		expect(readEnv({ NODE_ENV: 'test', DATABASE_URL: postgres }).SESSION_SECRET).toBeUndefined()
	})
})

describe('every variable read at run time is in the schema, with its default', () => {
	test('defaults', () => {
		const env = readEnv({})
		expect(env).toMatchObject({
			NODE_ENV: 'development',
			PORT: 3000,
			MAIL_OUTBOX_DIR: 'data/outbox',
			MAIL_FROM: 'Spencer <no-reply@spencer.test>',
			AUTH_POSTS_PER_MINUTE: 10,
			SENTRY_ENVIRONMENT: 'prod',
			SENTRY_RELEASE: 'RC_v1.1.2',
			SENTRY_TRACES_SAMPLE_RATE: 0.3,
		})
		expect(env.QUERY_STATS).toBeUndefined()
		expect(env.SENTRY_DSN).toBeUndefined()
	})

	test('bad values name their variable; an empty value counts as unset', () => {
		expect(() => readEnv({ AUTH_POSTS_PER_MINUTE: 'lots' })).toThrow(/AUTH_POSTS_PER_MINUTE/)
		expect(() => readEnv({ QUERY_STATS: 'yes' })).toThrow(/QUERY_STATS/)
		expect(() => readEnv({ SENTRY_DSN: 'not a dsn' })).toThrow(/SENTRY_DSN/)
		expect(() => readEnv({ SENTRY_TRACES_SAMPLE_RATE: '2' })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/)
		expect(() => readEnv({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
		expect(() => readEnv({ APP_URL: 'spencer.school' })).toThrow(/APP_URL/)
		expect(readEnv({ SENTRY_DSN: '', SMTP_URL: '', AUTH_POSTS_PER_MINUTE: '' })).toMatchObject({ AUTH_POSTS_PER_MINUTE: 10 })
		expect(readEnv({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })).toMatchObject({ AUTH_POSTS_PER_MINUTE: 1000, QUERY_STATS: '1' })
	})

	test('getEnv gives what setEnv was given', () => {
		const env: Env = readEnv({ PORT: '4000' })
		setEnv(env)
		expect(getEnv()).toBe(env)
	})
})

describe('APP_URL: e-mailed links never come from a request’s Host header in a deployment', () => {
	const postgres = 'postgres://spencer@db:5432/spencer'
	const secret = 'k'.repeat(32)

	test('production on PostgreSQL refuses to start without it, saying what to set', () => {
		expect(() => readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres, SESSION_SECRET: secret })).toThrow(
			/APP_URL is required in production on PostgreSQL: set it to the address staff open Spencer at/,
		)
		expect(readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres, SESSION_SECRET: secret, APP_URL: 'https://spencer.school.test' }).APP_URL).toBe(
			'https://spencer.school.test',
		)
	})

	test('PGlite in production (trying Spencer) starts without it, with a warning to set it', () => {
		expect(startupWarnings(readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret })).join()).toMatch(/APP_URL is not set.*Set APP_URL/)
		expect(() => readEnv({ NODE_ENV: 'development', DATABASE_URL: postgres })).not.toThrow()
	})
})
