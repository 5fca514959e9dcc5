/** The choices of the inputs demo form, shared by its schema and its fields. */
export const YEAR_GROUPS = [
	'Nursery',
	'Reception',
	'Year 1',
	'Year 2',
	'Year 3',
	'Year 4',
	'Year 5',
	'Year 6',
	'Year 7',
	'Year 8',
	'Year 9',
	'Year 10',
	'Year 11',
	'Year 12',
	'Year 13',
] as const
export const SEVERITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const
export const SCHOOLS = [
	{ value: 'oakfield', label: 'Oakfield Primary School' },
	{ value: 'riverside', label: 'Riverside Academy' },
	{ value: 'meadowview', label: 'Meadow View School' },
] as const satisfies readonly { value: string; label: string }[]
export const SEVERITIES = ['low', 'medium', 'high'] as const
