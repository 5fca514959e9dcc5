import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/inputs.ts'
import { InputsDemoForm } from './+parts/InputsDemoForm.tsx'
import { DemoSchema, type DemoErrors, type DemoFields, type DemoValues } from './+parts/inputs-schema.ts'
import { InputsShowcase } from './+parts/InputsShowcase.tsx'
import { PageHeading } from './+parts/Section.tsx'

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
