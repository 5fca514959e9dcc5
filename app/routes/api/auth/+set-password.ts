import { z } from 'zod'
import type { AppContext } from '#app/context.ts'
import { AppError } from '#app/lib/errors.ts'
import { EmailSchema, PasswordSchema } from '#app/lib/password-rules.ts'
import { appErrorResponse, jsonError, readJson } from '#app/services/api.server.ts'
import { COMMON_PASSWORD } from '#app/services/common-passwords.server.ts'
import { setPasswordFromToken } from '#app/services/password-links.server.ts'
import { authPostLimit } from '#app/services/guards.server.ts'

const BodySchema = z.object({ email: EmailSchema, password: PasswordSchema, token: z.string().min(10).max(200) })

/** `{ email, password, token }` → the password set from a reset or invitation link (the same rules as the forms). */
export async function setPasswordFromApi(app: AppContext, request: Request, purpose: 'reset' | 'invitation') {
	const limited = await authPostLimit(app)
	if (limited) return jsonError(429, 429, limited.message, { headers: limited.headers })
	const body = await readJson(request, BodySchema)
	if (!body.ok) return body.response
	try {
		const outcome = await setPasswordFromToken(app.em, { purpose, ...body.value })
		if (outcome.kind === 'common') return jsonError(400, 400, 'Some fields are not valid.', { fields: { password: [COMMON_PASSWORD] } })
		if (outcome.kind === 'signedIn') return Response.json({ email: outcome.email }, { headers: outcome.headers })
		return Response.json({ message: 'Password changed. You can now sign in with your new password.' })
	} catch (error) {
		if (error instanceof AppError) return appErrorResponse(error)
		throw error
	}
}
