import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { EraseSchema } from '#app/lib/erasure-schema.ts'
import { eraseStudent, ErasureFieldError } from '#app/services/erasure.server.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'

/**
 * The "erase this student" modal's post. A missing reason or a UPN that does not match answers 400 beside its field,
 * the modal still open and nothing written; done, the students list, where the student no longer is.
 */
export async function eraseStudentAction(app: SignedIn, studentId: string, formData: FormData) {
	const submission = parseWithZod(formData, { schema: EraseSchema })
	if (submission.status !== 'success') return data({ intent: 'erase' as const, result: submission.reply() }, { status: 400 })
	try {
		await eraseStudent(app, studentId, submission.value)
	} catch (error) {
		if (error instanceof ErasureFieldError) {
			return data({ intent: 'erase' as const, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 })
		}
		throw error
	}
	// The toast names nobody: the flash cookie is the last place the student would otherwise be.
	return redirectWithToast(app.em, '/school-admin/students/list', {
		type: 'success',
		title: 'Student erased',
		description: 'Everything Spencer held about the student has been deleted.',
	})
}
