import type * as SentryModule from '@sentry/react-router'
import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { appContext, type AppContext, type PayloadCopy } from '#app/context.ts'
import { maskPayload, maskResponseText, scrubEvent, stringsOf, valuesOfCookies, valuesOfQuery } from '#app/lib/report-masking.ts'
import type { Env } from './env.server.ts'

/** What the server and the browser need to report errors (the browser gets it in a meta tag, root.tsx). */
export type MonitoringConfig = { dsn: string; environment: string; release: string; tracesSampleRate: number }

export function monitoringConfig(env: Env): MonitoringConfig | null {
	if (!env.SENTRY_DSN) return null
	return { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT, release: env.SENTRY_RELEASE, tracesSampleRate: env.SENTRY_TRACES_SAMPLE_RATE }
}

// The SDK, once initMonitoring has loaded it: a server without SENTRY_DSN never loads it (about 22 MB of heap, ADR 056).
let sentry: typeof SentryModule | null = null

export const IGNORED_ERRORS = ['Error: Network Error', 'ResizeObserver loop limit exceeded']

/**
 * Error reporting with Sentry, when SENTRY_DSN is set (ADR 015). The SDK is told to collect no cookies, headers,
 * bodies, query values or user details, and every event, transaction, breadcrumb and span is scrubbed again before it
 * leaves (app/lib/report-masking.ts), so a new integration that collects more is caught too.
 */
export async function initMonitoring(config: MonitoringConfig | null) {
	if (!config) return
	const sdk = await import('@sentry/react-router')
	sdk.init({
		dsn: config.dsn,
		environment: config.environment,
		release: config.release,
		tracesSampleRate: config.tracesSampleRate,
		normalizeDepth: 10,
		ignoreErrors: IGNORED_ERRORS,
		sendDefaultPii: false,
		dataCollection: {
			userInfo: false,
			cookies: false,
			httpHeaders: { request: { deny: ['cookie', 'authorization'] }, response: false },
			httpBodies: [],
			urlQueryParams: false,
			databaseQueryData: false,
			stackFrameVariables: false,
		},
		beforeSend: (event) => scrubEvent(event),
		beforeSendTransaction: (event) => scrubEvent(event),
		beforeSendSpan: (span) => scrubEvent(span),
		beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
	})
	sentry = sdk
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Read lazily, only when a report needs it, once: the body of a write, taken before the action read it. */

export function copyPayload(request: Request): PayloadCopy | null {
	if (!sentry || !WRITES.has(request.method)) return null
	const copy = request.clone()
	let read: Promise<Record<string, unknown> | string> | null = null
	return () => (read ??= readBody(copy))
}

const FILE_TEXT_LIMIT = 1024 * 1024

async function readBody(request: Request): Promise<Record<string, unknown> | string> {
	const type = request.headers.get('Content-Type') ?? ''
	try {
		if (type.includes('application/json')) return (await request.json()) as Record<string, unknown>
		if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
			const fields: Record<string, unknown> = {}
			for (const [name, value] of await request.formData()) {
				const previous = fields[name]
				fields[name] = previous === undefined ? value : [previous, value].flat()
			}
			return fields
		}
		return await request.text()
	} catch {
		return ''
	}
}

/** Every value a request brought (its body, files' names and text, query and cookies): none may be repeated in a report. */
async function valuesOf(request: Request, body: Record<string, unknown> | string | null): Promise<string[]> {
	const values = valuesOfQuery(new URL(request.url).search).concat(valuesOfCookies(request.headers.get('Cookie')))
	if (typeof body === 'string') values.push(body, ...valuesOfQuery(body))
	else if (body) {
		for (const value of Object.values(body).flat()) {
			if (typeof File !== 'undefined' && value instanceof File) values.push(value.name, await value.slice(0, FILE_TEXT_LIMIT).text())
		}
		stringsOf(body, values)
	}
	return values
}

function appContextOf(context: Readonly<RouterContextProvider> | undefined): AppContext | null {
	try {
		return context ? context.get(appContext) : null
	} catch {
		return null
	}
}

/** Who was acting: the user's id only; while impersonating, a tag says so and another names the impersonated user. */
function describe(scope: SentryModule.Scope, app: AppContext | null, request: Request) {
	const auth = app?.auth
	if (auth) scope.setUser({ id: auth.userId })
	scope.setTag('impersonated', auth?.impersonatorId ? 'yes' : 'no')
	if (auth?.impersonatorId) {
		scope.setTag('impersonated_email', auth.email)
		scope.setTag('impersonator_id', auth.impersonatorId)
	}
	scope.setTag('route', new URL(request.url).pathname)
}

async function capture(
	request: Request,
	context: Readonly<RouterContextProvider> | undefined,
	report: (sdk: typeof SentryModule, scope: SentryModule.Scope, values: string[]) => void,
) {
	const sdk = sentry
	if (!sdk) return
	const app = appContextOf(context)
	const body = app?.payload ? await app.payload().catch(() => null) : null
	const values = await valuesOf(request, body)
	sdk.withScope((scope) => {
		describe(scope, app, request)
		if (body !== null) scope.setExtra('payload', maskPayload(body))
		scope.addEventProcessor((event) => scrubEvent(event, values))
		report(sdk, scope, values)
	})
}

/**
 * An unexpected server error: to Sentry when it is on (with the user's id,
 * impersonation tags and the masked payload of a write), and to the log by
 * its message only.
 */
export async function reportServerError(error: unknown, request: Request, context?: Readonly<RouterContextProvider>) {
	const path = new URL(request.url).pathname
	console.error(`Unexpected error on ${request.method} ${path}: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown'}`)
	await capture(request, context, (sdk) => sdk.captureException(error))
}

// What the document's render saw of an action's answer: its data and errors, kept for a failed write's report.
const actionResults = new WeakMap<object, unknown>()

/** Called by entry.server as it renders a document: the action's answer, which the page's HTML would bury. */
export function noteActionResult(context: object, result: { actionData: unknown; errors: unknown }) {
	if (sentry) actionResults.set(context, result)
}

async function responseText(response: Response, context: object): Promise<string> {
	const type = response.headers.get('Content-Type') ?? ''
	// A form's answer without what it echoes of the form (conform's initialValue): the errors say what went wrong.
	if (type.includes('text/html')) return JSON.stringify(actionResults.get(context) ?? null, (key, value: unknown) => (key === 'initialValue' ? undefined : value))
	return response.clone().text()
}

/**
 * A write answered 4xx (every form redirects when it succeeds; 5xx are reported as errors): to Sentry with the
 * masked payload and the masked, truncated answer.
 */
export async function reportFailedWrite(request: Request, response: Response, context: Readonly<RouterContextProvider>) {
	const path = new URL(request.url).pathname
	const text = await responseText(response, context).catch(() => '')
	await capture(request, context, (sdk, scope, values) => {
		scope.setContext('response', { status_code: response.status, text: maskResponseText(text, values) })
		scope.setFingerprint(['failed-write', request.method, path, String(response.status)])
		sdk.captureMessage(`${request.method} ${path} answered ${response.status}`, 'warning')
	})
}

/** Root middleware: reports writes that failed with a 4xx, without holding the response back. */
export const failedWriteMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const response = await next()
	if (sentry && WRITES.has(request.method) && response.status >= 400 && response.status < 500) {
		void reportFailedWrite(request, response, context).catch(() => undefined)
	}
	return response
}

export function flushMonitoring(timeoutMs = 2000) {
	return sentry ? sentry.flush(timeoutMs) : Promise.resolve(true)
}
