import { describe, expect, test } from 'vitest'
import { type ColumnSpec, countCsvRecords, decodeCsv, matchHeader, normaliseHeader, parseCsv, parseCsvDate, safeCell, toCsv } from './csv.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('counting records before parsing', () => {
	test('counts line breaks outside quotes, ignoring blank lines and a missing final newline', () => {
		expect(countCsvRecords('a,b\r\n1,2\r\n3,4\r\n')).toBe(3)
		expect(countCsvRecords('a,b\n1,2\n\n\n3,4')).toBe(3)
		expect(countCsvRecords('a,b\n"line one\nline two",2\n')).toBe(2)
		expect(countCsvRecords('')).toBe(0)
	})
})

describe('decoding', () => {
	test('UTF-8 with or without a byte-order mark; Windows-1252 read as such; NUL means binary', () => {
		expect(decodeCsv(bytes('UPN,Forename\n'))).toBe('UPN,Forename\n')
		expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('UPN')]))).toBe('UPN')
		expect(decodeCsv(new Uint8Array([0x5a, 0x6f, 0xeb]))).toBe('Zoë')
		expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x01]))).toBeNull()
	})
})

describe('parsing', () => {
	test('quoted cells, trimmed; an unclosed quote is no CSV', () => {
		expect(parseCsv('a, b \n\n"x, y","say ""hi"""\n')).toEqual([
			{ cells: ['a', 'b'], line: 1 },
			{ cells: ['x, y', 'say "hi"'], line: 3 },
		])
		expect(parseCsv('a,b\n"open,1\n')).toBeNull()
	})

	test('a record is numbered by its row in a spreadsheet, which shows a cell’s line breaks within the row', () => {
		const text = 'Email,Name,Job\nqn1@oak.test,"Anne\nMarie","Teaching\r\nAssistant"\n\nqn2@oak.test,Bob,TA\n'
		expect(parseCsv(text)?.map(({ cells, line }) => [cells[1], line])).toEqual([
			['Name', 1],
			['Anne\nMarie', 2],
			['Bob', 4],
		])
	})
})

describe('headers', () => {
	const columns: ColumnSpec<'upn' | 'first' | 'sen'>[] = [
		{ field: 'upn', label: 'UPN', aliases: [], required: true },
		{ field: 'first', label: 'First name', aliases: ['Legal Forename', 'Forename'], required: true },
		{ field: 'sen', label: 'SEN status', aliases: [], required: false },
	]

	test('any order and case, spaces and underscores alike', () => {
		expect(normaliseHeader('  Legal_Forename ')).toBe('legal forename')
		expect(matchHeader(['legal forename', 'upn'], columns)).toEqual(
			new Map([
				['first', 0],
				['upn', 1],
			]),
		)
		expect(matchHeader(['UPN', 'FORENAME', 'Sen Status', ''], columns)?.get('sen')).toBe(2)
		// Any number of empty columns after the last named one (a spreadsheet's stray commas); not one between two.
		expect(matchHeader(['UPN', 'Forename', '', '', ''], columns)).toEqual(new Map([['upn', 0], ['first', 1]]))
		expect(matchHeader(['UPN', '', 'Forename'], columns)).toBeNull()
	})

	test('a missing required column, an unknown one or one given twice breaks the header', () => {
		expect(matchHeader(['UPN'], columns)).toBeNull()
		expect(matchHeader(['UPN', 'Forename', 'Shoe size'], columns)).toBeNull()
		expect(matchHeader(['UPN', 'Forename', 'Legal Forename'], columns)).toBeNull()
		expect(matchHeader(['UPN;Forename'], columns)).toBeNull()
	})
})

describe('dates', () => {
	test('dd/mm/yyyy and yyyy-mm-dd become yyyy-mm-dd; anything else is null', () => {
		expect(parseCsvDate('04/05/2017')).toBe('2017-05-04')
		expect(parseCsvDate('4/5/2017')).toBe('2017-05-04')
		expect(parseCsvDate('2017-05-04')).toBe('2017-05-04')
		expect(parseCsvDate('05-04-2017')).toBeNull()
		expect(parseCsvDate('4 May 2017')).toBeNull()
		expect(parseCsvDate('')).toBeNull()
	})
})

describe('cells written out', () => {
	test('a leading = + - @, tab or carriage return gets an apostrophe', () => {
		for (const value of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx']) expect(safeCell(value)).toBe(`'${value}`)
		expect(safeCell('\rx')).toBe(`"'\rx"`)
		expect(safeCell('plain')).toBe('plain')
		expect(safeCell(12)).toBe('12')
		expect(safeCell(null)).toBe('')
	})

	test('quotes, commas and line breaks are quoted', () => {
		expect(toCsv([['a,b', 'say "hi"'], ['=1+1', 'line\nbreak']])).toBe(`"a,b","say ""hi"""\r\n'=1+1,"line\nbreak"\r\n`)
	})
})
