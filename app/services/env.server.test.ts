import { describe, expect, test } from 'vitest'
import { parseDatabaseUrl, readEnv } from './env.server.ts'

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
