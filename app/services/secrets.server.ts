import { createHmac, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { AppSecret } from '#app/models/index.ts'
import type { Em } from './database.server.ts'
import { getEnv } from './env.server.ts'
import { typedSql } from './typed-sql.server.ts'

export type SecretPurpose = 'cookies' | 'totp'

const cache = new Map<string, string>()

/**
 * One purpose's secret from SESSION_SECRET: 64 hex characters (remix-auth-totp
 * takes no other form), and a leaked one reveals neither SESSION_SECRET nor the
 * other purpose's (ADR 015).
 */
export function deriveSecret(sessionSecret: string, purpose: SecretPurpose): string {
	return createHmac('sha256', sessionSecret).update(`spencer:${purpose}`).digest('hex')
}

/**
 * A secret for signing cookies and sealing codes. SESSION_SECRET wins when
 * set; otherwise the first instance to start makes one and stores it in the
 * database, so every instance (and every restart) uses the same one.
 */
export async function getSecret(em: Em, name: SecretPurpose): Promise<string> {
	const fromEnv = getEnv().SESSION_SECRET
	if (fromEnv) return deriveSecret(fromEnv, name)
	const cached = cache.get(name)
	if (cached) return cached
	await typedSql(em)
		.insertInto('app_secret')
		.values({ name, value: randomBytes(32).toString('hex'), created_at: sql<Date>`now()` })
		.onConflict((conflict) => conflict.column('name').doNothing())
		.execute()
	const row = await em.fork().findOneOrFail(AppSecret, { name })
	cache.set(name, row.value)
	return row.value
}
