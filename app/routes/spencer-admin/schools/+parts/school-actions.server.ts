import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { AppError } from '#app/lib/errors.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { createSchool, updateSchool } from '#app/services/schools.server.ts'
import { SchoolSchema } from './school-schema.ts'

/** Saves the details form; a taken subdomain answers 1001 beside the subdomain field. */
export async function saveSchool(app: SignedIn, formData: FormData, schoolId: string | null) {
	const submission = parseWithZod(formData, { schema: SchoolSchema })
	if (submission.status !== 'success') return { ok: false as const, response: data({ result: submission.reply() }, { status: 400 }) }
	try {
		const school = schoolId ? await updateSchool(app, schoolId, submission.value) : await createSchool(app, submission.value)
		return { ok: true as const, school }
	} catch (error) {
		if (error instanceof AppError && error.field) {
			return {
				ok: false as const,
				response: data({ result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: error.status }),
			}
		}
		throw error
	}
}
