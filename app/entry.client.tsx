import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { ignoreAbortedRequests } from '#app/lib/aborted-requests.client.ts'
import { recoverFromChunkLoadErrors } from '#app/lib/chunk-recovery.client.ts'
import { startBrowserMonitoring, type BrowserMonitoring } from '#app/lib/monitoring.client.ts'
import { followWhatIsTyped } from '#app/lib/typed-before-hydration.client.ts'

// Before anything loads a chunk: a screen whose code a deploy replaced reloads once, never in a loop.
recoverFromChunkLoadErrors()
// A request the page gave up on (a fetcher's earlier submission, aborted by its next) is not an error.
ignoreAbortedRequests()

const sentry = document.querySelector<HTMLMetaElement>('meta[name="sentry"]')
if (sentry?.content) startBrowserMonitoring(JSON.parse(sentry.content) as BrowserMonitoring)

// What staff have put in the page's forms while its scripts came is noted, to be put back once it hydrates (ADR 112).
followWhatIsTyped()

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter />
		</StrictMode>,
	)
})
