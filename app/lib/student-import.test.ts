import { describe, expect, test } from 'vitest'
import { readGender, readSenStatus, readStudentImport, readYearGroup, studentTemplateCsv } from './student-import.ts'
import { withCheckLetter } from './upn.ts'

const read = (text: string) => readStudentImport(new TextEncoder().encode(text))
const upn = (n: number) => withCheckLetter(`99924${String(n).padStart(7, '0')}`)

describe('values', () => {
	test('year groups, genders and SEN statuses as schools and MIS exports write them', () => {
		expect(['7', 'Y7', 'Year 7', 'year7', 'Yr 7'].map(readYearGroup)).toEqual(Array(5).fill('Year 7'))
		expect(['R', 'Reception', 'N1', 'Nursery'].map(readYearGroup)).toEqual(['Reception', 'Reception', 'Nursery', 'Nursery'])
		expect(['0', '14', 'Year 14', 'Form 7'].map(readYearGroup)).toEqual([null, null, null, null])
		expect(['F', 'female', 'M', 'Male', 'Other', 'Not stated'].map(readGender)).toEqual(['Female', 'Female', 'Male', 'Male', 'Other', 'Not stated'])
		expect(readGender('girl')).toBeNull()
		expect(['', 'N', 'K', 'E', 'EHC plan', 'SEN support'].map(readSenStatus)).toEqual(['none', 'none', 'senSupport', 'ehcPlan', 'ehcPlan', 'senSupport'])
	})
})

describe('reading an upload', () => {
	test('our template reads back as one valid row', () => {
		const result = read(studentTemplateCsv())
		expect(result).toEqual({
			ok: true,
			rows: [
				{
					row: 2,
					values: { upn: 'B801200005001', firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '2017-05-04', gender: 'Female', yearGroup: 'Year 3', senStatus: 'none' },
				},
			],
		})
	})

	test('MIS headers in another order and case; no SEN column leaves the status unset', () => {
		const result = read(`reg group,SEX,Legal Surname,Legal Forename,dob,NC Year,upn\n7B,M,Turing,Alan,2014-06-23,7,${upn(1).toLowerCase()}\n`)
		expect(result).toEqual({
			ok: true,
			rows: [{ row: 2, values: { upn: upn(1), firstName: 'Alan', lastName: 'Turing', dateOfBirth: '2014-06-23', gender: 'Male', yearGroup: 'Year 7', senStatus: null } }],
		})
	})

	test('bad rows are refused with their row number and the column as the file names it; good rows go on', () => {
		const text = [
			'Forename,Surname,DOB,Year,Gender,UPN',
			`Ada,Lovelace,04/05/2017,3,F,${upn(2)}`,
			'Bad,Letter,04/05/2017,3,F,A801200005001',
			`Bad,Date,31/02/2017,3,F,${upn(3)}`,
			`,Nameless,2017-05-04,Year 9,M,${upn(4)}`,
			`Twin,Lovelace,04/05/2017,3,F,${upn(2)}`,
			`Bad,Year,04/05/2017,Year 15,X,${upn(5)}`,
			'',
			`Too,Many,04/05/2017,3,F,${upn(6)},extra`,
		].join('\n')
		const result = read(text)
		if (!result.ok) throw new Error('expected rows')
		expect(result.rows.filter((row) => row.values).map((row) => row.row)).toEqual([2])
		expect(result.rows.flatMap((row) => row.errors ?? [])).toEqual([
			{ row: 3, column: 'UPN', message: "This UPN's check letter is not right" },
			{ row: 4, column: 'DOB', message: 'Enter a real date' },
			{ row: 5, column: 'Forename', message: 'Enter a first name' },
			{ row: 6, column: 'UPN', message: 'The same value is already on row 2' },
			{ row: 7, column: 'Year', message: 'Use Nursery, Reception or Year 1 to Year 13 (or N, R, 1 to 13)' },
			{ row: 9, column: null, message: 'This row has 7 values but the header has 6 columns' },
		])
	})

	test('a cell with a line break, a tab or another control character is refused, row and column named, as the form refuses it', () => {
		const text = [
			'UPN,Forename,Surname,DOB,Year,Gender',
			`${upn(7)},"Line\nBreak",Smith,04/05/2017,3,F`,
			`${upn(8)},Bell\u0007,"Esc\u001b[31mRed",04/05/2017,3,F`,
			`${upn(9)},Tab\tbed,Jones,04/05/2017,3,F`,
			`${upn(10)},Ada,Lovelace,04/05/2017,3,F`,
		].join('\r\n')
		const result = read(text)
		if (!result.ok) throw new Error('expected rows')
		const message = 'Remove the line breaks, tabs or other control characters from this cell'
		expect(result.rows.flatMap((row) => row.errors ?? [])).toEqual([
			{ row: 2, column: 'Forename', message },
			{ row: 3, column: 'Forename', message },
			{ row: 3, column: 'Surname', message },
			{ row: 4, column: 'Forename', message },
		])
		// The spreadsheet's rows: a line break inside a cell does not start one.
		expect(result.rows.filter((row) => row.values).map((row) => row.row)).toEqual([5])
	})

	test('a broken file: unknown or missing columns, another delimiter, an unclosed quote, binary', () => {
		// Each says where the file is broken, so that a school admin with 5,000 rows knows where to look.
		const broken = (detail: string) => ({ ok: false, reason: 'broken', detail })
		expect(read('UPN,Forename,Surname,DOB,Year,Gender,Shoe size\n')).toEqual(broken('Column 7 of the header row is not one Spencer knows: the template’s first row gives the names it reads.'))
		expect(read('UPN,Forename,Surname,DOB,Year\n')).toEqual(broken('The header row has no “Gender” column.'))
		expect(read('UPN,Forename,Surname,Forename,DOB,Year,Gender\n')).toEqual(broken('Two columns of the header row are both “First name”.'))
		expect(read(`UPN;Forename;Surname;DOB;Year;Gender\n${upn(1)};A;B;2014-01-01;7;F\n`)).toEqual(
			broken('Its columns are not separated by commas (semicolons or tabs, perhaps): save it from the spreadsheet as "CSV (comma delimited)".'),
		)
		expect(read(`UPN,Forename,Surname,DOB,Year,Gender\n${upn(1)},"Ada,B,2014-01-01,7,F\n`)).toEqual(
			broken('A quote mark opens a cell that is never closed, so the cell runs to the end of the file.'),
		)
		expect(read(`UPN,Forename,Surname,DOB,Year,Gender\n${upn(1)},A,B,2014-01-01,7,F\n${upn(2)},=HYPERLINK("http://x";"y"),B,2014-01-01,7,F\n`)).toEqual(
			broken('Row 3 has a quote mark inside a cell that does not start with one. A spreadsheet saves such a cell between quote marks: save the file from it as CSV again.'),
		)
		expect(readStudentImport(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]))).toEqual(broken('It is not text Spencer can read (UTF-8, or the spreadsheet’s own Windows encoding): save it from the spreadsheet as “CSV (comma delimited)” or “CSV UTF-8”.'))
		expect(read('')).toEqual(broken('The file is empty: it has no header row.'))
	})

	test('more than 10,000 rows is refused before parsing', () => {
		const rows = Array.from({ length: 10_001 }, (_, i) => `${upn(i)},A,B,2014-01-01,7,F`)
		expect(read(['UPN,Forename,Surname,DOB,Year,Gender', ...rows].join('\n'))).toEqual({ ok: false, reason: 'tooManyRows' })
		expect(read(['UPN,Forename,Surname,DOB,Year,Gender', ...rows.slice(1)].join('\n')).ok).toBe(true)
	})
})
