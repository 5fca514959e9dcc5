import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { GroupFieldError, type GroupInput } from '#app/services/groups.server.ts'
import { GroupSchema } from './group-schema.ts'

/**
 * Parses the group form and runs `save`; a bad or taken name answers beside
 * the field with a 400, the form kept as typed.
 */
export async function saveGroupForm<T>(formData: FormData, intent: string, save: (input: GroupInput) => Promise<T>) {
	const submission = parseWithZod(formData, { schema: GroupSchema })
	if (submission.status !== 'success') return { ok: false as const, response: data({ intent, result: submission.reply() }, { status: 400 }) }
	try {
		return { ok: true as const, value: await save(submission.value) }
	} catch (error) {
		if (!(error instanceof GroupFieldError)) throw error
		return {
			ok: false as const,
			response: data({ intent, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 }),
		}
	}
}
