import { getFormProps, type FormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from './FormErrors.tsx'
import { SubmitButton } from './SubmitButton.tsx'

/**
 * A record's details form (a student's, a school's): two columns from the small breakpoint, the form's own errors
 * on top, its fields, and the button that posts the `save` intent.
 */
export function DetailsForm({
	form,
	submitLabel,
	children,
}: {
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form
	form: FormMetadata<any, string[]>
	submitLabel: string
	children: ReactNode
}) {
	return (
		<Form method="post" className="grid max-w-3xl gap-5 sm:grid-cols-2" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<div className="sm:col-span-2">
				<FormErrors id={form.errorId} errors={form.errors} />
			</div>
			{children}
			<div className="sm:col-span-2">
				<SubmitButton intent="save">{submitLabel}</SubmitButton>
			</div>
		</Form>
	)
}
