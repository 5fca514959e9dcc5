import { itemsOf, readEnvelopeFile } from '../support/fake-sentry.ts'
import { currentLane } from './lanes.ts'

/** What this lane's app and browser have reported so far, by item type (`event`, `transaction`…), and as sent. */
export function reported() {
	const envelopes = readEnvelopeFile(currentLane().sentryFile)
	return {
		events: itemsOf(envelopes, 'event'),
		transactions: itemsOf(envelopes, 'transaction'),
		raw: envelopes.map((envelope) => envelope.raw).join('\n'),
	}
}
