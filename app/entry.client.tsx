import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// Error reporting in the browser only when the server configured it; the SDK
// is loaded on demand so it never weighs on pages otherwise.
const sentry = document.querySelector<HTMLMetaElement>('meta[name="sentry"]')
if (sentry?.content) {
	const config = JSON.parse(sentry.content) as { dsn: string; environment: string; release: string }
	void import('@sentry/react-router').then((Sentry) =>
		Sentry.init({
			...config,
			tracesSampleRate: 0.3,
			normalizeDepth: 10,
			ignoreErrors: ['Error: Network Error', 'ResizeObserver loop limit exceeded'],
			sendDefaultPii: false,
		}),
	)
}

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
