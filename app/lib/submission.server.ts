import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { AppError } from './errors.ts'

/** A service's refusal of one field's value (a taken name…), said beside that field with a 400. */
type FieldRefusal = abstract new (...args: never[]) => Error & { field: string }

/**
 * Checks a posted form against `schema` and hands its values to `save`. A failed check answers 400 with the
 * submission's reply; a catalogue error about one field (an AppError with a `field`: a taken UPN or subdomain…)
 * answers with its status and its message beside that field, as does one of the service's `refusals` (with 400).
 * `extra` goes into either answer (the form's intent).
 */
export async function saveSubmission<Schema extends z.ZodType, Saved, Extra extends object = Record<never, never>>(
	formData: FormData,
	schema: Schema,
	save: (value: z.output<Schema>) => Promise<Saved>,
	{ extra = {} as Extra, refusals = [] }: { extra?: Extra; refusals?: FieldRefusal[] } = {},
) {
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success') return { ok: false as const, response: data({ ...extra, result: submission.reply() }, { status: 400 }) }
	try {
		return { ok: true as const, value: await save(submission.value) }
	} catch (error) {
		const status = error instanceof AppError && error.field ? error.status : refusals.some((refusal) => error instanceof refusal) ? 400 : null
		if (status === null) throw error
		const { field, message } = error as { field: string; message: string }
		return { ok: false as const, response: data({ ...extra, result: submission.reply({ fieldErrors: { [field]: [message] } }) }, { status }) }
	}
}
