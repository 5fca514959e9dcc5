import { AsyncLocalStorage } from 'node:async_hooks'
import { DefaultLogger, type LogContext } from '@mikro-orm/core'
import type { KyselyPlugin } from 'kysely'
import { getEnv } from './env.server.ts'

/**
 * Counts the SQL queries of each request, for tests and benchmarks that check
 * a screen costs a constant number of queries. On only with QUERY_STATS=1:
 * the response then carries `X-Query-Count`.
 */
const requestCounter = new AsyncLocalStorage<{ count: number }>()

export const queryStatsEnabled = () => getEnv().QUERY_STATS === '1'

export class QueryCountingLogger extends DefaultLogger {
	override logQuery(_context: { query: string } & LogContext): void {
		countQuery()
	}
}

/** Counts one query of the request running now (none outside a request that counts). */
function countQuery(): void {
	const counter = requestCounter.getStore()
	if (counter) counter.count++
}

/** Counts the queries of typed SQL (typed-sql.server.ts): Kysely sends them to the driver without the ORM's logger. */
export const countingPlugin: KyselyPlugin = {
	transformQuery: ({ node }) => node,
	transformResult: async ({ result }) => {
		countQuery()
		return result
	},
}

export async function countQueries<T>(run: () => Promise<T>): Promise<{ result: T; count: number }> {
	const counter = { count: 0 }
	const result = await requestCounter.run(counter, run)
	return { result, count: counter.count }
}
