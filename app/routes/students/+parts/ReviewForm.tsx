import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from '#app/components/forms/Form.tsx'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { textFieldProps } from '#app/components/forms/field-props.ts'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { Radio, RadioGroup } from '#app/components/ui/RadioGroup.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { defaultReviewOn, RecordReviewSchema, REVIEW_MAX_YEARS, REVIEW_NOTE_MAX } from '#app/lib/plan-review-schema.ts'
import { outcomeLabel } from '#app/lib/review-outcomes.ts'
import { REVIEW_DECISION_LABELS, REVIEW_DECISIONS, REVIEW_OUTCOMES } from '#app/models/enums.ts'

/**
 * Recording a review (ADR 072): the outcome on the five-point scale, a short note, and whether to continue, change or
 * stop; for continue and change, the next review date (6 weeks on by default). A real form: it posts without JavaScript.
 */
export function ReviewForm({ today, lastResult }: { today: string; lastResult: SubmissionResult<string[]> | null | undefined }) {
	const [form, fields] = useForm({
		id: 'record-review',
		lastResult,
		constraint: getZodConstraint(RecordReviewSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RecordReviewSchema }),
	})
	const chosen = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
	const next = textFieldProps(fields.nextReviewOn)
	return (
		<Form method="post" {...getFormProps(form)} className="flex max-w-xl flex-col gap-5">
			<FormErrors id={form.errorId} errors={form.errors} />
			<RadioGroup
				name={fields.outcome.name}
				label="Outcome"
				description="Since the last review (or since it was added), how has the student been where this strategy applies?"
				defaultValue={chosen(fields.outcome.initialValue)}
				errorMessage={fields.outcome.errors?.join(' ')}
				isInvalid={Boolean(fields.outcome.errors?.length)}
				isRequired
			>
				{REVIEW_OUTCOMES.map((outcome) => (
					<Radio key={outcome.value} value={String(outcome.value)}>
						{outcomeLabel(outcome.value)}
					</Radio>
				))}
			</RadioGroup>
			<TextArea
				{...textFieldProps(fields.note)}
				label="Note"
				description={`What was seen, and by whom. Optional, at most ${REVIEW_NOTE_MAX} characters.`}
				rows={3}
			/>
			<RadioGroup
				name={fields.decision.name}
				label="Decision"
				defaultValue={chosen(fields.decision.initialValue)}
				errorMessage={fields.decision.errors?.join(' ')}
				isInvalid={Boolean(fields.decision.errors?.length)}
				orientation="horizontal"
				isRequired
			>
				{REVIEW_DECISIONS.map((decision) => (
					<Radio key={decision} value={decision}>
						{REVIEW_DECISION_LABELS[decision]}
					</Radio>
				))}
			</RadioGroup>
			<TextField
				{...next}
				defaultValue={next.defaultValue || defaultReviewOn(today)}
				label="Next review date"
				description={`For Continue or Change: from today to ${REVIEW_MAX_YEARS} years ahead. Stopping ends the reviews.`}
				type="date"
			/>
			<div>
				<SubmitButton>Record review</SubmitButton>
			</div>
		</Form>
	)
}
