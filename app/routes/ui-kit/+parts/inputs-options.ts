/** The choices of the inputs demo form, shared by its schema and its fields. */
import { SEVERITIES, YEAR_GROUPS } from '#app/models/enums.ts'

export { SEVERITIES, YEAR_GROUPS }
export const SEVERITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const
export const SCHOOLS = [
	{ value: 'oakfield', label: 'Oakfield Primary School' },
	{ value: 'riverside', label: 'Riverside Academy' },
	{ value: 'meadowview', label: 'Meadow View School' },
] as const satisfies readonly { value: string; label: string }[]
