import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { GENDERS, SEN_STATUS_LABELS, SEN_STATUSES, YEAR_GROUPS } from '#app/models/enums.ts'
import { StudentSchema } from '#app/lib/student-schema.ts'

export type StudentFormValues = {
	upn: string
	firstName: string
	lastName: string
	dateOfBirth: string
	gender: string
	yearGroup: string
	senStatus: string
	keyProfessional: string | null
	connectedProfessionals: string[]
}

type Option = { value: string; label: string }

const NO_KEY = 'none'

/** The student details form: the same fields for a new student and an existing one. */
export function StudentForm({
	student,
	professionals,
	lastResult,
	submitLabel,
}: {
	student: StudentFormValues | null
	professionals: Option[]
	lastResult: SubmissionResult<string[]> | null | undefined
	submitLabel: string
}) {
	const [form, fields] = useForm({
		id: 'student-details',
		lastResult,
		defaultValue: student ?? { senStatus: 'none' },
		constraint: getZodConstraint(StudentSchema),
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: StudentSchema }),
	})
	const errorOf = (field: { errors?: string[] }) => field.errors?.join(' ')
	const initial = (field: { initialValue?: unknown }) => (typeof field.initialValue === 'string' ? field.initialValue : undefined)
	const connected = fields.connectedProfessionals.initialValue
	const connectedIds = Array.isArray(connected) ? connected : typeof connected === 'string' ? [connected] : []
	const connectedError = errorOf(fields.connectedProfessionals)
	return (
		<Form method="post" className="grid max-w-3xl gap-5 sm:grid-cols-2" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="save" />
			<div className="sm:col-span-2">
				<FormErrors id={form.errorId} errors={form.errors} />
			</div>
			<TextField
				{...textFieldProps(fields.upn)}
				label="UPN"
				description="Unique pupil number: 13 characters, starting with its check letter."
				autoComplete="off"
				maxLength={13}
				isRequired
				className="sm:col-span-2"
				inputClassName="font-mono uppercase"
			/>
			<TextField {...textFieldProps(fields.firstName)} label="First name" autoComplete="off" isRequired />
			<TextField {...textFieldProps(fields.lastName)} label="Last name" autoComplete="off" isRequired />
			<TextField {...textFieldProps(fields.dateOfBirth)} label="Date of birth" type="date" isRequired />
			<Select
				label="Gender"
				name={fields.gender.name}
				options={GENDERS.map((gender) => ({ value: gender, label: gender }))}
				defaultValue={initial(fields.gender)}
				errorMessage={errorOf(fields.gender)}
				isInvalid={Boolean(errorOf(fields.gender))}
				isRequired
			/>
			<Select
				label="Year group"
				name={fields.yearGroup.name}
				options={YEAR_GROUPS.map((yearGroup) => ({ value: yearGroup, label: yearGroup }))}
				defaultValue={initial(fields.yearGroup)}
				errorMessage={errorOf(fields.yearGroup)}
				isInvalid={Boolean(errorOf(fields.yearGroup))}
				isRequired
			/>
			<Select
				label="SEN status"
				name={fields.senStatus.name}
				options={SEN_STATUSES.map((status) => ({ value: status, label: SEN_STATUS_LABELS[status] }))}
				defaultValue={initial(fields.senStatus) ?? 'none'}
				errorMessage={errorOf(fields.senStatus)}
				isInvalid={Boolean(errorOf(fields.senStatus))}
				isRequired
			/>
			<Select
				label="Key professional"
				name={fields.keyProfessional.name}
				description="The adult who leads on this student’s support."
				options={[{ value: NO_KEY, label: 'No key professional' }, ...professionals]}
				defaultValue={initial(fields.keyProfessional) ?? NO_KEY}
				placeholder="No key professional"
				errorMessage={errorOf(fields.keyProfessional)}
				isInvalid={Boolean(errorOf(fields.keyProfessional))}
				className="sm:col-span-2"
			/>
			<fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={connectedError ? `${fields.connectedProfessionals.id}-error` : undefined}>
				<legend className="mb-1 text-sm font-medium text-slate-900">Connected professionals</legend>
				{professionals.length === 0 ? (
					<p className="text-sm text-slate-700">No staff members with access yet.</p>
				) : (
					professionals.map((professional) => (
						<Checkbox
							key={professional.value}
							name={fields.connectedProfessionals.name}
							value={professional.value}
							defaultSelected={connectedIds.includes(professional.value)}
						>
							{professional.label}
						</Checkbox>
					))
				)}
				{connectedError ? (
					<p id={`${fields.connectedProfessionals.id}-error`} className="text-sm font-medium text-red-700">
						{connectedError}
					</p>
				) : null}
			</fieldset>
			<div className="sm:col-span-2">
				<SubmitButton intent="save">{submitLabel}</SubmitButton>
			</div>
		</Form>
	)
}
