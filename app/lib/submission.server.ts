import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { AppError } from './errors.ts'

/**
 * Checks a posted form against `schema` and hands its values to `save`. A failed check answers 400 with the
 * submission's reply; a catalogue error about one field (an AppError with a `field`: a taken UPN or subdomain…)
 * answers with its status and its message beside that field. `extra` goes into either answer (the form's intent).
 */
export async function saveSubmission<Schema extends z.ZodType, Saved, Extra extends object = Record<never, never>>(
	formData: FormData,
	schema: Schema,
	save: (value: z.output<Schema>) => Promise<Saved>,
	extra: Extra = {} as Extra,
) {
	const submission = parseWithZod(formData, { schema })
	if (submission.status !== 'success') return { ok: false as const, response: data({ ...extra, result: submission.reply() }, { status: 400 }) }
	try {
		return { ok: true as const, value: await save(submission.value) }
	} catch (error) {
		if (!(error instanceof AppError && error.field)) throw error
		const result = submission.reply({ fieldErrors: { [error.field]: [error.message] } })
		return { ok: false as const, response: data({ ...extra, result }, { status: error.status }) }
	}
}
