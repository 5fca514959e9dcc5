import { defineConfig } from '@playwright/test'
import { requireChromium } from './scripts/find-chromium.ts'

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
		{ name: 'chromium', use: { browserName: 'chromium' } },
		{
			name: 'chromium-no-js',
			use: { browserName: 'chromium', javaScriptEnabled: false },
			testIgnore: ['axe-helper.spec.ts'],
		},
	],
	webServer: {
		// The production build on a fresh in-memory database with the demo seeded.
		command: `rm -rf ${OUTBOX} && node server.js`,
		url: `http://localhost:${PORT}/healthz`,
		timeout: 240_000,
		reuseExistingServer: false,
		stdout: 'pipe',
		env: { PORT: String(PORT), DATABASE_URL: 'pglite://memory', NODE_ENV: 'production', MAIL_OUTBOX_DIR: OUTBOX, AUTH_POSTS_PER_MINUTE: '1000' },
	},
})
