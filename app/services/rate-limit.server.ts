import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { RateLimit } from '#app/models/index.ts'
import type { Em } from './database.server.ts'
import { getEnv } from './env.server.ts'
import { typedSql } from './typed-sql.server.ts'

export type RateLimitRule = { name: string; limit: number; windowMs: number }

/** The numbers and why: docs/decisions/020-rate-limits-that-cannot-lock-the-owner-out.md. */
export const RATE_LIMITS = {
	/** Sign-in attempts per account *from one client address*: the 11th is refused, only there. */
	signInFailures: { name: 'sign-in-failures', limit: 10, windowMs: 15 * 60_000 },
	/** Failed sign-ins per account from every address: past the limit each attempt waits (signInDelayMs), never refused. */
	accountFailures: { name: 'sign-in-account-failures', limit: 5, windowMs: 15 * 60_000 },
	/** Auth form and API posts per IP address (AUTH_POSTS_PER_MINUTE raises it for test rigs that share one address). */
	authPosts: {
		name: 'auth-posts',
		get limit() {
			return getEnv().AUTH_POSTS_PER_MINUTE
		},
		windowMs: 60_000,
	},
	/** Password-reset emails per address *and* client address: a stranger's requests never use up the owner's. */
	resetMails: { name: 'reset-mails', limit: 3, windowMs: 15 * 60_000 },
	/** Password-reset emails per client address, whatever the addresses asked for. */
	resetMailsPerClient: { name: 'reset-mails-per-client', limit: 10, windowMs: 15 * 60_000 },
	/** Resends of the emailed code per account. */
	codeMails: { name: 'code-mails', limit: 5, windowMs: 15 * 60_000 },
	/** Code attempts per account across its pending sign-ins (each of which also allows MAX_CODE_ATTEMPTS wrong ones). */
	codeAttempts: { name: 'code-attempts', limit: 10, windowMs: 15 * 60_000 },
	/** Current-password checks per account on the profile screen. */
	currentPassword: { name: 'current-password', limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>

/** The wait before an account's password is checked: none up to 5 failures, then 250 ms doubling, at most 3 s. */
export const SIGN_IN_DELAY = { firstMs: 250, maxMs: 3_000 }

export function signInDelayMs(accountFailures: number): number {
	const over = accountFailures - RATE_LIMITS.accountFailures.limit
	return over < 0 ? 0 : Math.min(SIGN_IN_DELAY.maxMs, SIGN_IN_DELAY.firstMs * 2 ** over)
}

/** One account, one client address, ...: several parts make one subject. */
export type Subject = string | readonly string[]

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number }

/**
 * Counts one hit in a fixed window, atomically in the database (one
 * statement), so every app instance sees the same count.
 */
export async function hit(em: Em, rule: RateLimitRule, subject: Subject): Promise<RateLimitResult> {
	const windowStarted = windowStartedBefore(rule.windowMs)
	const row = await typedSql(em)
		.insertInto('rate_limit')
		.values({ key: keyOf(rule, subject), window_start: sql<Date>`now()`, count: 1 })
		.onConflict((conflict) =>
			conflict.column('key').doUpdateSet((eb) => {
				const ended = eb('rate_limit.window_start', '<=', windowStarted)
				return {
					count: eb.case().when(ended).then(1).else(eb(eb.ref('rate_limit.count'), '+', 1)).end(),
					window_start: eb.case().when(ended).then(sql<Date>`now()`).else(eb.ref('rate_limit.window_start')).end(),
				}
			}),
		)
		.returning(['count', windowMs])
		.executeTakeFirst()
	return toResult(rule, row)
}

/** Hits each rule in turn and stops at the first one over its limit (the later ones are not counted). */
export async function hitEach(em: Em, hits: readonly (readonly [RateLimitRule, Subject])[]): Promise<RateLimitResult> {
	let result: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0 }
	for (const [rule, subject] of hits) {
		result = await hit(em, rule, subject)
		if (!result.allowed) return result
	}
	return result
}

/** The current count without adding to it. */
export async function peek(em: Em, rule: RateLimitRule, subject: Subject): Promise<RateLimitResult> {
	const row = await typedSql(em)
		.selectFrom('rate_limit')
		.select(['count', windowMs])
		.where('key', '=', keyOf(rule, subject))
		.where('window_start', '>', windowStartedBefore(rule.windowMs))
		.executeTakeFirst()
	if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 }
	return { ...toResult(rule, row), allowed: row.count < rule.limit }
}

/**
 * Deletes the counters whose window ended long ago (there is a row for every
 * account and client address that tried): the job system runs it hourly.
 */
export async function pruneRateLimits(em: Em): Promise<number> {
	const longest = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowMs))
	const rows = await typedSql(em)
		.deleteFrom('rate_limit')
		.where('window_start', '<', windowStartedBefore(longest + PRUNE_AFTER_MS))
		.returning('key')
		.execute()
	return rows.length
}

/** How long past the longest window a counter is kept before the hourly prune deletes it. */
export const PRUNE_AFTER_MS = 60 * 60_000

export async function reset(em: Em, rule: RateLimitRule, subject: Subject): Promise<void> {
	await em.nativeDelete(RateLimit, { key: keyOf(rule, subject) })
}

/**
 * The row's key: the rule's name and a hash of the subject, so that an email
 * address and a client address fit the column together and neither is kept in clear.
 */
function keyOf(rule: RateLimitRule, subject: Subject): string {
	const parts = typeof subject === 'string' ? [subject] : subject
	return `${rule.name}:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`
}

/** The database's time `ms` ago: windows are measured on its clock, the same for every app instance. */
const windowStartedBefore = (ms: number) => sql<Date>`now() - make_interval(secs => ${ms / 1000})`

/** The window's start in epoch milliseconds (numeric: text from the PostgreSQL driver). */
const windowMs = sql<number | string>`extract(epoch from window_start) * 1000`.as('window_ms')

type WindowRow = { count: number; window_ms: number | string }

function toResult(rule: RateLimitRule, row: WindowRow | undefined): RateLimitResult {
	const count = Number(row?.count ?? 1)
	const windowStart = Number(row?.window_ms ?? Date.now())
	const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - Date.now()) / 1000))
	return { allowed: count <= rule.limit, count, retryAfterSeconds }
}

export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a few minutes and try again.'
