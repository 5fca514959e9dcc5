import type { MiddlewareFunction } from 'react-router'
import type { z } from 'zod'
import { METHOD_NOT_ALLOWED, type AppError } from '#app/lib/errors.ts'

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

/**
 * Root middleware: a resource route (JSON, a CSV, the health check) sent a method it has no handler for answers 405
 * with React Router's JSON, `{"message":"Unexpected Server Error"}`, which is neither our shape nor true. It answers
 * `{ code, message }` instead. Our own 405s (methodNotAllowed) already have a code and pass; a page's 405 is worded by
 * the root's error boundary.
 */
export const methodNotAllowedMiddleware: MiddlewareFunction<Response> = async (_, next) => {
	const response = await next()
	if (response.status !== 405 || !/^application\/json\b/i.test(response.headers.get('Content-Type') ?? '')) return response
	const body: unknown = await response
		.clone()
		.json()
		.catch(() => null)
	if (body !== null && typeof body === 'object' && 'code' in body) return response
	return jsonError(405, 405, METHOD_NOT_ALLOWED)
}
