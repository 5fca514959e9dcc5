import { buildIfNeeded } from '../../scripts/build-if-needed.js'

/** Integration tests that drive the app over HTTP use the production build: build it once, before any worker starts. */
export default function setup() {
	buildIfNeeded({ quiet: true })
}
