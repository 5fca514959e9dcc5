import { randomBytes } from 'node:crypto'
import { defineConfig } from '@playwright/test'
import { requireChromium } from './scripts/find-chromium.ts'
import { E2E_SENTRY_FILE, E2E_SENTRY_PORT } from './tests/e2e/sentry-ingest.ts'

const PORT = Number(process.env.E2E_PORT ?? 4173)
// Per port, so two runs side by side (CI and a developer) never share an outbox or results.
const OUTBOX = `.e2e-outbox-${PORT}`

export default defineConfig({
	testDir: './tests/e2e',
	outputDir: `test-results/e2e-${PORT}`,
	fullyParallel: false,
	workers: 1,
	forbidOnly: Boolean(process.env.CI),
	retries: 0,
	reporter: process.env.CI ? 'list' : 'list',
	// Generous: a 2-core machine signing in with argon2 and rendering without JavaScript is slow under load.
	timeout: 60_000,
	use: {
		baseURL: `http://localhost:${PORT}`,
		launchOptions: {
			// PLAYWRIGHT_CHROMIUM_PATH, else a system Chromium or Chrome, else Playwright's own (scripts/find-chromium.ts).
			executablePath: requireChromium().path,
			args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
		},
		trace: 'retain-on-failure',
	},
	projects: [
		{ name: 'chromium', use: { browserName: 'chromium' }, testIgnore: ['reflow.spec.ts'] },
		{
			name: 'chromium-no-js',
			use: { browserName: 'chromium', javaScriptEnabled: false },
			// What these test is JavaScript's own (axe's helper, browser error reports, the client-side shell, modal focus
			// return); reflow.spec.ts runs in the two narrow projects below.
			testIgnore: ['axe-helper.spec.ts', 'browser-error-reports.spec.ts', 'client-shell.spec.ts', 'modal-focus.spec.ts', 'reflow.spec.ts'],
		},
		// Issue 14: every screen at a phone's width and at 1366×768 zoomed to 200 % (683×384 CSS px), WCAG 1.4.10 reflow.
		{ name: 'narrow-320', use: { browserName: 'chromium', viewport: { width: 320, height: 640 } }, testMatch: 'reflow.spec.ts' },
		{ name: 'zoom-200', use: { browserName: 'chromium', viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 }, testMatch: 'reflow.spec.ts' },
	],
	// The production configuration (issue 12): NODE_ENV=production, a real SESSION_SECRET, and error reports (server and
	// browser) to a fake Sentry ingest on loopback, which writes what it receives to a file for the tests to read.
	webServer: [
		{
			command: `node tests/support/fake-sentry.ts --port ${E2E_SENTRY_PORT} --file ${E2E_SENTRY_FILE}`,
			url: `http://127.0.0.1:${E2E_SENTRY_PORT}/healthz`,
			timeout: 30_000,
			reuseExistingServer: false,
		},
		{
			// The production build on a fresh in-memory database with the demo seeded.
			command: `rm -rf ${OUTBOX} && node server.js`,
			url: `http://localhost:${PORT}/healthz`,
			timeout: 240_000,
			reuseExistingServer: false,
			stdout: 'pipe',
			env: {
				PORT: String(PORT),
				DATABASE_URL: 'pglite://memory',
				NODE_ENV: 'production',
				SESSION_SECRET: randomBytes(32).toString('hex'),
				SENTRY_DSN: `http://fakepublickey@127.0.0.1:${E2E_SENTRY_PORT}/1`,
				MAIL_OUTBOX_DIR: OUTBOX,
				AUTH_POSTS_PER_MINUTE: '1000',
			},
		},
	],
})
