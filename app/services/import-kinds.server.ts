import type { ImportKind } from '#app/models/enums.ts'
import type { ImportKindHandler } from './import-kind.server.ts'
import { directoryImport } from './directory-import.server.ts'
import { studentImport } from './student-import.server.ts'

/** Each kind of import and the code that reads and writes its rows. */
const HANDLERS: Record<ImportKind, ImportKindHandler<never>> = {
	students: studentImport as ImportKindHandler<never>,
	directory: directoryImport as ImportKindHandler<never>,
}

export function importHandler(kind: ImportKind): ImportKindHandler<unknown> {
	return HANDLERS[kind] as ImportKindHandler<unknown>
}
