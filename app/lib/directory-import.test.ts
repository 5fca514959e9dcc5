import { describe, expect, test } from 'vitest'
import { directoryTemplateCsv, readDirectoryImport, readRole } from './directory-import.ts'

const read = (text: string) => readDirectoryImport(new TextEncoder().encode(text))

describe('the directory import', () => {
	test('roles as people write them', () => {
		expect(['School admin', 'schoolAdmin', 'Need manager', 'SENCo', 'professional', 'need_manager'].map(readRole)).toEqual([
			'schoolAdmin',
			'schoolAdmin',
			'needManager',
			'needManager',
			'professional',
			'needManager',
		])
		// The names the screens use now (ADR 035), and the template's.
		expect(['SENCo / need manager', 'senco/need manager', 'Staff member', 'STAFF MEMBER'].map(readRole)).toEqual(['needManager', 'needManager', 'professional', 'professional'])
		expect(readRole('Head')).toBeNull()
	})

	test('the template reads back; e-mails are compared in lower case', () => {
		expect(read(directoryTemplateCsv())).toEqual({
			ok: true,
			rows: [{ row: 2, values: { email: 'j.bloggs@school.example', firstName: 'Joe', lastName: 'Bloggs', role: 'professional', jobTitle: 'Teaching Assistant' } }],
		})
	})

	test('headers in any order and case; no job title column leaves it unset; an empty cell clears it', () => {
		const without = read('surname,EMAIL,forename,role\nBloggs,J.Bloggs@School.Example,Joe,SENCo\n')
		expect(without).toEqual({ ok: true, rows: [{ row: 2, values: { email: 'j.bloggs@school.example', firstName: 'Joe', lastName: 'Bloggs', role: 'needManager', jobTitle: undefined } }] })
		const empty = read('E-mail,First name,Last name,Role,Job title\na@b.example,A,B,Professional,\n')
		expect(empty.ok && empty.rows[0]?.values?.jobTitle).toBeNull()
	})

	test('bad rows are refused with row, column and message; a repeated e-mail too', () => {
		const result = read(
			['Email,Forename,Surname,Role', 'not-an-email,A,B,Professional', 'c@d.example,,B,Head', 'e@f.example,E,F,Professional', 'E@F.example,E,F,Professional'].join('\n'),
		)
		if (!result.ok) throw new Error('expected rows')
		expect(result.rows.flatMap((row) => row.errors ?? [])).toEqual([
			{ row: 2, column: 'Email', message: 'Enter an email address like name@school.org' },
			{ row: 3, column: 'Role', message: 'Use School admin, SENCo / need manager or Staff member' },
			{ row: 3, column: 'Forename', message: 'Enter a first name' },
			{ row: 5, column: 'Email', message: 'The same value is already on row 4' },
		])
	})

	test('a name or job title with a line break or another control character is refused: it would be written into lists and mails', () => {
		const result = read(['Email,Forename,Surname,Role,Job title', 'crlf@d.example,"Eve\r\nBcc: x@evil.example",Smith,Professional,"TA\r\nline"', 'ok@d.example,Ok,Fine,Professional,TA'].join('\n'))
		if (!result.ok) throw new Error('expected rows')
		const message = 'Remove the line breaks, tabs or other control characters from this cell'
		expect(result.rows.flatMap((row) => row.errors ?? [])).toEqual([
			{ row: 2, column: 'Forename', message },
			{ row: 2, column: 'Job title', message },
		])
		expect(result.rows.filter((row) => row.values).map((row) => row.values!.email)).toEqual(['ok@d.example'])
	})

	test('a broken header answers broken, and says what is wrong with it', () => {
		expect(read('Email,Forename,Surname\n')).toEqual({ ok: false, reason: 'broken', detail: 'The header row has no “Role” column.' })
		expect(read('Email,Surname\n')).toEqual({ ok: false, reason: 'broken', detail: 'The header row has no “First name”, “Role” columns.' })
		expect(read('Email,Forename,Surname,Role,Shoe size\n')).toEqual({ ok: false, reason: 'broken', detail: 'Column 5 of the header row is not one Spencer knows: the template’s first row gives the names it reads.' })
	})
})
