import { z } from 'zod'
import { type SchoolRole } from '#app/models/enums.ts'
import { toCsv, type ColumnSpec } from './csv.ts'
import { readImport, type ReadResult } from './import-rows.ts'

/**
 * The staff directory's CSV, keyed by email: names, role and job title. An
 * import never gives access (ADR 009): the directory's "give access" sends
 * the invitations, when the school means to.
 */
export type DirectoryField = 'email' | 'firstName' | 'lastName' | 'role' | 'jobTitle'

export const DIRECTORY_COLUMNS: ColumnSpec<DirectoryField>[] = [
	{ field: 'email', label: 'Email', aliases: ['E-mail', 'E-mail address', 'Email address', 'Work email'], required: true },
	{ field: 'firstName', label: 'First name', aliases: ['Forename', 'Legal Forename', 'Firstname'], required: true },
	{ field: 'lastName', label: 'Last name', aliases: ['Surname', 'Legal Surname', 'Lastname'], required: true },
	{ field: 'role', label: 'Role', aliases: ['Spencer role'], required: true },
	{ field: 'jobTitle', label: 'Job title', aliases: ['Job', 'Position', 'Post'], required: false },
]

/** A valid row. A null job title is an empty cell; undefined means the file has no such column (an update keeps the member's). */
export type DirectoryImportValues = { email: string; firstName: string; lastName: string; role: SchoolRole; jobTitle: string | null | undefined }

const ROLE_NAMES: Record<string, SchoolRole> = {
	'school admin': 'schoolAdmin',
	schooladmin: 'schoolAdmin',
	'need manager': 'needManager',
	needmanager: 'needManager',
	senco: 'needManager',
	'senco / need manager': 'needManager',
	'senco/need manager': 'needManager',
	professional: 'professional',
	'staff member': 'professional',
}

export function readRole(value: string): SchoolRole | null {
	return ROLE_NAMES[value.trim().toLowerCase().replace(/[_-]+/g, ' ')] ?? null
}

const name = (label: string) => z.string().trim().min(1, `Enter a ${label}`).max(100, 'Use at most 100 characters')
const RowSchema = z.object({
	email: z.string().trim().toLowerCase().pipe(z.email({ error: 'Enter an email address like name@school.org' }).max(254, 'Use at most 254 characters')),
	firstName: name('first name'),
	lastName: name('last name'),
	jobTitle: z.string().trim().max(100, 'Use at most 100 characters').optional(),
})

export function readDirectoryImport(bytes: Uint8Array): ReadResult<DirectoryImportValues> {
	return readImport<DirectoryField, DirectoryImportValues>(
		bytes,
		DIRECTORY_COLUMNS,
		(cells, columnOf) => {
			const errors: { column: string; message: string }[] = []
			const role = readRole(cells.role ?? '')
			if (!role) errors.push({ column: columnOf('role'), message: 'Use School admin, SENCo / need manager or Staff member' })
			const parsed = RowSchema.safeParse({ email: cells.email ?? '', firstName: cells.firstName ?? '', lastName: cells.lastName ?? '', jobTitle: cells.jobTitle })
			if (!parsed.success) {
				for (const issue of parsed.error.issues) {
					const column = columnOf(String(issue.path[0]) as DirectoryField)
					if (!errors.some((error) => error.column === column)) errors.push({ column, message: issue.message })
				}
			}
			if (errors.length || !parsed.success || !role) return { errors }
			const { jobTitle, ...rest } = parsed.data
			return { values: { ...rest, role, jobTitle: cells.jobTitle === undefined ? undefined : jobTitle || null } }
		},
		(values) => values.email,
		'email',
	)
}

export function directoryTemplateCsv(): string {
	return toCsv([DIRECTORY_COLUMNS.map((column) => column.label), ['j.bloggs@school.example', 'Joe', 'Bloggs', 'Staff member', 'Teaching Assistant']])
}
