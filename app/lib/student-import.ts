import { StudentSchema, type StudentIdentity } from './student-schema.ts'
import { type Gender, type SenStatus, type YearGroup } from '#app/models/enums.ts'
import { parseCsvDate, toCsv, type ColumnSpec } from './csv.ts'
import { readImport, type ReadResult } from './import-rows.ts'

/**
 * The student import's CSV: our template's headers and the usual MIS export
 * names (docs/architecture.md#imports-and-csv) in any order and case, mapped onto the student form's
 * own schema so a row is valid exactly when the form would accept it.
 */
export type StudentField = 'upn' | 'firstName' | 'lastName' | 'dateOfBirth' | 'yearGroup' | 'gender' | 'senStatus' | 'regGroup'

export const STUDENT_COLUMNS: ColumnSpec<StudentField>[] = [
	{ field: 'upn', label: 'UPN', aliases: ['Unique Pupil Number'], required: true },
	{ field: 'firstName', label: 'First name', aliases: ['Legal Forename', 'Forename', 'Firstname'], required: true },
	{ field: 'lastName', label: 'Last name', aliases: ['Legal Surname', 'Surname', 'Lastname'], required: true },
	{ field: 'dateOfBirth', label: 'Date of birth', aliases: ['DOB'], required: true },
	{ field: 'yearGroup', label: 'Year group', aliases: ['Year', 'NC Year', 'National Curriculum Year'], required: true },
	{ field: 'gender', label: 'Gender', aliases: ['Sex'], required: true },
	{ field: 'senStatus', label: 'SEN status', aliases: ['SEN', 'SEN Provision'], required: false },
	// MIS exports carry the registration group; Spencer has no such field, so it is read and left aside (ADR 009).
	{ field: 'regGroup', label: 'Reg group', aliases: ['Registration Group', 'Form'], required: false },
]

/** A valid row: what the student will be. A null SEN status means the file has no SEN column (an update keeps the student's). */
export type StudentImportValues = StudentIdentity & { senStatus: SenStatus | null }

const RowSchema = StudentSchema.pick({ upn: true, firstName: true, lastName: true, dateOfBirth: true, gender: true, yearGroup: true, senStatus: true })

const GENDER_CODES: Record<string, Gender> = {
	f: 'Female',
	female: 'Female',
	m: 'Male',
	male: 'Male',
	o: 'Other',
	other: 'Other',
	u: 'Not stated',
	x: 'Not stated',
	'not stated': 'Not stated',
	unknown: 'Not stated',
}

const SEN_CODES: Record<string, SenStatus> = {
	'': 'none',
	n: 'none',
	none: 'none',
	'no sen': 'none',
	k: 'senSupport',
	'sen support': 'senSupport',
	e: 'ehcPlan',
	'ehc plan': 'ehcPlan',
	ehcp: 'ehcPlan',
}

/** "Year 7", "Y7", "7", "R", "Reception", "N1", "Nursery" → the year group, or null. */
export function readYearGroup(value: string): YearGroup | null {
	const text = value.trim().toLowerCase()
	if (['n', 'n1', 'n2', 'nursery'].includes(text)) return 'Nursery'
	if (['r', 'rec', 'reception'].includes(text)) return 'Reception'
	const year = /^(?:year|yr|y)?\s*(\d{1,2})$/.exec(text)
	const number = year ? Number(year[1]) : NaN
	return number >= 1 && number <= 13 ? (`Year ${number}` as YearGroup) : null
}

export function readGender(value: string): Gender | null {
	return GENDER_CODES[value.trim().toLowerCase()] ?? null
}

export function readSenStatus(value: string): SenStatus | null {
	return SEN_CODES[value.trim().toLowerCase()] ?? null
}

/** An upload read into student rows (see readImport for the order of checks). */
export function readStudentImport(bytes: Uint8Array): ReadResult<StudentImportValues> {
	return readImport<StudentField, StudentImportValues>(
		bytes,
		STUDENT_COLUMNS,
		(cells, columnOf) => {
			const errors: { column: string; message: string }[] = []
			const dateOfBirth = parseCsvDate(cells.dateOfBirth ?? '')
			if (!dateOfBirth) errors.push({ column: columnOf('dateOfBirth'), message: 'Write the date as dd/mm/yyyy or yyyy-mm-dd' })
			const gender = readGender(cells.gender ?? '')
			if (!gender) errors.push({ column: columnOf('gender'), message: 'Use Female, Male, Other or Not stated (or F, M)' })
			const yearGroup = readYearGroup(cells.yearGroup ?? '')
			if (!yearGroup) errors.push({ column: columnOf('yearGroup'), message: 'Use Nursery, Reception or Year 1 to Year 13 (or N, R, 1 to 13)' })
			const hasSen = cells.senStatus !== undefined
			const senStatus = hasSen ? readSenStatus(cells.senStatus ?? '') : 'none'
			if (!senStatus) errors.push({ column: columnOf('senStatus'), message: 'Use None, SEN support or EHC plan (or N, K, E)' })

			const parsed = RowSchema.safeParse({
				upn: cells.upn ?? '',
				firstName: cells.firstName ?? '',
				lastName: cells.lastName ?? '',
				dateOfBirth: dateOfBirth ?? '2000-01-01',
				gender: gender ?? 'Not stated',
				yearGroup: yearGroup ?? 'Year 1',
				senStatus: senStatus ?? 'none',
			})
			if (!parsed.success) {
				for (const issue of parsed.error.issues) {
					const field = String(issue.path[0]) as keyof typeof cells
					if (!errors.some((error) => error.column === columnOf(field))) errors.push({ column: columnOf(field), message: issue.message })
				}
			}
			if (errors.length || !parsed.success) return { errors }
			return { values: { ...parsed.data, senStatus: hasSen ? parsed.data.senStatus : null } }
		},
		(values) => values.upn,
		'upn',
	)
}

/** The template a school downloads: our headers and one example row (a valid test UPN). */
export function studentTemplateCsv(): string {
	return toCsv([
		STUDENT_COLUMNS.map((column) => column.label),
		['B801200005001', 'Ada', 'Lovelace', '04/05/2017', 'Year 3', 'Female', 'None', '3L'],
	])
}
