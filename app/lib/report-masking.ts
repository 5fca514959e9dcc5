/**
 * What error reports may carry (docs/architecture.md#security, ADR 015): no secret and no
 * personal data. Shared by the server's and the browser's error reporting,
 * so both mask alike. Everything here is pure.
 */
export const FILTERED = '[Filtered]'

// A field is secret by its name: these anywhere in it…
const SENSITIVE_PARTS = ['password', 'passwd', 'secret', 'token', 'cookie', 'session', 'csrf', 'xsrf', 'credential', 'authoriz', 'apikey', 'address', 'postcode', 'phone', 'birth']
// …and these as one of its words (camelCase, snake_case, kebab-case and dotted names are split into words).
const SENSITIVE_WORDS = new Set(['pwd', 'pass', 'auth', 'otp', 'totp', 'code', 'key', 'sid', 'jwt', 'bearer', 'email', 'signature', 'dsn', 'dob'])
// Names that match the rules above but hold no secret: HTTP statuses and OpenTelemetry's code.* source locations.
const SAFE_KEY = /^(status_?code|(http\.(response\.)?)?status_code|code\.(function|filepath|lineno|namespace|column|function\.name|file\.path|line\.number))$/i

export function isSensitiveKey(key: string): boolean {
	if (SAFE_KEY.test(key)) return false
	const lower = key.toLowerCase()
	if (SENSITIVE_PARTS.some((part) => lower.includes(part))) return true
	const words = key
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
	return words.some((word) => SENSITIVE_WORDS.has(word))
}

/** How a value is reported instead of itself: its kind and size, never its content. */
function shapeOf(value: unknown): unknown {
	if (value === null || typeof value === 'boolean') return value
	if (typeof value === 'string') return `[${value.length} characters]`
	if (typeof value === 'number') return '[number]'
	if (typeof value === 'object' && 'size' in value && typeof value.size === 'number') return `[file, ${value.size} bytes]`
	return '[value]'
}

function shapeDeep(value: unknown, depth = 0): unknown {
	if (depth > 10) return '[value]'
	if (Array.isArray(value)) return value.map((item) => shapeDeep(item, depth + 1))
	if (value !== null && typeof value === 'object' && !('size' in value)) {
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [key, isSensitiveKey(key) ? FILTERED : shapeDeep(inner, depth + 1)]),
		)
	}
	return shapeOf(value)
}

/**
 * A request body as reported: its field names with the kind and size of each
 * value, never a value (a name, a note about a child, a password: all stay).
 */
export function maskPayload(fields: Record<string, unknown> | string): Record<string, unknown> | string {
	if (typeof fields === 'string') return `[${fields.length} characters not reported]`
	return shapeDeep(fields) as Record<string, unknown>
}

/** Every string a body holds, for `Scrubber`: the values a report must not repeat wherever they turn up. */
export function stringsOf(value: unknown, out: string[] = [], depth = 0): string[] {
	if (depth > 10) return out
	if (typeof value === 'string') out.push(value)
	else if (Array.isArray(value)) for (const item of value) stringsOf(item, out, depth + 1)
	else if (value !== null && typeof value === 'object') for (const inner of Object.values(value)) stringsOf(inner, out, depth + 1)
	return out
}

const EMAIL = /[^\s@<>"'`(),;:[\]\\/]+@[^\s@<>"'`(),;:[\]\\/]+\.[a-z]{2,}/gi
// `name=value` pairs of a query string, in a URL or anywhere in a text.
const QUERY_PAIR = /([?&])([^=&#\s"'<>]+)=([^&#\s"'<>]*)/g
// What PostgreSQL's errors repeat of the rows they refuse, an SQL statement's literals, and password hashes.
const FAILING_ROW = /(Failing row contains )\(.*\)/g
const KEY_VALUE = /(Key \([^)]*\)=)\(.*?\)( already exists| is not present| conflicts)/g
const SQL_STATEMENT = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from|select\s[\s\S]*?\sfrom)\b/i
const SQL_LITERAL = /'(?:[^']|'')*'/g
const PASSWORD_HASH = /\$argon2(?:id|i|d)\$(?:v=\d+\$)?[^$\s]+\$[^$\s]+\$[A-Za-z0-9+/=]+/g
const TOKEN = /[\p{L}\p{N}_]+/gu
const ALPHANUMERIC = /^[\p{L}\p{N}]+$/u
const TRIVIAL = new Set(['true', 'false', 'null', 'undefined', 'none'])

/**
 * Takes out of any text: email addresses, the values of query strings, what
 * database errors repeat of rows and statements, password hashes, and the
 * request's own values (what was posted, its query and cookies), as whole
 * phrases and as words, so a value that an error or a page repeats is caught
 * too.
 */
export class Scrubber {
	private readonly phrases: string[]
	private readonly words = new Set<string>()

