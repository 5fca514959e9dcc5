import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { AppError } from '#app/lib/errors.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { saveStudent as save } from '#app/services/students.server.ts'
import { StudentSchema } from '#app/lib/student-schema.ts'

/** Saves the details form; a taken UPN (1003) or a second key professional (1004) answers beside its field. */
export async function saveStudent(app: SignedIn, formData: FormData, studentId: string | null) {
	const submission = parseWithZod(formData, { schema: StudentSchema })
	if (submission.status !== 'success') return { ok: false as const, response: data({ result: submission.reply() }, { status: 400 }) }
	try {
		const student = await save(app, studentId, submission.value)
		return { ok: true as const, student }
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
