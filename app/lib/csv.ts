import { parse } from 'csv-parse/sync'

/**
 * CSV in and out for imports: the limits checked before parsing, decoding,
 * parsing (csv-parse, RFC 4180), header matching by alias, dates, and cells
 * made safe for spreadsheets on the way out (docs/architecture.md#imports-and-csv).
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const MAX_DATA_ROWS = 10_000
export const TOO_LARGE_MESSAGE = 'The file is larger than 5 MB. Split it into smaller files and import each one.'
export const TOO_MANY_ROWS_MESSAGE = 'The file has more than 10,000 rows. Split it into smaller files and import each one.'

/**
 * Records in the text (header included), counted without parsing: line
 * breaks outside double quotes, blank lines left out. Cheap enough to run on
 * every upload before the parser sees it.
 */
export function countCsvRecords(text: string): number {
	let records = 0
	let quoted = false
	let lineHasContent = false
	for (let i = 0; i < text.length; i++) {
		const char = text.charCodeAt(i)
		if (char === 34) {
			quoted = !quoted
			lineHasContent = true
		} else if (!quoted && (char === 10 || char === 13)) {
			if (lineHasContent) records++
			lineHasContent = false
		} else if (!lineHasContent && char !== 32 && char !== 9) {
			lineHasContent = true
		}
	}
	return lineHasContent ? records + 1 : records
}

/**
 * The upload's text, or null when it is not text at all (a NUL byte means a
 * binary file). UTF-8 first (with or without its byte-order mark); spreadsheet
 * exports saved as Windows-1252 are read as such rather than refused.
 */
export function decodeCsv(bytes: Uint8Array): string | null {
	if (bytes.includes(0)) return null
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
	} catch {
		return new TextDecoder('windows-1252').decode(bytes)
	}
}

/**
 * Every record as its trimmed cells and its row in a spreadsheet (`line`), or
 * null when the file is not well-formed CSV (an unclosed quote, say). Blank
 * lines are no records, but they are rows. A spreadsheet shows a cell's line
 * breaks inside its row, so the row is the line the record ends on less every
 * line break inside a cell up to there.
 */
export function parseCsv(text: string): { cells: string[]; line: number }[] | null {
	try {
		const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }) as unknown as {
			record: string[]
			info: { lines: number }
		}[]
		let breaksInCells = 0
		return records.map(({ record, info }) => {
			// Counted as the parser counts lines inside quotes: a CR and an LF each.
			for (const cell of record) breaksInCells += cell.match(/[\r\n]/g)?.length ?? 0
			return { cells: record, line: info.lines - breaksInCells }
		})
	} catch {
		return null
	}
}

/**
 * Why a text that parseCsv refused is not well-formed CSV, in a sentence that says where to look (the row, as the
 * parser counts lines). Asked only after a refusal, so the good path parses once.
 */
export function csvProblem(text: string): string {
	try {
		parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true })
		return ''
	} catch (error) {
		const { code, lines } = (error ?? {}) as { code?: string; lines?: number }
		const where = typeof lines === 'number' && lines > 0 ? `Row ${lines}` : 'A row'
		if (code === 'INVALID_OPENING_QUOTE') {
			return `${where} has a quote mark inside a cell that does not start with one. A spreadsheet saves such a cell between quote marks: save the file from it as CSV again.`
		}
		if (code === 'CSV_INVALID_CLOSING_QUOTE') return `${where} has text after the quote mark that closes a cell.`
		if (code === 'CSV_QUOTE_NOT_CLOSED') return 'A quote mark opens a cell that is never closed, so the cell runs to the end of the file.'
		return `${where} could not be read as CSV.`
	}
}

/** A header cell compared loosely: case, spaces, underscores, hyphens and dots do not matter. */
export function normaliseHeader(value: string): string {
	return value
		.toLowerCase()
		.replace(/[._\-\s]+/g, ' ')
		.trim()
}

export type ColumnSpec<Field extends string> = { field: Field; label: string; aliases: string[]; required: boolean }

/**
 * Which column holds which field, or why the header is broken: a column nobody knows, one field given twice, a required
 * field missing, or another separator than the comma. The reason names a column by its place or by our template's
 * name, never by its text: a file without a header has a student's details there, and the reason is also what a
 * failed write's report carries (monitoring.server.ts).
 */
export function readHeader<Field extends string>(header: string[], columns: ColumnSpec<Field>[]): { positions: Map<Field, number> } | { problem: string } {
	if (header.length === 1 && /[;\t|]/.test(header[0] ?? '')) {
		return { problem: 'Its columns are not separated by commas (semicolons or tabs, perhaps): save it from the spreadsheet as "CSV (comma delimited)".' }
	}
	const byName = new Map<string, Field>()
	for (const column of columns) for (const name of [column.label, ...column.aliases]) byName.set(normaliseHeader(name), column.field)
	const found = new Map<Field, number>()
	// Empty columns after the last named one (a spreadsheet's stray commas) are no columns at all.
	const lastNamed = header.findLastIndex((cell) => normaliseHeader(cell) !== '')
	for (const [index, cell] of header.entries()) {
		const name = normaliseHeader(cell)
		if (name === '' && index > lastNamed && index > 0) continue
		const field = byName.get(name)
		if (!field) {
			return { problem: name === '' ? `Column ${index + 1} of the header row has no name.` : `Column ${index + 1} of the header row is not one Spencer knows: the template’s first row gives the names it reads.` }
		}
		if (found.has(field)) return { problem: `Two columns of the header row are both “${columns.find((column) => column.field === field)!.label}”.` }
		found.set(field, index)
	}
	const missing = columns.filter((column) => column.required && !found.has(column.field)).map((column) => `“${column.label}”`)
	if (missing.length) return { problem: `The header row has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}.` }
	return { positions: found }
}

/** Which column holds which field, or null when the header is broken (readHeader says why). */
export function matchHeader<Field extends string>(header: string[], columns: ColumnSpec<Field>[]): Map<Field, number> | null {
	const read = readHeader(header, columns)
	return 'positions' in read ? read.positions : null
}

/** dd/mm/yyyy (one-digit day and month too) or yyyy-mm-dd, as yyyy-mm-dd; null for anything else. */
export function parseCsvDate(value: string): string | null {
	const trimmed = value.trim()
	const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed)
	const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed)
	const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : uk ? [uk[3], uk[2], uk[1]] : []
	if (!year || !month || !day) return null
	return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/** A cell a spreadsheet will not run as a formula: a leading = + - @, tab or carriage return gets a `'` first. */
export function safeCell(value: string | number | null | undefined): string {
	const text = value === null || value === undefined ? '' : String(value)
	const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
	return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** Rows as CSV text (CRLF, as spreadsheets write it), every cell made safe. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
	return rows.map((row) => row.map(safeCell).join(',')).join('\r\n') + '\r\n'
}

/**
 * A CSV download: UTF-8 with a byte-order mark, without which Excel reads it as Windows-1252 ("can’t" shown as
 * "canâ€™t", accented names garbled), as the subject access export's CSVs have it. Our imports read the mark.
 */
export function csvDownload(csv: string, fileName: string): Response {
	return new Response(`\uFEFF${csv}`, {
		headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${fileName}"` },
	})
}
