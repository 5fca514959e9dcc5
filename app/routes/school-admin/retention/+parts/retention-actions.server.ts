import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { formatDate } from '#app/lib/format.ts'
import { RetentionHoldSchema, RetentionPeriodSchema } from '#app/lib/retention-schema.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { getRetentionStudent, liftHold, placeHold, setRetentionPeriod } from '#app/services/retention.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { plural } from '#app/lib/plural.ts'

/** The period form: refused, 400 beside the field; saved, back to the page with a toast that says what it means. */
export async function savePeriod(app: SignedIn, formData: FormData, back: string) {
	const submission = parseWithZod(formData, { schema: RetentionPeriodSchema })
	if (submission.status !== 'success') return data({ intent: 'period' as const, result: submission.reply() }, { status: 400 })
	await setRetentionPeriod(app, submission.value.years)
	const years = submission.value.years
	return redirectWithToast(app.em, back, {
		type: 'success',
		title: 'Retention period saved',
		description: `Records of students who left are kept for ${plural(years, 'year')} after they were archived.`,
	})
}

/**
 * The hold form, posted with its modal open: another school's student, or none, is 404 before the form is read; a
 * refusal answers 400 beside its field in the open modal. The toasts name nobody, as the erasure's (ADR 063).
 */
export async function saveHold(app: SignedIn, formData: FormData, back: string) {
	const student = await getRetentionStudent(app, postedId(formData))
	const submission = parseWithZod(formData, { schema: RetentionHoldSchema })
	if (submission.status !== 'success') return data({ intent: 'hold' as const, result: submission.reply() }, { status: 400 })
	await placeHold(app, student.id, submission.value)
	const until = submission.value.until
	return redirectWithToast(app.em, back, {
		type: 'success',
		title: student.hold ? 'Hold changed' : 'Hold placed',
		description: until ? `The student’s records are kept until ${formatDate(until)}.` : 'The student’s records are kept until the hold is lifted.',
	})
}

export async function removeHold(app: SignedIn, formData: FormData, back: string) {
	const lifted = await liftHold(app, postedId(formData))
	return redirectWithToast(app.em, back, lifted ? { type: 'success', title: 'Hold lifted' } : { type: 'info', title: 'There was no hold to lift' })
}
