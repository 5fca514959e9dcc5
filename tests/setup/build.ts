import type { TestProject } from 'vitest/node'
import { buildIfNeeded } from '../../scripts/build-if-needed.js'
import { createTemplate, type DatabaseTemplate } from '../support/template-database.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		/** The migrated, seeded demo database each file's app starts from (tests/support/template-database.ts). */
		databaseTemplate: DatabaseTemplate
	}
}

type Made = { template: DatabaseTemplate; drop(): Promise<void> }
/** One template for the run, shared by the projects that set up with this file (integration and its timing files). */
const shared = globalThis as { spencerTemplate?: { made: Promise<Made>; users: number } }

/**
 * Integration tests that drive the app over HTTP use the production build: build it once, before any worker starts;
 * then migrate and seed the demo once, as the template every file's database is copied from. Each project runs its
 * own global setup, but they share one template: the last project's teardown drops it.
 */
export default async function setup(project: TestProject) {
	buildIfNeeded({ quiet: true })
	shared.spencerTemplate ??= { made: createTemplate(), users: 0 }
	const entry = shared.spencerTemplate
	entry.users += 1
	const { template, drop } = await entry.made
	project.provide('databaseTemplate', template)
	return async () => {
		entry.users -= 1
		if (entry.users > 0) return
		if (shared.spencerTemplate === entry) shared.spencerTemplate = undefined
		await drop()
	}
}
