import { randomBytes } from 'node:crypto'
import { AppSecret } from '#app/models/index.ts'
import type { Em } from './database.server.ts'

const cache = new Map<string, string>()

/**
 * A secret for signing cookies and sealing codes. SESSION_SECRET wins when
 * set; otherwise the first instance to start makes one and stores it in the
 * database, so every instance (and every restart) uses the same one.
 */
export async function getSecret(em: Em, name: 'cookies' | 'totp'): Promise<string> {
	const fromEnv = process.env.SESSION_SECRET
	if (fromEnv) return `${fromEnv}:${name}`
	const cached = cache.get(name)
	if (cached) return cached
	await em.execute('insert into app_secret (name, value, created_at) values (?, ?, now()) on conflict (name) do nothing', [
		name,
		randomBytes(32).toString('hex'),
	])
	const row = await em.fork().findOneOrFail(AppSecret, { name })
	cache.set(name, row.value)
	return row.value
}
