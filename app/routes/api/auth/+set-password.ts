import { z } from 'zod'
import type { AppContext } from '#app/context.ts'
import { AppError } from '#app/lib/errors.ts'
import { EmailSchema, PasswordSchema } from '#app/lib/password-rules.ts'
import { appErrorResponse, jsonError, readJson } from '#app/services/api.server.ts'
import { setPasswordFromToken, signInAfterInvitation } from '#app/services/password-links.server.ts'
import { isCommonPassword } from '#app/services/common-passwords.server.ts'
import { authPostLimit } from '#app/services/guards.server.ts'

const BodySchema = z.object({ email: EmailSchema, password: PasswordSchema, token: z.string().min(10).max(200) })

/** `{ email, password, token }` → the password set from a reset or invitation link (the same rules as the forms). */
export async function setPasswordFromApi(app: AppContext, request: Request, purpose: 'reset' | 'invitation') {
	const limited = await authPostLimit(app)
	if (limited) return jsonError(429, 429, limited.message, { headers: limited.headers })
	const body = await readJson(request, BodySchema)
	if (!body.ok) return body.response
	if (isCommonPassword(body.value.password)) {
		return jsonError(400, 400, 'Some fields are not valid.', { fields: { password: ['That password is too common. Please choose another.'] } })
	}
	try {
		const user = await setPasswordFromToken(app.em, { purpose, ...body.value })
		if (purpose === 'invitation') {
			const headers = await signInAfterInvitation(app.em, user)
			return Response.json({ email: user.email }, { headers })
		}
		return Response.json({ message: 'Password changed. You can now sign in with your new password.' })
	} catch (error) {
		if (error instanceof AppError) return appErrorResponse(error)
		throw error
	}
}
