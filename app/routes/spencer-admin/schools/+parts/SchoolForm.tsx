import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { DetailsForm } from '#app/components/forms/DetailsForm.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { selectFieldProps, textFieldProps } from '#app/components/forms/field-props.ts'
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
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SchoolSchema }),
	})
	return (
		<DetailsForm form={form} submitLabel={submitLabel}>
			<TextField {...textFieldProps(fields.name)} label="Name" autoComplete="organization" isRequired className="sm:col-span-2" />
			<TextField
				{...textFieldProps(fields.subdomain)}
				label="Subdomain"
				description="Lowercase letters, digits and hyphens; 3 to 63 characters."
				isRequired
			/>
			<Select {...selectFieldProps(fields.type, 'Primary')} label="Type" options={SCHOOL_TYPES.map((type) => ({ value: type, label: type }))} isRequired />
			<TextField {...textFieldProps(fields.urn)} label="URN" description="Unique reference number: 6 digits (optional)." inputMode="numeric" maxLength={6} />
			<TextField {...textFieldProps(fields.phone)} label="Phone" type="tel" autoComplete="tel" />
			<TextField {...textFieldProps(fields.address)} label="Address" autoComplete="street-address" className="sm:col-span-2" />
			<TextField {...textFieldProps(fields.postcode)} label="Postcode" autoComplete="postal-code" />
			<TextField {...textFieldProps(fields.contactEmail)} label="Contact email" type="email" autoComplete="email" />
		</DetailsForm>
	)
}
