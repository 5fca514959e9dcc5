import type * as SentryModule from '@sentry/react-router'
import { scrubEvent } from './report-masking.ts'

/** What the server tells the browser (root.tsx's `sentry` meta tag): where to report, and who is acting. */
export type BrowserMonitoring = {
	dsn: string
	environment: string
	release: string
	tracesSampleRate: number
	/** Who is acting when the page was rendered, so that an error before hydration is already attributed. */
	scope?: BrowserScope | null
}
export type BrowserScope = { userId: string | null; impersonatedEmail: string | null }

function scopeTags(scope: BrowserScope) {
	return { impersonated: scope.impersonatedEmail ? 'yes' : 'no', impersonated_email: scope.impersonatedEmail ?? undefined }
}

let sentry: Promise<typeof SentryModule> | null = null

/**
 * Error reporting in the browser, only when the server configured it; the SDK is loaded on demand so it never weighs
 * on pages otherwise. Every event, transaction and breadcrumb is scrubbed as on the server (app/lib/report-masking.ts).
 */
export function startBrowserMonitoring({ scope, ...config }: BrowserMonitoring) {
	sentry = import('@sentry/react-router').then((Sentry) => {
		Sentry.init({
			...config,
			...(scope ? { initialScope: { user: scope.userId ? { id: scope.userId } : undefined, tags: scopeTags(scope) } } : {}),
			normalizeDepth: 10,
			ignoreErrors: ['Error: Network Error', 'ResizeObserver loop limit exceeded', 'signal is aborted without reason'],
			sendDefaultPii: false,
			beforeSend: (event) => scrubEvent(event),
			beforeSendTransaction: (event) => scrubEvent(event),
			beforeSendSpan: (span) => scrubEvent(span),
			beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
		})
		return Sentry
	})
}

/** The user's id only; while impersonating, a tag says so and another names the impersonated user. */
export function setBrowserScope(scope: BrowserScope) {
	void sentry?.then((Sentry) => {
		Sentry.setUser(scope.userId ? { id: scope.userId } : null)
		Sentry.setTags(scopeTags(scope))
	})
}
