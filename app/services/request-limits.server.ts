import { TOO_LARGE_MESSAGE } from '#app/lib/csv.ts'
import { METHOD_NOT_ALLOWED } from '#app/lib/errors.ts'
import { MAX_IMPORT_REQUEST_BYTES } from './upload.server.ts'

/**
 * The limits and refusals every request meets before a route reads it
 * (ADR 018), shared by the Express guards (server/request-guards.ts) and
 * the root middleware (input-guard.server.ts).
 */

/**
 * The largest body of a form: the recommendation editor at its worst (a
 * 10,000-character description and a 255-character title, every character
 * 3 bytes of UTF-8, percent-encoded: about 93 KB), with room to spare.
 */
export const FORM_BODY_LIMIT = 128 * 1024

/** The screens that take a CSV upload: their posts carry the 5 MB file, or it base64-encoded back from the dry run. */
const UPLOAD_PATHS = /^\/school-admin\/(students|directory)\/import(\.data)?$/

/**
 * The API's addresses that only answer reads (`GET /api/me/`): another method is refused as such, 405, before the type
 * of a body it could never send is looked at (which would say 415, as if JSON would have done).
 */
export const READ_ONLY_API = /^\/api\/me\/?$/

export const API_METHOD_NOT_ALLOWED: Refusal = { status: 405, title: 'Not allowed', message: METHOD_NOT_ALLOWED }

/**
 * The methods Spencer answers: pages and files are read (GET, HEAD) and every change is a form's POST. Any other (PUT,
 * PATCH, DELETE, OPTIONS…) is refused before a route sees it, as React Router would otherwise run a page's action for it.
 */
export const ANSWERED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST']
export const READ_ONLY_METHODS: readonly string[] = ['GET', 'HEAD']

export const OTHER_METHOD: Refusal = { status: 405, title: 'Not allowed', message: 'Spencer reads pages and files, and takes forms sent with POST; nothing else.' }

/** The most a request to this path may carry, in bytes. */
export function bodyLimitFor(pathname: string): number {
	return UPLOAD_PATHS.test(pathname) ? MAX_IMPORT_REQUEST_BYTES : FORM_BODY_LIMIT
}

export type Refusal = { status: number; title: string; message: string }

/** A form over its limit says so; an upload says what the import screen says of a file over 5 MB. */
export function tooLarge(limit: number): Refusal {
	if (limit !== FORM_BODY_LIMIT) return { status: 413, title: 'Too large', message: TOO_LARGE_MESSAGE }
	return { status: 413, title: 'Too large', message: `A form sent here may carry up to ${limit / 1024} KB. This one is larger, so it was not read.` }
}

export const UNREADABLE_ADDRESS: Refusal = {
	status: 400,
	title: 'This address is not valid',
	message: 'The address contains characters that are not allowed. Check the link and try again.',
}

export const NOT_A_FORM: Refusal = {
	status: 415,
	title: 'This form could not be read',
	message: 'Forms are sent as application/x-www-form-urlencoded or multipart/form-data. Go back and send the form from its page.',
}

export const NOT_JSON: Refusal = {
	status: 415,
	title: 'Unsupported content type',
	message: 'The request body must be JSON, sent with Content-Type: application/json.',
}

export const UNREADABLE_FORM: Refusal = {
	status: 400,
	title: 'This form could not be read',
	message: 'The form contains characters that are not allowed (control characters, or bytes that are not UTF-8). Remove them and try again.',
}

/** Control characters (C0, DEL, C1) and U+FFFD, what a byte that is not UTF-8 decodes to. */
export const UNREADABLE = /[\p{Cc}\uFFFD]/u
/** The same, but tab, line feed and carriage return: the text of a textarea. */
export const UNREADABLE_IN_TEXT = /(?![\t\n\r])[\p{Cc}\uFFFD]/u

/**
 * The form fields that are textareas, where a line break is text: every
 * other field is one line, and a tab, CR or LF in it is refused. A new
 * TextArea's name is added here (request-limits.server.test.ts checks it).
 */
export const MULTI_LINE_FIELDS = new Set(['description', 'note', 'notes', 'reason', 'text'])
