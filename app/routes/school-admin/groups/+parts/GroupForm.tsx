import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { GroupSchema } from './group-schema.ts'

/** The name-and-description form of a group, to add one (in a modal) or edit it. */
export function GroupForm({
	intent,
	submitLabel,
	defaultValue,
	lastResult,
	action,
}: {
	intent: string
	submitLabel: string
	defaultValue?: { name: string; description: string }
	lastResult: SubmissionResult<string[]> | null | undefined
	action?: string
}) {
	const [form, fields] = useForm({
		id: `form-${intent}`,
		lastResult,
		defaultValue,
		constraint: getZodConstraint(GroupSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: GroupSchema }),
	})
	return (
		<Form method="post" action={action} className="flex max-w-xl flex-col gap-4" {...getFormProps(form)}>
			<FormErrors id={form.errorId} errors={form.errors} />
			<TextField {...textFieldProps(fields.name)} label="Name" isRequired />
			<TextArea {...textFieldProps(fields.description)} label="Description" description="Optional: what the group is for, when it meets." />
			<div>
				<SubmitButton intent={intent}>{submitLabel}</SubmitButton>
			</div>
		</Form>
	)
}
