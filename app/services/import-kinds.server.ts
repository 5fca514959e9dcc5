import type { ImportKind } from '#app/models/enums.ts'
import type { ImportKindHandler } from './import-queue.server.ts'
import { studentImport } from './student-import.server.ts'

/** Each kind of import and the code that reads and writes its rows. */
const HANDLERS: Record<ImportKind, ImportKindHandler<never> | null> = {
	students: studentImport as ImportKindHandler<never>,
	directory: null,
}

export function importHandler(kind: ImportKind): ImportKindHandler<unknown> {
	const handler = HANDLERS[kind]
	if (!handler) throw new Error(`No import handler for ${kind}`)
	return handler as ImportKindHandler<unknown>
}
