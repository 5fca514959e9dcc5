import { z } from 'zod'

/** The engine and place `DATABASE_URL` names (docs/architecture.md#the-two-database-engines, ADR 001). */
export type DatabaseTarget =
	| { engine: 'postgresql'; url: string; poolMax?: number }
	| { engine: 'pglite'; dir: string | null }

export const DEFAULT_DATABASE_URL = 'pglite://./data/spencer'
/** Connections each instance's ORM may hold on PostgreSQL (the job queue holds up to 4 more: README, Deployment). */
export const DEFAULT_POOL_MAX = 10

export function parseDatabaseUrl(value: string | undefined): DatabaseTarget {
	const url = value?.trim() || DEFAULT_DATABASE_URL
	if (/^postgres(ql)?:\/\/.+/.test(url)) return { engine: 'postgresql', url }
	const pglite = /^pglite:\/\/(.+)$/.exec(url)
	if (pglite?.[1]) return { engine: 'pglite', dir: pglite[1] === 'memory' ? null : pglite[1] }
	throw new Error(
		`DATABASE_URL is not valid ("${describeUrl(url)}"): use postgres://USER@HOST:PORT/DB, pglite://PATH or pglite://memory.`,
	)
}

/** Never print a password that a connection string may carry. */
function describeUrl(url: string) {
	return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')
}

export const SESSION_SECRET_MIN_LENGTH = 32
const SESSION_SECRET_HINT = `a random value of at least ${SESSION_SECRET_MIN_LENGTH} characters, the same on every instance (e.g. the output of \`openssl rand -hex 32\`)`

const APP_URL_HINT = 'the address staff open Spencer at, e.g. https://spencer.example.sch.uk (emailed links are built from it)'

const flag = z.enum(['0', '1'])

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	DATABASE_URL: z.string().optional(),
	// PostgreSQL connections of this instance's ORM: instances × (this + 4 for the job queue) must fit the server's limit.
	DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_MAX),
	SEED_DEMO: flag.optional(),
	TRUST_PROXY: flag.optional(),
	APP_URL: z.url({ protocol: /^https?$/ }).optional(),
	SESSION_SECRET: z.string().min(SESSION_SECRET_MIN_LENGTH, `too short: set it to ${SESSION_SECRET_HINT}`).optional(),
	SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'use smtp://USER:PASSWORD@HOST:PORT or smtps://…' }).optional(),
	MAIL_OUTBOX_DIR: z.string().default('data/outbox'),
	MAIL_FROM: z.string().default('Spencer <no-reply@spencer.test>'),
	// Auth posts per client address per minute (ADR 005): only test rigs, whose requests share one address, raise it.
	AUTH_POSTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
	// Counts each request's SQL queries into X-Query-Count, for the bench and the tests.
	QUERY_STATS: flag.optional(),
	SENTRY_DSN: z.url({ protocol: /^https?$/, error: 'use the DSN Sentry gives, https://KEY@HOST/PROJECT' }).optional(),
	SENTRY_ENVIRONMENT: z.string().default('prod'),
	SENTRY_RELEASE: z.string().default('RC_v1.1.2'),
	SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.3),
	// Seconds a SIGTERM'd instance keeps answering, its /healthz saying "stopping", before it closes its port (ADR 094):
	// at least the load balancer's health-check interval, so that it has stopped sending before no one listens.
	STOP_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
	// The import queue (ADR 009): how long a worker's claim on a job lasts unrenewed, and rows per batch.
	IMPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
	IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).optional(),
})

export type EnvSource = Record<string, string | undefined>
export type Env = z.infer<typeof EnvSchema> & { database: DatabaseTarget }

/**
 * Reads the environment once at start-up; a bad value stops it with a message
 * that names the variable and says what to set. An empty value counts as unset.
 * `serving: false` is for the tools that only reach the database (`npm run backup`, `npm run restore`): the secret and
 * the address a server needs to answer staff are not theirs to require (ADR 090); every value set is still checked.
 */
export function readEnv(source: EnvSource = process.env, { serving = true }: { serving?: boolean } = {}): Env {
	const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
	const parsed = EnvSchema.safeParse(given)
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
		throw new Error(`Invalid environment: ${problems.join('; ')}`)
	}
	const target = parseDatabaseUrl(parsed.data.DATABASE_URL)
	const database: DatabaseTarget = target.engine === 'postgresql' ? { ...target, poolMax: parsed.data.DATABASE_POOL_MAX } : target
	const env = { ...parsed.data, database }
	// ADR 015: the embedded PGlite engine is for trying Spencer on one machine and may keep its own secret; a deployment
	// on PostgreSQL names its secret, so that it is the operator's to rotate and never sits beside the data it protects.
	if (serving && env.NODE_ENV === 'production' && env.database.engine === 'postgresql' && !env.SESSION_SECRET) {
		throw new Error(`Invalid environment: SESSION_SECRET is required in production on PostgreSQL: set it to ${SESSION_SECRET_HINT}.`)
	}
	// Without it, emailed links (a password reset's) would be built from the request's Host header, which anyone can set.
	if (serving && env.NODE_ENV === 'production' && env.database.engine === 'postgresql' && !env.APP_URL) {
		throw new Error(`Invalid environment: APP_URL is required in production on PostgreSQL: set it to ${APP_URL_HINT}.`)
	}
	return env
}

/** What start-up should say about a configuration that works but is not one for real data. */
export function startupWarnings(env: Env): string[] {
	const warnings: string[] = []
	if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
		warnings.push(
			`SESSION_SECRET is not set: cookies are signed and codes sealed with a secret kept in the database, which suits trying Spencer on PGlite only. Set SESSION_SECRET to ${SESSION_SECRET_HINT}.`,
		)
	}
	if (env.NODE_ENV === 'production' && !env.APP_URL) {
		warnings.push(`APP_URL is not set: emailed links point at http://localhost:${env.PORT}, which suits trying Spencer on one machine only. Set APP_URL to ${APP_URL_HINT}.`)
	}
	return warnings
}

let current: Env | null = null

/** Makes `env` the configuration every module reads: createSpencer calls it at start-up, test set-ups before they use a module. */
export function setEnv(env: Env): Env {
	current = env
	return env
}

/** The configuration read at start-up. Nothing else in app/ and server/ reads process.env. */
export function getEnv(): Env {
	if (!current) throw new Error('The configuration is not read yet: createSpencer (or a test set-up) calls setEnv(readEnv()) first.')
	return current
}
