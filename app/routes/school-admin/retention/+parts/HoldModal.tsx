import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { formatDate } from '#app/lib/format.ts'
import { withoutModals } from '#app/lib/modals.ts'
import { HOLD_REASON_MAX, RetentionHoldSchema } from '#app/lib/retention-schema.ts'
import type { RetentionStudent } from '#app/services/retention.server.ts'

export const HOLD_MODAL = 'retention-hold'

/** What a hold keeps, in words: "until 31/03/2027", or "until the hold is lifted". */
export function holdUntil(until: string | null): string {
	return until ? `until ${formatDate(until)}` : 'until the hold is lifted'
}

/**
 * The hold modal of one student (ADR 070): place a hold, or change or lift theirs. The hold form posts to the page with
 * the modal open, so a refusal shows beside its field in it; lifting posts to the page without it.
 */
export function HoldModal({ student, lastResult }: { student: RetentionStudent; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const location = useLocation()
	const [form, fields] = useForm({
		id: 'retention-hold',
		lastResult,
		defaultValue: student.hold ? { reason: student.hold.reason, until: student.hold.until ?? '' } : undefined,
		constraint: getZodConstraint(RetentionHoldSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RetentionHoldSchema }),
	})
	const hidden = <input type="hidden" name="id" value={student.id} />
	return (
		<UrlModal name={HOLD_MODAL} title={`Hold the records of ${student.name}`} closeLabel="Cancel">
			<div className="flex flex-col gap-4">
				<p>
					{student.hold
						? `Their records are on hold ${holdUntil(student.hold.until)}: they are not erased at the end of the retention period while it lasts.`
						: 'A hold keeps their records past the end of the retention period: for a safeguarding concern, a complaint or a claim, or a request from the local authority or the police.'}
				</p>
				<Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
					{hidden}
					<FormErrors id={form.errorId} errors={form.errors} />
					<TextArea
						{...textFieldProps(fields.reason)}
						label="Reason"
						description={`Why the records are kept, e.g. “Safeguarding hold, advised by the DSL on 12/11”. Do not write the child’s name. At most ${HOLD_REASON_MAX} characters.`}
						isRequired
						rows={3}
					/>
					<TextField
						{...textFieldProps(fields.until)}
						label="Keep until"
						description="Optional: the last day their records are kept. Leave it empty to keep them until the hold is lifted."
						type="date"
					/>
					<div>
						<SubmitButton intent="hold">{student.hold ? 'Save hold' : 'Place hold'}</SubmitButton>
					</div>
				</Form>
				{student.hold ? (
					<Form method="post" action={withoutModals(location, ['id'])} className="border-t border-slate-200 pt-4">
						{hidden}
						<p className="mb-2 text-sm text-slate-800">Lifting the hold lets their records be erased overnight if their date has passed.</p>
						<SubmitButton intent="lift-hold" variant="danger">
							Lift hold
						</SubmitButton>
					</Form>
				) : null}
			</div>
		</UrlModal>
	)
}
