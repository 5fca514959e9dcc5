import { z } from 'zod'

/** The engine and place `DATABASE_URL` names (DESIGN.md §2). */
export type DatabaseTarget =
	| { engine: 'postgresql'; url: string }
	| { engine: 'pglite'; dir: string | null }

export const DEFAULT_DATABASE_URL = 'pglite://./data/spencer'

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

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().min(1).max(65535).default(3000),
	DATABASE_URL: z.string().optional(),
	SEED_DEMO: z.enum(['0', '1']).optional(),
	TRUST_PROXY: z.enum(['0', '1']).optional(),
	APP_URL: z.url().optional(),
	SESSION_SECRET: z.string().min(32, 'use at least 32 characters').optional(),
	SMTP_URL: z.string().optional(),
	MAIL_OUTBOX_DIR: z.string().default('data/outbox'),
	SENTRY_DSN: z.string().optional(),
	SENTRY_ENVIRONMENT: z.string().optional(),
	SENTRY_RELEASE: z.string().default('RC_v1.1.2'),
	// The import queue (ADR 009): how long a worker's claim on a job lasts unrenewed, and rows per batch.
	IMPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
	IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).optional(),
})

export type Env = z.infer<typeof EnvSchema> & { database: DatabaseTarget }

/** Reads the environment once at start-up; a bad value stops it with a message that names the variable. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
	const parsed = EnvSchema.safeParse(source)
	if (!parsed.success) {
		const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
		throw new Error(`Invalid environment: ${problems.join('; ')}`)
	}
	return { ...parsed.data, database: parseDatabaseUrl(parsed.data.DATABASE_URL) }
}
