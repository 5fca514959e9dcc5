import type { InferKyselyDB, Kysely } from '@mikro-orm/sql'
import type { Em } from '#app/context.ts'
import type * as models from '#app/models/index.ts'
import { countingPlugin } from './query-stats.server.ts'

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
	return em.getKysely<Database>().withPlugin(countingPlugin)
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