	/**
	 * `shortestWord`: the shortest one-word value taken out as a word. 4 in any text, so a posted "on" or "yes" does not
	 * blank out every report; a failed write's own answer asks for 2, since it echoes what was posted and a child's
	 * name may be "Ava" or "Li".
	 */
	constructor(values: Iterable<string> = [], { shortestWord = 4 }: { shortestWord?: number } = {}) {
		const phrases = new Set<string>()
		for (const raw of values) {
			const value = raw.trim()
			if (TRIVIAL.has(value.toLowerCase())) continue
			// A one-word value is matched as a word (so a posted "name" leaves `first_name` alone); a longer one anywhere.
			if (ALPHANUMERIC.test(value)) {
				if (value.length >= shortestWord) this.words.add(value.toLowerCase())
				continue
			}
			if (value.length >= 4) phrases.add(value)
			// Words of a name or a sentence ("Sam Okafor", "Smith-Jones"), not the parts of an address or a URL.
			for (const word of value.split(/[\s-]+/)) {
				if (word.length >= shortestWord && ALPHANUMERIC.test(word) && !TRIVIAL.has(word.toLowerCase())) this.words.add(word.toLowerCase())
			}
		}
		this.phrases = [...phrases].sort((a, b) => b.length - a.length)
	}

	text(value: string): string {
		let text = value
		for (const phrase of this.phrases) if (text.includes(phrase)) text = text.split(phrase).join(FILTERED)
		if (this.words.size > 0) text = text.replace(TOKEN, (word) => (this.words.has(word.toLowerCase()) ? FILTERED : word))
		if (SQL_STATEMENT.test(text)) text = text.replace(SQL_LITERAL, `'${FILTERED}'`)
		return text
			.replace(FAILING_ROW, `$1(${FILTERED})`)
			.replace(KEY_VALUE, `$1(${FILTERED})$2`)
			.replace(PASSWORD_HASH, FILTERED)
			.replace(EMAIL, '[email]')
			.replace(QUERY_PAIR, (_, sep: string, name: string) => `${sep}${name}=${FILTERED}`)
	}
}

/** The values of a query string or a cookie header, for a Scrubber. */
export function valuesOfQuery(query: string | undefined | null): string[] {
	if (!query) return []
	try {
		return [...new URLSearchParams(query.replace(/^\?/, '')).values()]
	} catch {
		return []
	}
}

export function valuesOfCookies(header: string | undefined | null): string[] {
	if (!header) return []
	return header.split(';').flatMap((pair) => {
		const value = pair.slice(pair.indexOf('=') + 1).trim()
		let decoded = value
		try {
			decoded = decodeURIComponent(value)
		} catch {
			// Kept as sent.
		}
		return decoded === value ? [value] : [value, decoded]
	})
}

// Request headers that say nothing of who asked or with what credentials; every other one is dropped.
const KEPT_HEADERS = new Set([
	'accept',
	'accept-encoding',
	'accept-language',
	'content-length',
	'content-type',
	'host',
	'origin',
	'referer',
	'sec-fetch-dest',
	'sec-fetch-mode',
	'sec-fetch-site',
	'user-agent',
])
const HEADER_ATTRIBUTE = /^http\.(request|response)\.header\.(.+)$/
// Parts of an event the SDK makes and reads back (ids, times, its own description): never rewritten.
const STRUCTURAL = new Set([
	...['event_id', 'trace_id', 'span_id', 'parent_span_id', 'segment_id', 'timestamp', 'start_timestamp', 'sdk', 'platform'],
	...['level', 'type', 'release', 'environment', 'dist', 'debug_meta'],
	// A stack frame's place and source lines, read from the code on disk.
	...['filename', 'abs_path', 'module', 'function', 'lineno', 'colno', 'in_app', 'pre_context', 'context_line', 'post_context'],
])

const SYSTEM_CONTEXTS = ['app', 'os', 'device', 'runtime', 'culture', 'cloud_resource', 'otel']

function scrubHeaders(headers: unknown, scrubber: Scrubber): Record<string, string> | undefined {
	if (!headers || typeof headers !== 'object') return undefined
	const kept: Record<string, string> = {}
	for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
		if (KEPT_HEADERS.has(name.toLowerCase()) && typeof value === 'string') kept[name] = scrubber.text(value)
	}
	return kept
}

function scrubDeep(value: unknown, scrubber: Scrubber, depth = 0): unknown {
	if (typeof value === 'string') return scrubber.text(value)
	if (depth > 12 || value === null || typeof value !== 'object') return value
	if (Array.isArray(value)) return value.map((item) => scrubDeep(item, scrubber, depth + 1))
	const out: Record<string, unknown> = {}
	for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
		const header = HEADER_ATTRIBUTE.exec(key)
		if (header) {
			if (header[1] === 'request' && KEPT_HEADERS.has((header[2] ?? '').toLowerCase())) out[key] = scrubDeep(inner, scrubber, depth + 1)
			continue
		}
		if (key === 'headers') out[key] = scrubHeaders(inner, scrubber)
		else if (key === 'cookies' || key === 'vars') continue
		else if (STRUCTURAL.has(key)) out[key] = inner
		else out[key] = isSensitiveKey(key) ? FILTERED : scrubDeep(inner, scrubber, depth + 1)
	}
	return out
}

