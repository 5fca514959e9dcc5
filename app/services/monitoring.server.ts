import * as Sentry from '@sentry/react-router'
import type { RouterContextProvider } from 'react-router'
import { appContext, type AppContext } from '#app/context.ts'
import { maskPayload, maskSensitive } from '#app/lib/mask.ts'

export type MonitoringConfig = { dsn: string; environment: string; release: string }

let enabled = false

export const IGNORED_ERRORS = ['Error: Network Error', 'ResizeObserver loop limit exceeded']

/** Error reporting with Sentry, when SENTRY_DSN is set; everything sent is masked first. */
export function initMonitoring(config: MonitoringConfig | null) {
	if (!config) return
	Sentry.init({
		dsn: config.dsn,
		environment: config.environment,
		release: config.release,
		tracesSampleRate: 0.3,
		normalizeDepth: 10,
		ignoreErrors: IGNORED_ERRORS,
		sendDefaultPii: false,
		beforeSend(event) {
			if (event.request) {
				event.request = maskSensitive(event.request)
				delete event.request.cookies
				if (event.request.headers) delete event.request.headers.cookie
			}
			if (event.extra) event.extra = maskSensitive(event.extra)
			if (event.contexts) event.contexts = maskSensitive(event.contexts)
			return event
		},
	})
	enabled = true
}

/** Read lazily, only when an error is reported: a copy of a POST or PATCH body taken before the action read it. */
export type PayloadCopy = () => Promise<{ body: string; contentType: string | null }>

export function copyPayload(request: Request): PayloadCopy | null {
	if (!enabled || !['POST', 'PATCH'].includes(request.method)) return null
	const copy = request.clone()
	return async () => ({ body: await copy.text(), contentType: copy.headers.get('Content-Type') })
}

/**
 * An unexpected server error: to Sentry when it is on (with the user's id,
 * impersonation tags and the masked payload of a failed POST/PATCH), and to
 * the log by its message only.
 */
export async function reportServerError(error: unknown, request: Request, context?: Readonly<RouterContextProvider>) {
	const path = new URL(request.url).pathname
	console.error(`Unexpected error on ${request.method} ${path}: ${error instanceof Error ? `${error.name}: ${error.message}` : 'unknown'}`)
	if (!enabled) return
	let app: AppContext | null = null
	try {
		app = context ? context.get(appContext) : null
	} catch {
		app = null
	}
	const payload = app?.payload ? await app.payload().catch(() => null) : null
	Sentry.withScope((scope) => {
		if (app?.auth) scope.setUser({ id: app.auth.userId })
		scope.setTag('impersonating', app?.auth?.impersonatorId ? 'yes' : 'no')
		if (app?.auth?.impersonatorId) scope.setTag('impersonator_id', app.auth.impersonatorId)
		scope.setTag('route', path)
		if (payload) scope.setExtra('payload', maskPayload(payload.body, payload.contentType))
		Sentry.captureException(error)
	})
}

export function flushMonitoring(timeoutMs = 2000) {
	return enabled ? Sentry.flush(timeoutMs) : Promise.resolve(true)
}
