/**
 * The e2e suite runs in lanes, one per Playwright worker (E2E_WORKERS, default 2). Each lane has a server of its own,
 * on its own in-memory database with the demo seeded, its own outbox and its own fake Sentry ingest, so two tests
 * running at once never share a row, a mail or an error report. playwright.config.ts starts the servers; a test finds
 * its lane's from the worker it runs in (TEST_PARALLEL_INDEX, which Playwright sets in each worker).
 *
 * Ports: lane i's app listens on E2E_PORT + i (default 4173), its ingest on that port + 1000.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4173)
export const LANES = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1)

/**
 * Where the run's workers mark the page states axe has checked (tests/e2e/fixtures.ts), per port like the rest; emptied
 * by the runner as the run starts (playwright.config.ts).
 */
export const AXE_CHECKED_DIR = `test-results/axe-checked-${BASE_PORT}`

export type Lane = { port: number; outbox: string; sentryPort: number; sentryFile: string }

export function lane(index: number): Lane {
	const port = BASE_PORT + index
	return { port, outbox: `.e2e-outbox-${port}`, sentryPort: port + 1000, sentryFile: `.e2e-sentry-${port}.ndjson` }
}

/** The lane of the worker this code runs in (lane 0 outside a worker, e.g. in the config). */
export function currentLane(): Lane {
	return lane(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
}
