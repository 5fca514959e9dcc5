import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { SCHOOL_TYPES } from '#app/models/enums.ts'
import { SchoolSchema } from './school-schema.ts'

export type SchoolFormValues = {
	name: string
	subdomain: string
	type: string
	urn: string | null
	address: string | null
	postcode: string | null
	phone: string | null
	contactEmail: string | null
}

/** The school details form: the same fields for a new school and an existing one. */
export function SchoolForm({
	school,
	lastResult,
	submitLabel,
}: {
	school: SchoolFormValues | null
	lastResult: SubmissionResult<string[]> | null | undefined
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id: 'school-details',
		lastResult,
		defaultValue: school ?? { type: 'Primary' },
		constraint: getZodConstraint(SchoolSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SchoolSchema }),
	})
	const typeError = fields.type.errors?.join(' ')
	return (
		<Form method="post" className="grid max-w-3xl gap-5 sm:grid-cols-2" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<div className="sm:col-span-2">
				<FormErrors id={form.errorId} errors={form.errors} />
			</div>
			<TextField {...textFieldProps(fields.name)} label="Name" autoComplete="organization" isRequired className="sm:col-span-2" />
			<TextField
				{...textFieldProps(fields.subdomain)}
				label="Subdomain"
				description="Lowercase letters, digits and hyphens; 3 to 63 characters."
				isRequired
			/>
			<Select
				label="Type"
				name={fields.type.name}
				options={SCHOOL_TYPES.map((type) => ({ value: type, label: type }))}
				defaultValue={typeof fields.type.initialValue === 'string' ? fields.type.initialValue : 'Primary'}
				errorMessage={typeError}
				isInvalid={Boolean(typeError)}
				isRequired
			/>
			<TextField {...textFieldProps(fields.urn)} label="URN" description="Unique reference number: 6 digits (optional)." inputMode="numeric" maxLength={6} />
			<TextField {...textFieldProps(fields.phone)} label="Phone" type="tel" autoComplete="tel" />
			<TextField {...textFieldProps(fields.address)} label="Address" autoComplete="street-address" className="sm:col-span-2" />
			<TextField {...textFieldProps(fields.postcode)} label="Postcode" autoComplete="postal-code" />
			<TextField {...textFieldProps(fields.contactEmail)} label="Contact email" type="email" autoComplete="email" />
			<div className="sm:col-span-2">
				<SubmitButton intent="save">{submitLabel}</SubmitButton>
			</div>
		</Form>
	)
}
