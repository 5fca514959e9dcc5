import type { InferKyselyDB, Kysely } from '@mikro-orm/sql'
import { sql, type SelectQueryBuilder } from 'kysely'
import type { Em } from '#app/context.ts'
import type * as models from '#app/models/index.ts'
import { countingPlugin, queryStatsEnabled } from './query-stats.server.ts'

/**
 * Typed SQL (docs/architecture.md#queries): a Kysely query builder on the request's own EntityManager, so it runs on
 * the same connection and inside the same transaction as the ORM's work (`em.transactional`). Its tables and columns
 * are the database's own names (`student_group`, `school_id`), inferred from the entity definitions in app/models, so a
 * renamed column fails the typecheck instead of a query at run time.
 *
 * Use the ORM (`em.find`, `em.create`) for one entity and its relations; use this for reads that join, count or
 * aggregate over many rows, and for set-based writes. Hand-written SQL stays only where a benchmark showed it pays.
 */
export function typedSql(em: Em): Kysely<Database> {
	const db = em.getKysely<Database>()
	// Counted for X-Query-Count only when QUERY_STATS is on, as the ORM's own queries are (database.server.ts).
	return queryStatsEnabled() ? db.withPlugin(countingPlugin) : db
}

/**
 * One page of a list and the number of rows that match it, in parallel: two queries whatever the list's size. `matching`
 * is the list's tables and conditions, `sorted` the same with its columns (and any joins they need) and a complete order (a
 * unique column last, so that a row never shows on two pages).
 */
export async function pageAndTotal<DB, TB extends keyof DB, M, SortedDB, SortedTB extends keyof SortedDB, O>(
	matching: SelectQueryBuilder<DB, TB, M>,
	sorted: SelectQueryBuilder<SortedDB, SortedTB, O>,
	at: { page: number; pageSize: number },
): Promise<{ rows: O[]; total: number }> {
	const [rows, totals] = await Promise.all([
		sorted
			.limit(at.pageSize)
			.offset((at.page - 1) * at.pageSize)
			.execute(),
		// (Kysely cannot work out a generic builder's result type: this one is a single count.)
		matching.clearSelect().select(sql<number>`count(*)::int`.as('total')).executeTakeFirst() as Promise<{ total: number } | undefined>,
	])
	return { rows, total: totals?.total ?? 0 }
}

type Schemas = {
	[K in keyof typeof models]: K extends `${string}Schema` ? (typeof models)[K] : never
}[keyof typeof models]

/** The pivot tables of the many-to-many relations, which have no entity of their own. */
type PivotTables = {
	group_student: { group_id: string; student_id: string }
	group_staff: { group_id: string; membership_id: string }
	profile_respondent: { profile_id: string; membership_id: string }
}

/** Every table Spencer's migrations create, with its columns. */
export type Database = InferKyselyDB<Schemas> & PivotTables
