import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CheckboxList } from '#app/components/forms/CheckboxList.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { selectFieldProps, textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { StudentSchema } from '#app/lib/student-schema.ts'
import { ProfileSchema } from './profile-schema.ts'

type Option = { value: string; label: string }
type Result = SubmissionResult<string[]> | null | undefined

export const ProfessionalsSchema = StudentSchema.pick({ keyProfessional: true, connectedProfessionals: true })

/** The key professional and connected professionals of one student. */
export function ProfessionalsForm({
	studentId,
	professionals,
	current,
	lastResult,
}: {
	studentId: string
	professionals: Option[]
	current: { keyProfessional: string | null; connectedProfessionals: string[] }
	lastResult: Result
}) {
	const [form, fields] = useForm({
		id: `professionals-${studentId}`,
		lastResult,
		defaultValue: { keyProfessional: current.keyProfessional ?? 'none', connectedProfessionals: current.connectedProfessionals },
		constraint: getZodConstraint(ProfessionalsSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfessionalsSchema }),
	})
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<input type="hidden" name="id" value={studentId} />
			<FormErrors id={form.errorId} errors={form.errors} />
			<Select
				{...selectFieldProps(fields.keyProfessional, 'none')}
				label="Key professional"
				description="The adult who leads on this student’s support."
				options={[{ value: 'none', label: 'No key professional' }, ...professionals]}
			/>
			<CheckboxList legend="Connected professionals" field={fields.connectedProfessionals} options={professionals} />
			<div>
				<SubmitButton intent="professionals">Save professionals</SubmitButton>
			</div>
		</Form>
	)
}

/** The "one-time/recurring profile" form. */
export function ProfileForm({
	studentId,
	questionnaires,
	respondents,
	lastResult,
	today,
}: {
	studentId: string
	questionnaires: Option[]
	respondents: Option[]
	lastResult: Result
	today: string
}) {
	const [form, fields] = useForm({
		id: `profile-${studentId}`,
		lastResult,
		defaultValue: { kind: 'recurring', intervalWeeks: '6', startDate: today },
		constraint: getZodConstraint(ProfileSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
	})
	const errorOf = (field: { errors?: string[] }) => field.errors?.join(' ')
	const kind = typeof fields.kind.initialValue === 'string' ? fields.kind.initialValue : 'recurring'
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<input type="hidden" name="id" value={studentId} />
			<FormErrors id={form.errorId} errors={form.errors} />
			<Select {...selectFieldProps(fields.questionnaireId)} label="Questionnaire" options={questionnaires} placeholder="Choose a questionnaire" isRequired />
			<RadioGroup
				label="Kind"
				name={fields.kind.name}
				defaultValue={kind}
				orientation="horizontal"
				errorMessage={errorOf(fields.kind)}
				isInvalid={Boolean(errorOf(fields.kind))}
				isRequired
			>
				<Radio value="one-time">One-time</Radio>
				<Radio value="recurring">Recurring</Radio>
			</RadioGroup>
			<TextField
				{...textFieldProps(fields.intervalWeeks)}
				label="Every how many weeks"
				description="For a recurring profile: a new round opens every this many weeks (1 to 26)."
				type="number"
				inputMode="numeric"
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<TextField {...textFieldProps(fields.startDate)} label="Start date" type="date" isRequired />
				<TextField {...textFieldProps(fields.endDate)} label="End date" description="Optional." type="date" />
			</div>
			<CheckboxList legend="Respondents" field={fields.respondents} options={respondents} />
			<div>
				<SubmitButton intent="create-profile">Create profile</SubmitButton>
			</div>
		</Form>
	)
}
