import type { z } from 'zod'
import { type AppError } from '#app/lib/errors.ts'

/** Whether a request is for the JSON API (`/api` and below): its errors answer in JSON, never as a page. */
export const isApiPath = (request: Request) => /^\/api(\/|$)/.test(new URL(request.url).pathname)

/** A JSON error in the API's one shape: `{ code, message }`, with a 4xx status. */
export function jsonError(status: number, code: number, message: string, init: { headers?: HeadersInit; fields?: Record<string, string[]> } = {}) {
	return Response.json({ code, message, ...(init.fields ? { fields: init.fields } : {}) }, { status, headers: init.headers })
}

export function appErrorResponse(error: AppError) {
	return jsonError(error.status, error.code, error.message)
}

/** Parses a JSON body against a schema; a bad body answers 400 with the fields' messages. */
export async function readJson<T extends z.ZodType>(
	request: Request,
	schema: T,
): Promise<{ ok: true; value: z.infer<T> } | { ok: false; response: Response }> {
	let body: unknown
	try {
		body = await request.json()
	} catch {
		return { ok: false, response: jsonError(400, 400, 'The request body must be JSON.') }
	}
	const parsed = schema.safeParse(body)
	if (parsed.success) return { ok: true, value: parsed.data }
	const fields: Record<string, string[]> = {}
	for (const issue of parsed.error.issues) {
		const key = issue.path.join('.') || '_'
		fields[key] = [...(fields[key] ?? []), issue.message]
	}
	return { ok: false, response: jsonError(400, 400, 'Some fields are not valid.', { fields }) }
}

export function methodNotAllowed(allow: string) {
	return jsonError(405, 405, 'Method not allowed.', { headers: { Allow: allow } })
}
