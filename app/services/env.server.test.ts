import { describe, expect, test } from 'vitest'
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
		expect(readEnv({ NODE_ENV: 'production', DATABASE_URL: postgres, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret)
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
		expect(startupWarnings(readEnv({ NODE_ENV: 'production', SESSION_SECRET: secret }))).toEqual([])
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
