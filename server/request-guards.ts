import type { NextFunction, Request, Response } from 'express'
import {
	API_METHOD_NOT_ALLOWED,
	bodyLimitFor,
	NOT_A_FORM,
	NOT_JSON,
	ANSWERED_METHODS,
	OTHER_METHOD,
	READ_ONLY_API,
	READ_ONLY_METHODS,
	tooLarge,
	UNREADABLE,
	UNREADABLE_ADDRESS,
	type Refusal,
} from '#app/services/request-limits.server.ts'

/** Every response tells the browser not to guess its type: pages, JSON, CSV, files, static assets and error pages. */
export function nosniff(_req: Request, res: Response, next: NextFunction) {
	res.setHeader('X-Content-Type-Options', 'nosniff')
	next()
}

/**
 * What every request passes before React Router sees it (ADR 018): an
 * address without control characters or broken percent-encoding (400), a
 * declared body within its path's limit (413, refused at once: the body is
 * never read), a method Spencer answers (GET, HEAD, POST), and one the address answers (a read-only API address: 405),
 * and a content type its route can read (415). A chunked body
 * has no length to check here: the root middleware counts it as it arrives
 * (app/services/input-guard.server.ts).
 */
export function requestGuards(req: Request, res: Response, next: NextFunction) {
	if (!readableUrl(req.originalUrl)) return refuse(req, res, UNREADABLE_ADDRESS)
	const limit = bodyLimitFor(req.path)
	const declared = req.headers['content-length']
	if (declared !== undefined && Number(declared) > limit) {
		// The connection closes after the answer, so the rest of the body is never taken in.
		res.setHeader('Connection', 'close')
		return refuse(req, res, tooLarge(limit))
	}
	// Only the methods this address answers: GET, HEAD and POST, or only the first two at a read-only API address. Its body
	// is never read: the connection closes after the answer rather than take the rest in.
	const allowed: readonly string[] = READ_ONLY_API.test(req.path) ? READ_ONLY_METHODS : ANSWERED_METHODS
	if (!allowed.includes(req.method)) {
		res.setHeader('Allow', allowed.join(', '))
		if (declared !== undefined || req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close')
		return refuse(req, res, allowed === ANSWERED_METHODS ? OTHER_METHOD : API_METHOD_NOT_ALLOWED)
	}
	if (req.method === 'POST' && !readableType(req)) {
		return refuse(req, res, req.path.startsWith('/api/') ? NOT_JSON : NOT_A_FORM)
	}
	// A body without a length (chunked) may be cut off at its limit, its rest unread: such a connection is not reused.
	if (declared === undefined && req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close')
	next()
}

/** JSON under /api; elsewhere a form, urlencoded or multipart (with the boundary that splits its fields). */
function readableType(req: Request) {
	const header = req.headers['content-type'] ?? ''
	const type = header.split(';')[0]?.trim().toLowerCase()
	if (req.path.startsWith('/api/')) return type === 'application/json'
	if (type === 'application/x-www-form-urlencoded') return true
	return type === 'multipart/form-data' && /;\s*boundary=[^;\s]/i.test(header)
}

/**
 * The path and every query parameter decode as UTF-8 and hold no control
 * character: `%00`, `%0A`, `%FF` and the like are refused before any route
 * parses them.
 */
export function readableUrl(url: string): boolean {
	const queryAt = url.indexOf('?')
	const parts = [queryAt === -1 ? url : url.slice(0, queryAt)]
	if (queryAt !== -1) {
		for (const pair of url.slice(queryAt + 1).split('&')) parts.push(...pair.replace(/\+/g, ' ').split('='))
	}
	return parts.every((part) => {
		try {
			return !UNREADABLE.test(decodeURIComponent(part))
		} catch {
			return false
		}
	})
}

/** JSON `{ code, message }` under /api, plain text to React Router's single fetch (its error boundary shows it), else a page. */
function refuse(req: Request, res: Response, { status, title, message }: Refusal) {
	res.status(status)
	if (req.path.startsWith('/api/')) {
		res.json({ code: status, message })
	} else if (req.path.endsWith('.data')) {
		res.type('text/plain').send(message)
	} else {
		res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
		// A refused form links back to its page (never to what could read as another host).
		const back = req.method !== 'GET' && /^\/(?![/\\])/.test(req.path) ? req.path : null
		res.type('html').send(page(title, message, back))
	}
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(title: string, message: string, back: string | null) {
	return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Spencer</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 42rem; margin: 4rem auto; padding: 0 1.5rem; line-height: 1.5">
<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>${back ? `<a href="${escapeHtml(back)}">Back to the page</a> · ` : ''}<a href="/">Go to your home page</a></p>
</main>
</body>
</html>
`
}
