/** Keys whose values never leave the app in error reports (DESIGN.md §2). */
const SENSITIVE_KEY = /password|token|address/i
export const FILTERED = '[Filtered]'

/** A deep copy with every sensitive key's value replaced. */
export function maskSensitive<T>(value: T, depth = 0): T {
	if (depth > 10 || value === null || typeof value !== 'object') return value
	if (Array.isArray(value)) return value.map((item) => maskSensitive(item, depth + 1)) as T
	const masked: Record<string, unknown> = {}
	for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
		masked[key] = SENSITIVE_KEY.test(key) ? FILTERED : maskSensitive(inner, depth + 1)
	}
	return masked as T
}

/** A form or JSON body as an object, masked. */
export function maskPayload(body: string, contentType: string | null): Record<string, unknown> | string {
	try {
		if (contentType?.includes('application/json')) return maskSensitive(JSON.parse(body) as Record<string, unknown>)
		if (contentType?.includes('application/x-www-form-urlencoded') || contentType?.includes('multipart/form-data')) {
			return maskSensitive(Object.fromEntries(new URLSearchParams(body)))
		}
	} catch {
		// Not parseable: fall through and report nothing of it.
	}
	return `[${body.length} bytes not reported]`
}
