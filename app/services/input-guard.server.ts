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
		const problem = jsonProblem(value)
		if (problem) refuse(problem)
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

/** Deeper than any body Spencer's API takes; a deeper one is refused, not walked. */
const MAX_JSON_DEPTH = 32

/**
 * Why a parsed JSON body is refused, if it is: a key or string that is not readable text, or nesting deeper than any
 * API takes. Walked with a list of its own rather than by recursion: a body of 120 KB can nest 60,000 arrays, which
 * `JSON.parse` accepts and a recursive walk would not survive.
 */
function jsonProblem(body: unknown): Refusal | null {
	const pending: { value: unknown; key: string; depth: number }[] = [{ value: body, key: '', depth: 0 }]
	for (let next = pending.pop(); next; next = pending.pop()) {
		const { value, key, depth } = next
		if (typeof value === 'string') {
			if ((MULTI_LINE_FIELDS.has(key) ? UNREADABLE_IN_TEXT : UNREADABLE).test(value)) return UNREADABLE_FORM
		} else if (value && typeof value === 'object') {
			if (depth >= MAX_JSON_DEPTH) return { ...UNREADABLE_FORM, message: `The request nests its data more than ${MAX_JSON_DEPTH} levels deep, which no form or API of Spencer's sends.` }
			const entries: [string, unknown][] = Array.isArray(value) ? value.map((item) => [key, item]) : Object.entries(value)
			for (const [name, item] of entries) {
				if (!Array.isArray(value) && UNREADABLE.test(name)) return UNREADABLE_FORM
				pending.push({ value: item, key: name, depth: depth + 1 })
			}
		}
	}
	return null
}
