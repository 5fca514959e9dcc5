import { z } from 'zod'
import { parseMaskedNumber } from '#app/lib/input-masks.ts'
import { isValidUpn } from '#app/lib/upn.ts'
import { SCHOOLS, SEVERITIES, YEAR_GROUPS } from './inputs-options.ts'

/** The inputs demo's form, checked on the server (inputs.tsx) and typed for the form that shows it (InputsDemoForm.tsx). */
export const DemoSchema = z.object({
	name: z.string().trim().min(2, 'Enter a name of at least 2 letters.'),
	email: z.string().trim().pipe(z.email('Enter an email address like name@school.org.uk.')),
	password: z.string().min(8, 'Enter a password of at least 8 characters.'),
	upn: z
		.string()
		.trim()
		.refine(isValidUpn, 'Enter a valid UPN: 13 characters, the first one its check letter.'),
	yearGroup: z.enum(YEAR_GROUPS, 'Choose a year group.'),
	school: z.enum(
		SCHOOLS.map((school) => school.value),
		'Choose a school from the list.',
	),
	severity: z.enum(SEVERITIES, 'Choose a severity.'),
	hours: z
		.string()
		.optional()
		.transform((value, context) => {
			if (!value) return null
			const hours = parseMaskedNumber(value)
			if (hours === null || hours < 0 || hours > 40) {
				context.addIssue({ code: 'custom', message: 'Enter hours between 0 and 40, e.g. 12.5.' })
				return z.NEVER
			}
			return hours
		}),
	notes: z.string().max(200, 'Keep notes to 200 characters.').optional(),
	consent: z.literal('yes', 'Confirm that you have read the guidance.'),
})

export type DemoFields = keyof z.input<typeof DemoSchema>
export type DemoErrors = Partial<Record<DemoFields, string>>
export type DemoValues = Partial<Record<Exclude<DemoFields, 'password'>, string>>
