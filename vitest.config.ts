import { defineConfig } from 'vitest/config'

/** What the two integration projects share: the run's build and template database, and each worker's setup. */
const INTEGRATION = {
	globalSetup: ['./tests/setup/build.ts'],
	// The app the workers load (the production build) then loads React's, Express's and the other libraries' production
	// code, as `npm start` does; vitest would otherwise give them NODE_ENV=test (ADR 089).
	env: { NODE_ENV: 'production' },
	setupFiles: ['./tests/setup/integration.ts', './tests/setup/console.ts'],
	environment: 'node',
	testTimeout: 60_000,
	hookTimeout: 120_000,
}

/** Integration files that compare timings. */
const TIMED = ['tests/integration/forgot-password-timing.test.ts']

export default defineConfig({
	test: {
		projects: [
			{
				test: {
					name: 'unit',
					sequence: { groupOrder: 0 },
					include: ['app/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
					setupFiles: ['./tests/setup/console.ts'],
					environment: 'node',
				},
			},
			{
				test: {
					name: 'integration',
					sequence: { groupOrder: 1 },
					include: ['tests/integration/**/*.test.ts'],
					exclude: TIMED,
					...INTEGRATION,
					// Each file opens its own database; two at a time suits a two-core machine.
					maxWorkers: 2,
					// Files share their worker's loaded modules (the production build, PGlite's compiled WebAssembly): about 3 s
					// less per file. Each file still starts an app and a database of its own (ADR 050).
					isolate: false,
				},
			},
			{
				// Timing comparisons run after the rest, one file at a time: a neighbour's load would move their figures.
				test: {
					name: 'integration-timing',
					sequence: { groupOrder: 2 },
					include: TIMED,
					...INTEGRATION,
					maxWorkers: 1,
				},
			},
		],
	},
})