type ReportedRequest = { data?: unknown; query_string?: unknown; cookies?: unknown; headers?: Record<string, unknown>; url?: string }
type Reported = {
	request?: ReportedRequest
	user?: { id?: string | number } & Record<string, unknown>
	tags?: Record<string, unknown>
	[key: string]: unknown
}

/** The values a reported request carried (its body as the SDK kept it, its query and its cookies), for a Scrubber. */
function valuesOfReportedRequest(request: ReportedRequest | undefined): string[] {
	if (!request) return []
	const values: string[] = []
	const { data, query_string: query, cookies, headers, url } = request
	if (typeof data === 'string') {
		values.push(data)
		try {
			stringsOf(JSON.parse(data) as unknown, values)
		} catch {
			values.push(...valuesOfQuery(data))
		}
	} else stringsOf(data, values)
	if (typeof query === 'string') values.push(...valuesOfQuery(query))
	else stringsOf(query, values)
	stringsOf(cookies, values)
	const cookieHeader = headers?.cookie ?? headers?.Cookie
	if (typeof cookieHeader === 'string') values.push(...valuesOfCookies(cookieHeader))
	if (url) values.push(...valuesOfQuery(url.split('?')[1]?.split('#')[0]))
	return values
}

/** Tags our own code sets with a value that is meant to be reported (the seed asks for the impersonated user's email). */
const REPORTED_AS_IS = ['impersonated_email'] as const

/**
 * An event, transaction, breadcrumb or span made safe to send: the body, the
 * cookies and every header but a few plain ones dropped, every field named
 * like a secret masked, email addresses, query values and the request's own
 * values taken out of every text, the user reduced to an id.
 */
export function scrubEvent<T extends object>(event: T, values: Iterable<string> = []): T {
	const reported = event as Reported
	const scrubber = new Scrubber([...values, ...valuesOfReportedRequest(reported.request)])
	const asIs = REPORTED_AS_IS.map((tag) => [tag, reported.tags?.[tag]] as const)
	const request = reported.request ? { ...reported.request } : undefined
	if (request) {
		delete request.data
		delete request.cookies
		if (typeof request.url === 'string') request.url = scrubber.text(request.url)
		if (typeof request.query_string === 'string') request.query_string = scrubber.text(`?${request.query_string}`).slice(1)
		else if (request.query_string) request.query_string = FILTERED
	}
	// The SDK's description of the machine and the runtime holds nothing of a request: kept as it is.
	const contexts = reported.contexts as Record<string, unknown> | undefined
	const system = Object.fromEntries(SYSTEM_CONTEXTS.filter((name) => contexts?.[name] !== undefined).map((name) => [name, contexts?.[name]]))
	const scrubbed = scrubDeep({ ...reported, request }, scrubber) as Reported
	if (!request) delete scrubbed.request
	if (scrubbed.contexts) Object.assign(scrubbed.contexts as object, system)
	if (reported.user) {
		if (reported.user.id === undefined) delete scrubbed.user
		else scrubbed.user = { id: reported.user.id }
	}
	for (const [tag, value] of asIs) if (typeof value === 'string' && scrubbed.tags) scrubbed.tags[tag] = value
	withoutElementAttributes(scrubbed)
	const { breadcrumbs } = scrubbed as { breadcrumbs?: unknown }
	if (Array.isArray(breadcrumbs)) for (const breadcrumb of breadcrumbs as object[]) withoutElementAttributes(breadcrumb)
	return scrubbed as T
}

// `[aria-label="Impersonate Jane Doe"]`, `[title='…']`, `[name=x]` in a selector.
const ATTRIBUTE_VALUE = /\[([\w:-]+)=(?:"[^"]*"|'[^']*'|[^\]]*)\]/g

/**
 * A click's or a key's breadcrumb names the element by a selector, which carries its accessible name and title
 * (`button[aria-label="Impersonate Jane Doe"]`): the attributes' names are kept, their values never.
 */
function withoutElementAttributes(breadcrumb: object) {
	const crumb = breadcrumb as { category?: unknown; message?: unknown }
	if (typeof crumb.category === 'string' && crumb.category.startsWith('ui.') && typeof crumb.message === 'string') {
		crumb.message = crumb.message.replace(ATTRIBUTE_VALUE, '[$1]')
	}
}

/** A response's text as reported with a failed write: its values and addresses taken out, cut short. */
export function maskResponseText(text: string, values: Iterable<string>, limit = 2000): string {
	const scrubbed = new Scrubber(values, { shortestWord: 2 }).text(text)
	return scrubbed.length > limit ? `${scrubbed.slice(0, limit)}… [${scrubbed.length - limit} more characters]` : scrubbed
}
