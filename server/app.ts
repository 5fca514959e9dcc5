import type { Options } from '@mikro-orm/core'
import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { RouterContextProvider } from 'react-router'
import { serverContext } from '#app/context.ts'
import { CROSS_SITE_REFUSED, isCrossSiteWrite } from '#app/services/csrf.server.ts'
import { forkEm, migrate, openDatabase, type Database } from '#app/services/database.server.ts'
import { readEnv, setEnv, startupWarnings, type Env } from '#app/services/env.server.ts'
import type { JobSystem } from '#app/services/job-queue.server.ts'
import { startJobs, type JobSettings } from '#app/services/jobs.server.ts'
import { initMonitoring, monitoringConfig } from '#app/services/monitoring.server.ts'
import { seedDemo } from '#app/services/seed.server.ts'
import { nosniff, requestGuards } from './request-guards.ts'

// server.js mounts it before the static files too: every response of any type carries it (ADR 018).
export { nosniff }

export type Spencer = { app: express.Express; db: Database; env: Env; jobs: JobSystem }

// Tests configure the built app with the build's own env module (tests/integration/app.ts).
export { readEnv, setEnv }

/**
 * Makes `env` the configuration (validated by readEnv), opens the database,
 * applies pending migrations, seeds the demo where docs/architecture.md#migrations-and-demo-data says to,
 * starts the job system, and returns the Express app that serves the routes.
 * `db.close()` stops the jobs before the database. `options.schedule: false`
 * keeps this instance from sending scheduled jobs; `options.database` adds to the
 * ORM's options (the integration tests start PGlite from a copy of a seeded one).
 */
export async function createSpencer(
	env: Env = readEnv(),
	options: { schedule?: JobSettings['schedule']; database?: Partial<Options> } = {},
): Promise<Spencer> {
	setEnv(env)
	for (const warning of startupWarnings(env)) console.warn(`Warning: ${warning}`)
	await initMonitoring(monitoringConfig(env))
	const db = await openDatabase(env.database, options.database)
	try {
		const applied = await migrate(db.orm)
		if (applied.length > 0) console.log(`Applied ${applied.length} migration(s): ${applied.join(', ')}`)
		if (env.database.engine === 'pglite' || env.SEED_DEMO === '1') {
			if (await seedDemo(forkEm(db.orm))) console.log('Seeded the demo data (password for every demo account: see README).')
		}
	} catch (error) {
		await db.close()
		throw error
	}

	// Imports, the due rounds and mail run in the background on the job system (ADR 019); closing the app stops it first.
	const jobs = await startJobs(db, {
		schedule: options.schedule ?? true,
		import: {
			// PGlite has one connection for the workers and the requests: a gap between batches lets pages load meanwhile.
			pauseMs: env.database.engine === 'pglite' ? 20 : 0,
			...(env.IMPORT_LEASE_SECONDS ? { leaseSeconds: Number(env.IMPORT_LEASE_SECONDS) } : {}),
			...(env.IMPORT_BATCH_SIZE ? { batchSize: Number(env.IMPORT_BATCH_SIZE) } : {}),
		},
	}).catch(async (error: unknown) => {
		await db.close()
		throw error
	})
	const closeDatabase = db.close
	db.close = async () => {
		await jobs.stop()
		await closeDatabase()
	}

	const app = express()
	app.disable('x-powered-by')
	app.use(nosniff)
	// Behind a load balancer, TRUST_PROXY=1 makes req.ip the client's address (for rate limits).
	if (env.TRUST_PROXY === '1') app.set('trust proxy', 1)
	// Cross-site writes are refused before any route sees them (docs/architecture.md#security).
	app.use((req, res, next) => {
		const ownOrigin = `${req.protocol}://${req.get('host')}`
		if (isCrossSiteWrite({ method: req.method, secFetchSite: req.get('sec-fetch-site'), origin: req.get('origin'), ownOrigin })) {
			res.status(403).json(CROSS_SITE_REFUSED)
			return
		}
		next()
	})
	// Bodies over their limit, unreadable addresses and content types are refused before React Router reads anything.
	app.use(requestGuards)
	// React Router derives its route tables from the build on every request when given a function: the built app
	// hands it the module once; the dev server keeps the function, so an edit is picked up without a restart.
	const build = env.NODE_ENV === 'development' ? () => import('virtual:react-router/server-build') : await import('virtual:react-router/server-build')
	app.use(
		createRequestHandler({
			build,
			getLoadContext: (req) =>
				new RouterContextProvider(new Map([[serverContext, { orm: db.orm, clientAddress: req.ip ?? 'unknown' }]])),
		}),
	)
	return { app, db, env, jobs }
}
