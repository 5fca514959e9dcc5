/**
 * When a form checks its fields in the browser (ADR 102): first as it is sent, then each field as it is corrected. Not
 * as the focus leaves a field: the message that appears then moves what is below it, the submit button included, from
 * under the pointer pressing it, and the click that left the field is lost; and a message about a field someone has
 * only passed through is read out before they have finished. For every form's `useForm`.
 */
export const CHECKED_ON_SUBMIT = { shouldValidate: 'onSubmit', shouldRevalidate: 'onInput' } as const
