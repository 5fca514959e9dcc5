import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { ComboBox } from '#app/components/ui/ComboBox.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { TransferSchema } from './transfer-schema.ts'

export const TRANSFER_MODAL = 'transfer-student'

/**
 * The "transfer student" URL modal. The destination is typed text (a school's
 * name, subdomain or URN) that the server resolves, so it works without
 * JavaScript; with it, the combo box suggests the schools as you type.
 */
export function TransferModal({
	studentName,
	schools,
	pending,
	lastResult,
}: {
	studentName: string
	schools: { value: string; label: string }[]
	pending: { school: string } | null
	lastResult: SubmissionResult<string[]> | null | undefined
}) {
	const [form, fields] = useForm({
		id: 'transfer-student',
		lastResult,
		constraint: getZodConstraint(TransferSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TransferSchema }),
	})
	const destinationError = fields.destination.errors?.join(' ')
	return (
		<UrlModal name={TRANSFER_MODAL} title={`Transfer ${studentName}`}>
			{pending ? (
				<p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
					A request to transfer this student to {pending.school} is already pending. Cancel it under Outgoing requests to send another.
				</p>
			) : null}
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<ComboBox
					name={fields.destination.name}
					label="Destination school"
					description="Type the school’s name, subdomain or URN."
					options={schools}
					allowsCustomValue
					defaultInputValue={typeof fields.destination.initialValue === 'string' ? fields.destination.initialValue : undefined}
					errorMessage={destinationError}
					isInvalid={Boolean(destinationError)}
					isRequired
				/>
				<TextArea {...textFieldProps(fields.note)} label="Note" description="Optional: anything the other school should know." />
				<p className="text-sm text-slate-700">
					When the other school approves, the student moves there with all profiles and answers, and leaves this school’s groups and
					professionals.
				</p>
				<div>
					<SubmitButton intent="transfer">Send transfer request</SubmitButton>
				</div>
			</Form>
		</UrlModal>
	)
}
