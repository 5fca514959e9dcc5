import { defineConfig } from 'vitest/config'

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
					globalSetup: ['./tests/setup/build.ts'],
					setupFiles: ['./tests/setup/integration.ts', './tests/setup/console.ts'],
					environment: 'node',
					testTimeout: 60_000,
					hookTimeout: 120_000,
					// Each file opens its own database; two at a time suits a two-core machine.
					maxWorkers: 2,
				},
			},
		],
	},
})
