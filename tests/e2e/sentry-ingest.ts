import { itemsOf, readEnvelopeFile } from '../support/fake-sentry.ts'

const PORT = Number(process.env.E2E_PORT ?? 4173)
/** The fake Sentry ingest that playwright.config.ts starts beside the app, per port like the outbox. */
export const E2E_SENTRY_PORT = Number(process.env.E2E_SENTRY_PORT ?? PORT + 1000)
export const E2E_SENTRY_FILE = `.e2e-sentry-${PORT}.ndjson`

/** What the app and the browser have reported so far, by item type (`event`, `transaction`…), and as sent. */
export function reported() {
	const envelopes = readEnvelopeFile(E2E_SENTRY_FILE)
	return {
		events: itemsOf(envelopes, 'event'),
		transactions: itemsOf(envelopes, 'transaction'),
		raw: envelopes.map((envelope) => envelope.raw).join('\n'),
	}
}
