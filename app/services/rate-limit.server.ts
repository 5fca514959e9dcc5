import type { Em } from './database.server.ts'
import { getEnv } from './env.server.ts'

export type RateLimitRule = { name: string; limit: number; windowMs: number }

export const RATE_LIMITS = {
	/** Failed sign-ins per account. */
	signInFailures: { name: 'sign-in-failures', limit: 10, windowMs: 15 * 60_000 },
	/** Auth form and API posts per IP address (AUTH_POSTS_PER_MINUTE raises it for test rigs that share one address). */
	authPosts: {
		name: 'auth-posts',
		get limit() {
			return getEnv().AUTH_POSTS_PER_MINUTE
		},
		windowMs: 60_000,
	},
	/** Password-reset e-mails per address. */
	resetMails: { name: 'reset-mails', limit: 3, windowMs: 60 * 60_000 },
	/** Wrong codes are limited per pending sign-in; this caps resends per account. */
	codeMails: { name: 'code-mails', limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number }

/**
 * Counts one hit in a fixed window, atomically in the database (one
 * statement), so every app instance sees the same count.
 */
export async function hit(em: Em, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
	const key = `${rule.name}:${subject}`
	const [row] = await em.execute<WindowRow[]>(
		`insert into rate_limit (key, window_start, count) values (?, now(), 1)
		on conflict (key) do update set
			count = case when rate_limit.window_start <= now() - make_interval(secs => ?) then 1 else rate_limit.count + 1 end,
			window_start = case when rate_limit.window_start <= now() - make_interval(secs => ?) then now() else rate_limit.window_start end
		returning count, extract(epoch from window_start) * 1000 as window_ms`,
		[key, rule.windowMs / 1000, rule.windowMs / 1000],
	)
	return toResult(rule, row)
}

/** The current count without adding to it. */
export async function peek(em: Em, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
	const [row] = await em.execute<WindowRow[]>(
		`select count, extract(epoch from window_start) * 1000 as window_ms from rate_limit where key = ? and window_start > now() - make_interval(secs => ?)`,
		[`${rule.name}:${subject}`, rule.windowMs / 1000],
	)
	if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 }
	return { ...toResult(rule, row), allowed: row.count < rule.limit }
}

export async function reset(em: Em, rule: RateLimitRule, subject: string): Promise<void> {
	await em.execute('delete from rate_limit where key = ?', [`${rule.name}:${subject}`])
}

type WindowRow = { count: number; window_ms: number | string }

function toResult(rule: RateLimitRule, row: WindowRow | undefined): RateLimitResult {
	const count = Number(row?.count ?? 1)
	const windowStart = Number(row?.window_ms ?? Date.now())
	const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - Date.now()) / 1000))
	return { allowed: count <= rule.limit, count, retryAfterSeconds }
}

export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a few minutes and try again.'
