import { data } from 'react-router'
import { z } from 'zod'
import { isValidUpn } from '#app/lib/upn.ts'
import { parseMaskedNumber } from '#app/lib/masks.ts'
import type { Route } from './+types/inputs.ts'
import { InputsDemoForm } from './+parts/InputsDemoForm.tsx'
import { SCHOOLS, SEVERITIES, YEAR_GROUPS } from './+parts/inputs-options.ts'
import { InputsShowcase } from './+parts/InputsShowcase.tsx'
import { PageHeading } from './+parts/Section.tsx'

const DemoSchema = z.object({
	name: z.string().trim().min(2, 'Enter a name of at least 2 letters.'),
	email: z.string().trim().pipe(z.email('Enter an e-mail address like name@school.org.uk.')),
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

export async function action({ request }: Route.ActionArgs) {
	const form = Object.fromEntries(await request.formData())
	const result = DemoSchema.safeParse(form)
	if (!result.success) {
		const fieldErrors = z.flattenError(result.error).fieldErrors as Partial<Record<DemoFields, string[]>>
		const errors: DemoErrors = Object.fromEntries(
			Object.entries(fieldErrors).map(([field, messages]) => [field, messages?.[0] ?? 'Check this field.']),
		)
		// The password is never sent back.
		const { password: _password, ...rest } = form
		const values = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, String(value)])) as DemoValues
		return data({ status: 'error' as const, errors, values }, { status: 400 })
	}
	const { password: _password, ...saved } = result.data
	return { status: 'success' as const, saved }
}

export default function Inputs({ actionData }: Route.ComponentProps) {
	return (
		<div className="flex flex-col gap-8">
			<PageHeading>Inputs</PageHeading>
			<InputsShowcase />
			<InputsDemoForm result={actionData} />
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Inputs · UI kit · Spencer' }]
