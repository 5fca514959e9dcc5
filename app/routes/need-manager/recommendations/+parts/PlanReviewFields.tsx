import type { FieldMetadata } from '@conform-to/react'
import { selectFieldProps, textFieldProps } from '#app/components/forms/field-props.ts'
import { Select } from '#app/components/ui/Select.tsx'
import { TextField } from '#app/components/ui/TextField.tsx'
import { REVIEW_MAX_YEARS } from '#app/lib/plan-review-schema.ts'

export type ReviewDefaults = { owners: { value: string; label: string }[]; defaultOwner: string | null; reviewOn: string }

/**
 * The review date and owner of the recommendations being added (ADR 072), beside the note: the date offered is 6 weeks
 * from today, the owner the need manager when they answer the profile, else its first respondent.
 */
export function PlanReviewFields({
	defaults,
	reviewOn,
	owner,
}: {
	defaults: ReviewDefaults
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's fields of the decision form
	reviewOn: FieldMetadata<any, any, any>
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's fields of the decision form
	owner: FieldMetadata<any, any, any>
}) {
	const date = textFieldProps(reviewOn)
	return (
		<fieldset className="flex max-w-xl flex-col gap-4">
			<legend className="mb-2 font-semibold text-slate-900">Review (for the recommendations you add)</legend>
			<TextField
				{...date}
				defaultValue={date.defaultValue || defaults.reviewOn}
				label="Review date"
				description={`When to review whether they help: from today to ${REVIEW_MAX_YEARS} years ahead.`}
				type="date"
				isRequired
			/>
			{defaults.owners.length ? (
				<Select
					{...selectFieldProps(owner, defaults.defaultOwner ?? undefined)}
					label="Owner"
					description="Who records the review: one of the profile’s respondents."
					options={defaults.owners}
					isRequired
				/>
			) : (
				<p className="text-sm text-slate-800">This profile has no respondents with access: the reviews will have no owner, and a need manager records them.</p>
			)}
		</fieldset>
	)
}
