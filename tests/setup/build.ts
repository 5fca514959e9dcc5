import type { TestProject } from 'vitest/node'
import { buildIfNeeded } from '../../scripts/build-if-needed.js'
import { createTemplate, type DatabaseTemplate } from '../support/template-database.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		/** The migrated, seeded demo database each file's app starts from (tests/support/template-database.ts). */
		databaseTemplate: DatabaseTemplate
	}
}

/**
 * Integration tests that drive the app over HTTP use the production build: build it once, before any worker starts;
 * then migrate and seed the demo once, as the template every file's database is copied from.
 */
export default async function setup(project: TestProject) {
	buildIfNeeded({ quiet: true })
	const { template, drop } = await createTemplate()
	project.provide('databaseTemplate', template)
	return drop
}
