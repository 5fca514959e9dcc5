import { data, type MiddlewareFunction } from 'react-router'
import { isApiPath, jsonError } from './api.server.ts'
import { isIdName, isUuid } from './ids.server.ts'
import {
	bodyLimitFor,
	MULTI_LINE_FIELDS,
	tooLarge,
	UNREADABLE,
	UNREADABLE_FORM,
	UNREADABLE_IN_TEXT,
	type Refusal,
} from './request-limits.server.ts'
import { notFound } from './tenancy.server.ts'

/**
 * Root middleware, before the session is read (ADR 018): an id in the path
 * that is not a UUID is a page that does not exist (404); a body is read
 * only up to its path's limit (a chunked body has no Content-Length for the
 * Express guard to check: past the limit, 413 and nothing more is read);
 * a form or JSON field holding a control character or a byte that is not
 * UTF-8 is refused (400) before any action parses it. The action then reads
 * the same, complete body.
 */
export const inputGuardMiddleware: MiddlewareFunction<Response> = async ({ request, params }, next) => {
	for (const [name, value] of Object.entries(params)) {
		if (value !== undefined && isIdName(name) && !isUuid(value)) throw notFound()
	}
	if (request.body === null || request.method === 'GET' || request.method === 'HEAD') return next()

	const api = isApiPath(request)
	const refuse = (refusal: Refusal): never => {
		if (api) throw jsonError(refusal.status, refusal.status, refusal.message)
		throw data(refusal.message, { status: refusal.status })
	}
	const limit = bodyLimitFor(new URL(request.url).pathname)
	let body: Buffer<ArrayBuffer> | 'tooLarge'
	try {
		body = await readWithin(request.clone().body as ReadableStream<Uint8Array>, limit)
	} catch {
		return refuse({ ...UNREADABLE_FORM, message: 'The request ended before its body did. Please try again.' })
	}
	// The rest of the body stays unread: a chunked request's connection closes after the answer (server/request-guards.ts).
	if (body === 'tooLarge') return refuse(tooLarge(limit))

	const contentType = request.headers.get('Content-Type') ?? ''
	if (/^application\/json\b/i.test(contentType)) {
		let value: unknown
		try {
			value = JSON.parse(new TextDecoder().decode(body))
		} catch {
			return next() // the route answers a body that is not JSON itself
		}
		if (!readableJson(value)) refuse(UNREADABLE_FORM)
		return next()
	}
	let form: FormData
	try {
		form = await new Response(body, { headers: { 'Content-Type': contentType } }).formData()
	} catch {
		return refuse({ ...UNREADABLE_FORM, message: 'The form could not be read. Go back and send it from its page.' })
	}
	for (const [name, value] of form) {
		const text = typeof value === 'string' ? value : value.name
		if (UNREADABLE.test(name) || (MULTI_LINE_FIELDS.has(name) && typeof value === 'string' ? UNREADABLE_IN_TEXT : UNREADABLE).test(text)) {
			refuse(UNREADABLE_FORM)
		}
	}
	return next()
}

async function readWithin(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer<ArrayBuffer> | 'tooLarge'> {
	const reader = body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return Buffer.concat(chunks)
		size += value.byteLength
		if (size > limit) {
			// Not awaited: cancelling one branch of a tee settles only when the other (the action's, never read now) is cancelled too.
			void reader.cancel()
			return 'tooLarge'
		}
		chunks.push(value)
	}
}

function readableJson(value: unknown, key = ''): boolean {
	if (typeof value === 'string') return !(MULTI_LINE_FIELDS.has(key) ? UNREADABLE_IN_TEXT : UNREADABLE).test(value)
	if (Array.isArray(value)) return value.every((item) => readableJson(item, key))
	if (value && typeof value === 'object') {
		return Object.entries(value).every(([name, item]) => !UNREADABLE.test(name) && readableJson(item, name))
	}
	return true
}
