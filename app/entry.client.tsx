import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { startBrowserMonitoring, type BrowserMonitoring } from '#app/lib/monitoring.client.ts'

const sentry = document.querySelector<HTMLMetaElement>('meta[name="sentry"]')
if (sentry?.content) startBrowserMonitoring(JSON.parse(sentry.content) as BrowserMonitoring)

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
