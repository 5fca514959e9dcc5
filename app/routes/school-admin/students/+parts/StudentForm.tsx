import { useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { CheckboxList } from '#app/components/forms/CheckboxList.tsx'
import { DetailsForm } from '#app/components/forms/DetailsForm.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { selectFieldProps, textFieldProps } from '#app/components/forms/field-props.ts'
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
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: StudentSchema }),
	})
	return (
		<DetailsForm form={form} submitLabel={submitLabel}>
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
			<Select {...selectFieldProps(fields.gender)} label="Gender" options={choices(GENDERS)} isRequired />
			<Select {...selectFieldProps(fields.yearGroup)} label="Year group" options={choices(YEAR_GROUPS)} isRequired />
			<Select
				{...selectFieldProps(fields.senStatus, 'none')}
				label="SEN status"
				options={SEN_STATUSES.map((status) => ({ value: status, label: SEN_STATUS_LABELS[status] }))}
				isRequired
			/>
			<Select
				{...selectFieldProps(fields.keyProfessional, NO_KEY)}
				label="Key professional"
				description="The adult who leads on this student’s support."
				options={[{ value: NO_KEY, label: 'No key professional' }, ...professionals]}
				placeholder="No key professional"
				className="sm:col-span-2"
			/>
			<CheckboxList legend="Connected professionals" field={fields.connectedProfessionals} options={professionals} className="sm:col-span-2" />
		</DetailsForm>
	)
}

/** Options whose labels are their values. */
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }))
