import { countCsvRecords, csvProblem, decodeCsv, MAX_DATA_ROWS, parseCsv, readHeader, type ColumnSpec } from './csv.ts'

export type ImportRowError = { row: number; column: string | null; message: string }

/** One data row of an upload: its spreadsheet row number (the header is row 1) and its values, or why it is refused. */
export type ReadRow<Values> = { row: number; values: Values; errors?: undefined } | { row: number; values?: undefined; errors: ImportRowError[] }

export type ReadResult<Values> =
	| { ok: true; rows: ReadRow<Values>[] }
	| { ok: false; reason: 'tooManyRows'; detail?: undefined }
	/** `detail`: where the file is broken, in a sentence for the school admin. */
	| { ok: false; reason: 'broken'; detail: string }

/** Reads one row's cells (by field) into values, or into errors naming the column as the file names it. */
export type RowReader<Field extends string, Values> = (
	cells: Record<Field, string | undefined>,
	columnOf: (field: Field) => string,
) => { values: Values } | { errors: { column: string | null; message: string }[] }

/**
 * Control characters (line breaks, tabs, escapes…): a cell may hold them inside quotes, where the form's own fields are
 * refused them (the request guards, ADR 018). A name with a line break in it would break every list, label and mail it
 * is written into.
 */
const CONTROL = /\p{Cc}/u
const CONTROL_IN_CELL = 'Remove the line breaks, tabs or other control characters from this cell'

/**
 * An upload's rows, checked in the order docs/architecture.md#imports-and-csv gives: not text, too
 * many rows (counted before parsing), not well-formed CSV or a header with a
 * missing or unknown column (`broken`, answered with 100001). Then each row on
 * its own: a bad row is refused with its row number, the others go ahead.
 */
export function readImport<Field extends string, Values>(
	bytes: Uint8Array,
	columns: ColumnSpec<Field>[],
	readRow: RowReader<Field, Values>,
	keyOf: (values: Values) => string,
	keyColumn: Field,
): ReadResult<Values> {
	const text = decodeCsv(bytes)
	if (text === null) return { ok: false, reason: 'broken', detail: 'It is not text Spencer can read (UTF-8, or the spreadsheet’s own Windows encoding): save it from the spreadsheet as “CSV (comma delimited)” or “CSV UTF-8”.' }
	if (countCsvRecords(text) - 1 > MAX_DATA_ROWS) return { ok: false, reason: 'tooManyRows' }
	const records = parseCsv(text)
	if (!records) return { ok: false, reason: 'broken', detail: csvProblem(text) }
	const header = records[0]?.cells
	if (!header) return { ok: false, reason: 'broken', detail: 'The file is empty: it has no header row.' }
	const columnsRead = readHeader(header, columns)
	if ('problem' in columnsRead) return { ok: false, reason: 'broken', detail: columnsRead.problem }
	const { positions } = columnsRead
	const columnOf = (field: Field) => header[positions.get(field) ?? -1] ?? columns.find((column) => column.field === field)?.label ?? field

	const rows: ReadRow<Values>[] = []
	const firstRowOf = new Map<string, number>()
	for (let index = 1; index < records.length; index++) {
		const { cells: record, line: row } = records[index]!
		if (record.every((cell) => cell === '')) continue
		if (record.length > header.length && record.slice(header.length).some((cell) => cell !== '')) {
			rows.push({ row, errors: [{ row, column: null, message: `This row has ${record.length} values but the header has ${header.length} columns` }] })
			continue
		}
		const cells = {} as Record<Field, string | undefined>
		for (const [field, position] of positions) cells[field] = record[position]
		const unreadable = [...positions.keys()].filter((field) => CONTROL.test(cells[field] ?? ''))
		if (unreadable.length) {
			rows.push({ row, errors: unreadable.map((field) => ({ row, column: columnOf(field), message: CONTROL_IN_CELL })) })
			continue
		}
		const read = readRow(cells, columnOf)
		if ('errors' in read) {
			rows.push({ row, errors: read.errors.map((error) => ({ row, ...error })) })
			continue
		}
		const key = keyOf(read.values)
		const earlier = firstRowOf.get(key)
		if (earlier !== undefined) {
			rows.push({ row, errors: [{ row, column: columnOf(keyColumn), message: `The same value is already on row ${earlier}` }] })
			continue
		}
		firstRowOf.set(key, row)
		rows.push({ row, values: read.values })
	}
	return { ok: true, rows }
}
