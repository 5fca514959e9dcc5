// Starts Spencer: the production build (built first when missing or stale),
// or the Vite dev server with NODE_ENV=development. Closes the database
// cleanly on SIGTERM and SIGINT.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import { buildIfNeeded, SERVER_BUILD } from './scripts/build-if-needed.js'

const DEVELOPMENT = process.env.NODE_ENV === 'development'
if (!DEVELOPMENT) process.env.NODE_ENV ??= 'production'

async function main() {
	const app = express()
	app.disable('x-powered-by')
	let devServer
	let entry
	if (DEVELOPMENT) {
		const vite = await import('vite')
		devServer = await vite.createServer({ server: { middlewareMode: true } })
		entry = await devServer.ssrLoadModule('./server/app.ts')
	} else {
		buildIfNeeded()
		entry = await import(path.resolve(SERVER_BUILD))
	}
	// First, so static files and Vite's answers carry it as well as the app's.
	app.use(entry.nosniff)
	// While draining after a SIGTERM (ADR 094): every page still answers, on a connection closed after it (a kept-alive
	// client opens its next one elsewhere), and /healthz says "stopping" so the load balancer stops sending here.
	let draining = false
	app.use((req, res, next) => {
		if (!draining) return next()
		res.setHeader('Connection', 'close')
		if (req.path !== '/healthz') return next()
		res.status(503).setHeader('Cache-Control', 'no-store').json({ status: 'stopping' })
	})
	app.use(compression())
	if (devServer) {
		app.use(devServer.middlewares)
	} else {
		app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
		// The build's other files (the favicon), asked for by name: a static middleware over every request would look on
		// disk for each page's path first (a stat per request, 2.5 % of the students list's CPU: ADR 053).
		const files = new Set(
			readdirSync('build/client', { recursive: true, withFileTypes: true })
				.filter((entry) => entry.isFile())
				.map((entry) => `/${path.relative('build/client', path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
				.filter((name) => !name.startsWith('/assets/')),
		)
		const buildFiles = express.static('build/client', { maxAge: '1h', index: false })
		app.use((req, res, next) => (files.has(req.path) ? buildFiles(req, res, next) : next()))
	}
	const spencer = await entry.createSpencer()
	app.use(spencer.app)

	// PORT as createSpencer read and checked it, with the rest of the configuration.
	const { PORT } = spencer.env
	const server = app.listen(PORT, () => {
		const engine = spencer.env.database.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'
		console.log(`Spencer is running on http://localhost:${PORT} (${engine})`)
	})
	// An idle kept-alive connection is closed by the client (browsers, proxies, fetch: seconds to a minute), not by the
	// server as the client sends on it: Node's 5 s would race a reverse proxy's 60 s pool and answer its request with a
	// reset (a 502 behind the proxy; an ECONNRESET an e2e run once met).
	server.keepAliveTimeout = 65_000
	server.headersTimeout = 66_000

	// A stop (a rolling restart's SIGTERM) loses no request begun: no new connection is taken, each open one is closed
	// once it has no request in hand, and the database is closed when the last has gone; connections still busy after
	// the grace period are cut (README: Deployment for scale).
	const GRACE_MS = 20_000
	let stopping = false
	const stop = async (signal) => {
		if (stopping) return
		stopping = true
		// A SIGTERM is a rolling restart's or an orchestrator's: before the port closes, the load balancer is given
		// STOP_DRAIN_SECONDS to see /healthz fail, since a connection it opens after the close but before it notices
		// would be reset unanswered (ADR 094). A SIGINT (Ctrl-C) stops at once.
		const drainSeconds = signal === 'SIGTERM' ? spencer.env.STOP_DRAIN_SECONDS : 0
		if (drainSeconds > 0) {
			draining = true
			console.log(`${signal}: answering for ${drainSeconds} s more while the load balancer stops sending here…`)
			await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000))
		}
		console.log(`${signal}: finishing the requests in hand, then closing the database…`)
		const closed = new Promise((resolve) => server.close(resolve))
		const idle = setInterval(() => server.closeIdleConnections(), 100)
		server.closeIdleConnections()
		const grace = setTimeout(() => server.closeAllConnections(), GRACE_MS)
		await closed
		clearInterval(idle)
		clearTimeout(grace)
		await spencer.db.close()
		process.exit(0)
	}
	process.on('SIGTERM', () => void stop('SIGTERM'))
	process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error) => {
	// Start-up errors (a bad DATABASE_URL, a folder in use) are for people: the message, not the stack.
	console.error(`Spencer could not start: ${error instanceof Error ? error.message : String(error)}`)
	process.exit(1)
})
