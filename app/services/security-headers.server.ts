import { getEnv } from './env.server.ts'

/** Headers on every HTML response (docs/architecture.md#security): an enforced CSP with a per-request nonce, and friends. `nosniff` is on every response of any type: server/request-guards.ts. */
export function securityHeaders(nonce: string): [string, string][] {
	const { NODE_ENV, SENTRY_DSN } = getEnv()
	// The browser's error reports go to Sentry's ingest, when it is on (app/lib/monitoring.client.ts).
	const reports = SENTRY_DSN ? ` ${new URL(SENTRY_DSN).origin}` : ''
	const csp = [
		"default-src 'self'",
		// Our own files, and inline scripts only with this response's nonce.
		`script-src 'self' 'nonce-${nonce}'`,
		// apexcharts and react-aria set inline style attributes.
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data:",
		"font-src 'self'",
		`connect-src 'self'${reports}`,
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	].join('; ')
	const headers: [string, string][] = [
		['Content-Security-Policy', csp],
		['Referrer-Policy', 'same-origin'],
		['X-Frame-Options', 'DENY'],
	]
	if (NODE_ENV === 'production') headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'])
	return headers
}
