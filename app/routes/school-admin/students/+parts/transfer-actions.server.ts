import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { AppError } from '#app/lib/errors.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { requestTransfer, TransferFieldError } from '#app/services/transfers.server.ts'
import { TransferSchema } from './transfer-schema.ts'

/**
 * The "transfer student" modal's post. A school that cannot be found (or is
 * this one) answers beside the field; a pending request (1006) as the form's
 * error, so the modal stays open with what was typed.
 */
export async function transferStudent(app: SignedIn, studentId: string, formData: FormData) {
	const submission = parseWithZod(formData, { schema: TransferSchema })
	if (submission.status !== 'success') return data({ intent: 'transfer' as const, result: submission.reply() }, { status: 400 })
	try {
		await requestTransfer(app, studentId, submission.value)
	} catch (error) {
		if (error instanceof TransferFieldError) {
			return data({ intent: 'transfer' as const, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 })
		}
		if (error instanceof AppError) {
			return data({ intent: 'transfer' as const, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status })
		}
		throw error
	}
	return redirectWithToast(app.em, '/school-admin/students/transfer-students/outgoing', {
		type: 'success',
		title: 'Transfer request sent',
		description: 'The other school’s admins will approve or reject it.',
	})
}
