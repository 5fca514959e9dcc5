import { REVIEW_OUTCOMES } from '#app/models/enums.ts'

// Apart from the review's form (plan-review-schema.ts): a page that shows outcomes without the form (the student
// profile, a review's history) must not bring zod to the browser for a label.

/** The outcome as a person reads it: "+1 Better", "−2 Much worse" (a true minus sign), "0 No change". */
export function outcomeLabel(value: number): string {
	const label = REVIEW_OUTCOMES.find((outcome) => outcome.value === value)?.label ?? ''
	return `${value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0'} ${label}`
}
