import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { StudentSchema } from '#app/lib/student-schema.ts'
import { ProfileSchema } from './profile-schema.ts'

type Option = { value: string; label: string }
type Result = SubmissionResult<string[]> | null | undefined

export const ProfessionalsSchema = StudentSchema.pick({ keyProfessional: true, connectedProfessionals: true })

const listOf = (value: unknown) => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [])

function CheckboxList({ legend, name, options, selected, error, errorId }: { legend: string; name: string; options: Option[]; selected: string[]; error?: string; errorId: string }) {
	return (
		<fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
			<legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
			{options.length === 0 ? <p className="text-sm text-slate-700">No staff members with access yet.</p> : null}
			{options.map((option) => (
				<Checkbox key={option.value} name={name} value={option.value} defaultSelected={selected.includes(option.value)}>
					{option.label}
				</Checkbox>
			))}
			{error ? (
				<p id={errorId} className="text-sm font-medium text-red-700">
					{error}
				</p>
			) : null}
		</fieldset>
	)
}

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
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfessionalsSchema }),
	})
	const keyError = fields.keyProfessional.errors?.join(' ')
	const initialKey = typeof fields.keyProfessional.initialValue === 'string' ? fields.keyProfessional.initialValue : 'none'
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<input type="hidden" name="id" value={studentId} />
			<FormErrors id={form.errorId} errors={form.errors} />
			<Select
				label="Key professional"
				name={fields.keyProfessional.name}
				description="The adult who leads on this student’s support."
				options={[{ value: 'none', label: 'No key professional' }, ...professionals]}
				defaultValue={initialKey}
				errorMessage={keyError}
				isInvalid={Boolean(keyError)}
			/>
			<CheckboxList
				legend="Connected professionals"
				name={fields.connectedProfessionals.name}
				options={professionals}
				selected={listOf(fields.connectedProfessionals.initialValue)}
				error={fields.connectedProfessionals.errors?.join(' ')}
				errorId={`${fields.connectedProfessionals.id}-error`}
			/>
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
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
	})
	const errorOf = (field: { errors?: string[] }) => field.errors?.join(' ')
	const kind = typeof fields.kind.initialValue === 'string' ? fields.kind.initialValue : 'recurring'
	return (
		<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
			<input type="hidden" name="id" value={studentId} />
			<FormErrors id={form.errorId} errors={form.errors} />
			<Select
				label="Questionnaire"
				name={fields.questionnaireId.name}
				options={questionnaires}
				defaultValue={typeof fields.questionnaireId.initialValue === 'string' ? fields.questionnaireId.initialValue : null}
				placeholder="Choose a questionnaire"
				errorMessage={errorOf(fields.questionnaireId)}
				isInvalid={Boolean(errorOf(fields.questionnaireId))}
				isRequired
			/>
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
			<CheckboxList
				legend="Respondents"
				name={fields.respondents.name}
				options={respondents}
				selected={listOf(fields.respondents.initialValue)}
				error={errorOf(fields.respondents)}
				errorId={`${fields.respondents.id}-error`}
			/>
			<div>
				<SubmitButton intent="create-profile">Create profile</SubmitButton>
			</div>
		</Form>
	)
}
