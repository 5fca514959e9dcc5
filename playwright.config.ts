import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import { buildIfNeeded } from './scripts/build-if-needed.js'
import { SERVER_NODE_FLAGS } from './scripts/server-flags.js'
import { requireChromium } from './scripts/find-chromium.ts'
import { AXE_CHECKED_DIR, BASE_PORT, lane, LANES } from './tests/e2e/lanes.ts'

// One lane per worker, each with a server, database, outbox and ingest of its own (tests/e2e/lanes.ts); per port, so two
// runs side by side (CI and a developer, with another E2E_PORT) never share an outbox or results either.
// Built once, here, before the lanes' servers start side by side (each would otherwise build on its own). Workers load
// this file too; they find the build fresh. The runner also empties the folder of page states axe has checked (ADR 047).
if (!process.env.TEST_WORKER_INDEX) {
	buildIfNeeded()
	rmSync(AXE_CHECKED_DIR, { recursive: true, force: true })
	mkdirSync(AXE_CHECKED_DIR, { recursive: true })
}
const lanes = Array.from({ length: LANES }, (_, index) => lane(index))

export default defineConfig({
	testDir: './tests/e2e',
	outputDir: `test-results/e2e-${BASE_PORT}`,
	// Files spread over the lanes; a file's tests run in order, in one lane.
	fullyParallel: false,
	workers: LANES,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	reporter: process.env.CI ? 'list' : 'list',
	// Generous: a 2-core machine signing in with argon2 and rendering without JavaScript is slow under load.
	timeout: 60_000,
	use: {
		// The lane's own server: tests/e2e/fixtures.ts sets baseURL per worker.
		launchOptions: {
			// PLAYWRIGHT_CHROMIUM_PATH, else a system headless shell, Chromium or Chrome, else Playwright's own
			// (scripts/find-chromium.ts; the headless shell first: ADR 049).
			executablePath: requireChromium().path,
			args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
		},
		// Pages as staff who ask for reduced motion see them: no view transition on each navigation, which a browser without
		// a GPU composites in software at about a third of the suite's browser time (ADR 049). The tests of the
		// transitions themselves ask for motion (client-shell.spec.ts).
		reducedMotion: 'reduce',
		// A trace records every step of every test (screenshots and DOM snapshots), about a sixth of the suite's CPU: off
		// unless asked for, e.g. E2E_TRACE=retain-on-failure to keep the traces of the tests that fail (ADR 049).
		trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
	},
	projects: [
		{ name: 'chromium', use: { browserName: 'chromium' }, testIgnore: ['reflow.spec.ts'] },
		{
			name: 'chromium-no-js',
			use: { browserName: 'chromium', javaScriptEnabled: false },
			// What these test is JavaScript's own (axe's helper, browser error reports, the client-side shell, modal focus
			// return, a select's focus after the browser's check, the session warning's timer); reflow.spec.ts runs in the two
			// narrow projects below.
			testIgnore: ['axe-helper.spec.ts', 'browser-error-reports.spec.ts', 'client-shell.spec.ts', 'modal-focus.spec.ts', 'reflow.spec.ts', 'select-focus.spec.ts', 'session-timeout.spec.ts', 'student-search-typing.spec.ts'],
		},
		// Issue 14: every screen at a phone's width and at 1366×768 zoomed to 200 % (683×384 CSS px), WCAG 1.4.10 reflow:
		// one pass, each screen loaded at 320 px and resized as a zoom would (ADR 044).
		{ name: 'reflow', use: { browserName: 'chromium', viewport: { width: 320, height: 640 } }, testMatch: 'reflow.spec.ts' },
	],
	// The production configuration (issue 12): NODE_ENV=production, a real SESSION_SECRET, and error reports (server and
	// browser) to a fake Sentry ingest on loopback, which writes what it receives to a file for the tests to read.
	webServer: lanes.flatMap(({ port, outbox, sentryPort, sentryFile }) => [
		{
			command: `node tests/support/fake-sentry.ts --port ${sentryPort} --file ${sentryFile}`,
			url: `http://127.0.0.1:${sentryPort}/healthz`,
			timeout: 30_000,
			reuseExistingServer: false,
		},
		{
			// The production build on a fresh in-memory database with the demo seeded, with `npm start`'s flags.
			command: `rm -rf ${outbox} && node ${SERVER_NODE_FLAGS.join(' ')} server.js`,
			url: `http://localhost:${port}/healthz`,
			timeout: 240_000,
			reuseExistingServer: false,
			stdout: 'pipe' as const,
			env: {
				PORT: String(port),
				DATABASE_URL: 'pglite://memory',
				NODE_ENV: 'production',
				SESSION_SECRET: randomBytes(32).toString('hex'),
				SENTRY_DSN: `http://fakepublickey@127.0.0.1:${sentryPort}/1`,
				MAIL_OUTBOX_DIR: outbox,
				AUTH_POSTS_PER_MINUTE: '1000',
			},
		},
	]),
})
