import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { ERASURE_REASON_MAX, EraseSchema } from '#app/lib/erasure-schema.ts'

export const ERASE_MODAL = 'erase-student'

/** The details page's danger zone: set apart at the bottom, its one button opening the erasure modal. */
export function EraseSection() {
	return (
		<section aria-labelledby="erase-heading" className="rounded-lg border border-red-700 bg-white p-6">
			<h2 id="erase-heading" className="mb-2 text-lg font-semibold text-red-800">
				Erase this student
			</h2>
			<p className="mb-4 max-w-prose text-sm text-slate-800">
				For a request to erase a child’s data. Everything Spencer holds about the student is deleted for good: details,
				profiles, answers, plan, groups and transfer requests. To keep them but stop feedback, archive the student instead.
			</p>
			<ModalButton modal={ERASE_MODAL} variant="danger">
				Erase this student…
			</ModalButton>
		</section>
	)
}

/**
 * The "erase this student" URL modal (ADR 063): what goes, that it cannot be undone, the reason, and the student's UPN
 * typed as the confirmation. It posts to the page with the modal open, so a refused post shows its errors in it.
 */
export function EraseModal({ upn, lastResult }: { upn: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'erase-student',
		lastResult,
		constraint: getZodConstraint(EraseSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: EraseSchema }),
	})
	return (
		<UrlModal name={ERASE_MODAL} title="Erase this student?" closeLabel="Cancel">
			<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
				<FormErrors id={form.errorId} errors={form.errors} />
				<p>This deletes, for good, everything Spencer holds about this student:</p>
				<ul className="list-disc pl-6">
					<li>their details (name, UPN, date of birth) and links to staff;</li>
					<li>every profile, with its rounds, feedback and answers;</li>
					<li>their recommendations, group memberships and transfer requests.</li>
				</ul>
				<p className="font-semibold">It cannot be undone. Spencer keeps only an anonymous count for the school’s figures and a record that an erasure happened.</p>
				<TextArea
					{...textFieldProps(fields.reason)}
					label="Reason"
					description={`Why the student is erased, e.g. “parent’s request under UK GDPR, 12/11”. Do not write the child’s name. At most ${ERASURE_REASON_MAX} characters.`}
					isRequired
					rows={3}
				/>
				<TextField
					{...textFieldProps(fields.confirmation)}
					label={`Type the student’s UPN, ${upn}, to confirm`}
					autoComplete="off"
					isRequired
				/>
				<div>
					<SubmitButton intent="erase" variant="danger">
						Erase student
					</SubmitButton>
				</div>
			</Form>
		</UrlModal>
	)
}
