import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { AppContext } from '#app/context.ts'
import { AppError } from '#app/lib/errors.ts'
import { COMMON_PASSWORD } from '#app/services/common-passwords.server.ts'
import { checkPasswordToken, setPasswordFromToken } from '#app/services/password-links.server.ts'
import { authPostLimit } from '#app/services/guards.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { z } from 'zod'
import { EmailSchema, PasswordSchema } from '#app/lib/password-rules.ts'
import { TOKEN_EXPIRED } from './SetPasswordScreen.tsx'

const SetPasswordSchema = z.object({
	email: EmailSchema,
	token: z.string({ error: 'The link is incomplete' }).min(10),
	password: PasswordSchema,
})

/** Loader of both screens: is the link still good? */
export async function loadSetPassword(app: AppContext, request: Request, purpose: 'reset' | 'invitation') {
	const url = new URL(request.url)
	const token = url.searchParams.get('token') ?? ''
	const email = url.searchParams.get('email') ?? ''
	try {
		await checkPasswordToken(app.em, purpose, token, email || undefined)
		return { valid: true as const, token, email }
	} catch (error) {
		if (error instanceof AppError && error.code === 1007) return { valid: false as const, token, email }
		throw error
	}
}

/** Action of both screens: a reset goes back to sign in; an invitation signs the user in. */
export async function submitSetPassword(app: AppContext, request: Request, purpose: 'reset' | 'invitation') {
	const submission = parseWithZod(await request.formData(), { schema: SetPasswordSchema })
	const limited = await authPostLimit(app)
	if (limited) return data({ result: submission.reply({ formErrors: [limited.message], hideFields: ['password'] }) }, { status: 429, headers: limited.headers })
	if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
	try {
		const outcome = await setPasswordFromToken(app.em, { purpose, ...submission.value })
		if (outcome.kind === 'common') {
			return data({ result: submission.reply({ fieldErrors: { password: [COMMON_PASSWORD] }, hideFields: ['password'] }) }, { status: 400 })
		}
		if (outcome.kind === 'signedIn') return redirect('/', { headers: outcome.headers })
		return redirectWithToast(app.em, '/auth/login', {
			type: 'success',
			title: 'Password changed',
			description: 'You can now sign in with your new password.',
		})
	} catch (error) {
		if (error instanceof AppError && error.code === 1007) {
			return data({ result: submission.reply({ formErrors: [TOKEN_EXPIRED], hideFields: ['password'] }) }, { status: 410 })
		}
		throw error
	}
}

