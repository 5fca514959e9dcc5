import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { inject } from 'vitest'
import type { DatabaseTarget } from '#app/services/env.server.ts'
import { SERVER_NODE_FLAGS } from '../../scripts/server-flags.js'
import { startFakeSentry } from '../support/fake-sentry.ts'
import { freePort } from '../support/free-port.ts'
import { admin } from '../support/template-database.ts'
import type { TestApp } from './app.ts'

/**
 * Real server processes (`node server.js`, the production build), for the tests of what happens to a process: a kill
 * (import-restart.test.ts), a stop (graceful-stop.test.ts). Each file makes its own set and calls `cleanup` after all.
 */
export function serverProcesses() {
	const cleanups: (() => Promise<void>)[] = []
	// One secret for every server of the set, as a deployment keeps it across a restart.
	const SESSION_SECRET = randomBytes(32).toString('hex')

	/**
	 * A database of its own, copied from the run's migrated and seeded template (tests/support/template-database.ts);
	 * `empty` (PostgreSQL): a new database with nothing in it.
	 */
	async function freshDatabase({ empty = false } = {}): Promise<{ url: string; target: DatabaseTarget }> {
		const template = inject('databaseTemplate')
		const serverUrl = process.env.TEST_DATABASE_URL
		if (template.engine === 'postgresql') {
			if (!serverUrl) throw new Error('a PostgreSQL template needs TEST_DATABASE_URL')
			const name = `spencer_restart_${randomBytes(6).toString('hex')}`
			await admin(serverUrl, empty ? `create database ${name}` : `create database ${name} template ${template.name}`)
			cleanups.push(() => admin(serverUrl, `drop database if exists ${name} with (force)`))
			const url = new URL(serverUrl)
			url.pathname = `/${name}`
			return { url: url.toString(), target: { engine: 'postgresql', url: url.toString() } }
		}
		// A folder, as `npm start` keeps it: the template's data unpacked into it, then closed for the servers to open.
		const dir = mkdtempSync(path.join(tmpdir(), 'spencer-restart-'))
		cleanups.push(async () => rmSync(dir, { recursive: true, force: true }))
		const unpacked = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(template.dump)]) })
		await unpacked.close()
		return { url: `pglite://${dir}`, target: { engine: 'pglite', dir } }
	}

	/**
	 * `node server.js` (the production build) on a free port, as `npm start` runs it (with its flags); `{ npmStart: true }`
	 * runs `npm start` itself, as a supervisor that knows only the script would.
	 */
	async function startServer(env: Record<string, string>, { npmStart = false } = {}): Promise<{ app: TestApp; process: ChildProcess; stop(): Promise<void> }> {
		const port = await freePort()
		const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-restart-outbox-'))
		const sentry = await startFakeSentry()
		cleanups.push(() => sentry.close())
		const child = spawn(npmStart ? 'npm' : process.execPath, npmStart ? ['start', '--silent'] : [...SERVER_NODE_FLAGS, 'server.js'], {
			env: {
				...process.env,
				PORT: String(port),
				NODE_ENV: 'production',
				SESSION_SECRET,
				APP_URL: `http://127.0.0.1:${port}`,
				SENTRY_DSN: sentry.dsn,
				SEED_DEMO: '1',
				MAIL_OUTBOX_DIR: outbox,
				AUTH_POSTS_PER_MINUTE: '1000',
				// The test's own settings last: they may change any of the above.
				...env,
			},
			stdio: ['ignore', 'ignore', 'pipe'],
		})
		let errors = ''
		child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
		const stop = async () => {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGTERM')
				await new Promise((resolve) => child.once('exit', resolve))
			}
			rmSync(outbox, { recursive: true, force: true })
		}
		cleanups.push(stop)
		const url = `http://127.0.0.1:${port}`
		const until = Date.now() + 120_000
		for (;;) {
			if (child.exitCode !== null) throw new Error(`the server stopped: ${errors}`)
			try {
				if ((await fetch(`${url}/healthz`)).ok) break
			} catch {
				// not listening yet
			}
			if (Date.now() > until) throw new Error(`the server did not start: ${errors}`)
			await new Promise((resolve) => setTimeout(resolve, 200))
		}
		// What reads or drives the app's own process is not reachable from here.
		const elsewhere = () => Promise.reject(new Error('this app runs in another process'))
		const app: TestApp = {
			url,
			sql: elsewhere,
			outbox: () => [],
			mail: elsewhere,
			jobs: {
				send: elsewhere,
				settled: elsewhere,
				pause: elsewhere,
				resume: elsewhere,
			},
			sentry,
			configure: () => {
				throw new Error('this app runs in another process')
			},
			close: stop,
		}
		return { app, process: child, stop }
	}

	/** Stops what the set started and removes what it made, newest first. */
	async function cleanup() {
		for (const step of cleanups.reverse()) await step()
	}

	return { freshDatabase, startServer, cleanup }
}
