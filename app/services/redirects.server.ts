/**
 * Where a sign-in or a form may send the browser next: only a path on this origin, however a browser reads it
 * (docs/architecture.md#routes).
 */
import { MAX_REDIRECT_LENGTH } from '#app/models/user.ts'

const REDIRECT_BASE = 'http://redirect.invalid'
// Browsers drop tab, CR and LF from a URL and read `\` as `/` (`/\t/evil.example` is `//evil.example` to them);
// none of them, nor any other control character, is in a path Spencer links to, encoded or not.
const UNSAFE_IN_REDIRECT = /[\p{Cc}\\]/u

/**
 * Only a local path may be a redirect target: what it resolves to must stay
 * on this origin and be a path (never `//host`), however the browser reads
 * it. Anything else, or anything unreadable, gives the fallback. The result
 * is the parsed path, percent-encoded, so it is always a valid header value.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
	if (typeof to !== 'string' || !to.startsWith('/') || to.length > MAX_REDIRECT_LENGTH || UNSAFE_IN_REDIRECT.test(to)) return fallback
	let decoded: string
	try {
		decoded = decodeURIComponent(to)
	} catch {
		return fallback
	}
	if (UNSAFE_IN_REDIRECT.test(decoded) || decoded.startsWith('//')) return fallback
	let url: URL
	try {
		url = new URL(to, REDIRECT_BASE)
	} catch {
		return fallback
	}
	const path = `${url.pathname}${url.search}${url.hash}`
	// The path as parsed is percent-encoded, so it may be longer than what was given: it must still fit where a sign-in
	// keeps it (PendingSignIn.redirectTo).
	if (url.origin !== REDIRECT_BASE || !path.startsWith('/') || path.startsWith('//') || path.length > MAX_REDIRECT_LENGTH) return fallback
	return path
}

