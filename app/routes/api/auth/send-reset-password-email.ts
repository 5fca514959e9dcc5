import { z } from 'zod'
import { getAppContext } from '#app/context.ts'
import { EmailSchema } from '#app/lib/password-rules.ts'
import { jsonError, methodNotAllowed, readJson } from '#app/services/api.server.ts'
import { requestPasswordReset } from '#app/services/password-links.server.ts'
import { authPostLimit } from '#app/services/guards.server.ts'
import { TOO_MANY_REQUESTS } from '#app/services/rate-limit.server.ts'
import type { Route } from './+types/send-reset-password-email.ts'

const BodySchema = z.object({ email: EmailSchema })

/** Same answer whether or not the account exists. */
export async function action({ context, request }: Route.ActionArgs) {
	const app = getAppContext(context)
	const limited = await authPostLimit(app)
	if (limited) return jsonError(429, 429, limited.message, { headers: limited.headers })
	const body = await readJson(request, BodySchema)
	if (!body.ok) return body.response
	const result = await requestPasswordReset(app, request, body.value.email)
	if (result.kind === 'limited') {
		return jsonError(429, 429, TOO_MANY_REQUESTS, { headers: { 'Retry-After': String(result.retryAfterSeconds) } })
	}
	return Response.json({ message: 'If an account uses that address, we have sent it a link to choose a new password.' })
}

export function loader() {
	return methodNotAllowed('POST')
}
