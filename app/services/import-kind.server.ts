import type { ImportRowError, ReadResult } from '#app/lib/import-rows.ts'
import type { Em } from './database.server.ts'

/**
 * What one kind of import (students, staff directory) gives the import queue
 * (import-queue.server.ts, ADR 009): how its file reads and how its rows are
 * decided and written. Its own module, so that the kinds and the queue that
 * runs them do not import each other.
 */

export type ImportValuesRow<Values> = { row: number; values: Values }

/** What a batch's rows would do, decided against the database. */
export type ImportPlan<Values> = {
	create: ImportValuesRow<Values>[]
	/** `id` is the record to update. */
	update: (ImportValuesRow<Values> & { id: string })[]
	unchanged: number
	refused: ImportRowError[]
}

/** Who an import acts for: the user who started it and, when they were impersonated, the platform admin (ADR 009). */
export type ImportActor = { schoolId: string; userId: string | null; impersonatorId: string | null }

/** One kind of import: how its file reads, how its rows are decided and written. */
export type ImportKindHandler<Values> = {
	read(bytes: Uint8Array): ReadResult<Values>
	/** `actor`: the school the rows are for, and who imports them (whose own entry a row may not demote). */
	plan(em: Em, actor: Pick<ImportActor, 'schoolId' | 'userId'>, rows: ImportValuesRow<Values>[]): Promise<ImportPlan<Values>>
	/** Writes a plan inside the caller's transaction; rows the database refuses come back as errors. */
	apply(tx: Em, actor: ImportActor, plan: ImportPlan<Values>): Promise<{ created: number; updated: number; errors: ImportRowError[] }>
}
