import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { EmailSchema } from '#app/lib/password-rules.ts'

export const AddAdminSchema = z.object({
	firstName: z.string({ error: 'Enter a first name' }).trim().min(1, 'Enter a first name').max(100),
	lastName: z.string({ error: 'Enter a last name' }).trim().min(1, 'Enter a last name').max(100),
	email: EmailSchema,
})

/** The "Add school admin" modal: a name and an email; the new admin gets an invitation. */
export function AddAdminModal({ lastResult }: { lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'add-school-admin',
		lastResult,
		constraint: getZodConstraint(AddAdminSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: AddAdminSchema }),
	})
	return (
		<UrlModal
			name="add-school-admin"
			title="Add school admin"
			footer={
				<SubmitButton intent="add-admin" form={form.id}>
					Add and send invitation
				</SubmitButton>
			}
		>
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<p className="text-sm text-slate-700">They will get an email with a link to set their password.</p>
				<TextField {...textFieldProps(fields.firstName)} label="First name" autoComplete="off" isRequired />
				<TextField {...textFieldProps(fields.lastName)} label="Last name" autoComplete="off" isRequired />
				<TextField {...textFieldProps(fields.email)} label="Email" type="email" autoComplete="off" isRequired />
			</Form>
		</UrlModal>
	)
}
