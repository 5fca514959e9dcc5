import { saveSubmission } from '#app/lib/submission.server.ts'
import { GroupFieldError, type GroupInput } from '#app/services/groups.server.ts'
import { GroupSchema } from './group-schema.ts'

/**
 * Parses the group form and runs `save`; a bad or taken name answers beside
 * the field with a 400, the form kept as typed.
 */
export function saveGroupForm<T>(formData: FormData, intent: string, save: (input: GroupInput) => Promise<T>) {
	return saveSubmission(formData, GroupSchema, save, { extra: { intent }, refusals: [GroupFieldError] })
}
