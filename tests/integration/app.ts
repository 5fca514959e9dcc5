import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Express } from 'express'
import { buildIfNeeded, SERVER_BUILD } from '../../scripts/build-if-needed.js'
import { inject } from 'vitest'
import { startFakeSentry, type FakeSentry } from '../support/fake-sentry.ts'
import { readOutbox, type Mail } from '../support/outbox.ts'
import { copyTemplate } from '../support/template-database.ts'

/**
 * The production build, served on a loopback port against a fresh database
 * with the demo seeded, in the production configuration (issue 12):
 * NODE_ENV=production, a real SESSION_SECRET, and error reporting on, to a
 * fake Sentry ingest of its own. Tests speak HTTP to it as a browser would,
 * through every middleware, guard and route.
 */
export type TestApp = {
	url: string
	/** Raw SQL on the app's database (the app owns the connection). */
	sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>
	/** Messages written to this app's outbox, oldest first. */
	outbox(): Mail[]
	/** The newest message that matches, waiting for the job that sends it (mail goes out after the response, ADR 019). */
	mail(matches: (mail: Mail) => boolean, timeoutMs?: number): Promise<Mail>
	/**
	 * The app's job system: sends a job (with pg-boss's send options); waits until no job is waiting or running (then
	 * what was queued has been done); stops and starts again taking a queue's jobs (what is sent meanwhile waits).
	 */
	jobs: {
		send(name: string, data?: object, options?: object): Promise<string | null>
		settled(timeoutMs?: number): Promise<void>
		pause(queue: string): Promise<void>
		resume(queue: string): Promise<void>
	}
	/** What the app reported to Sentry. */
	sentry: FakeSentry
	/** Changes the running app's configuration (what it reads per request, such as SMTP_URL); `undefined` unsets. */
	configure(overrides: Record<string, string | undefined>): void
	close(): Promise<void>
}

export type { Mail }

type Env = { database: { engine: string } }
type Spencer = {
	app: Express
	db: { orm: { em: { fork(): { execute<T>(sql: string, params?: unknown[]): Promise<T> } } }; close(): Promise<void> }
	jobs: { boss: { send(name: string, data: object, options?: object): Promise<string | null> }; pause(queue: string): Promise<void>; resume(queue: string): Promise<void> }
}
type Build = {
	createSpencer(env: Env, options?: { schedule?: boolean; database?: object }): Promise<Spencer>
	readEnv(source: Record<string, string | undefined>, options?: { serving?: boolean }): Env
	setEnv(env: Env): Env
}

/** `options.schedule: false` keeps the app from sending scheduled jobs (the due rounds) while a test watches what a page writes. */
export async function startApp(env: Record<string, string> = {}, options: { schedule?: boolean } = {}): Promise<TestApp> {
	buildIfNeeded({ quiet: true })
	const outboxDir = mkdtempSync(path.join(tmpdir(), 'spencer-outbox-'))
	const sentry = await startFakeSentry()

	// A copy of the run's migrated and seeded demo database (tests/setup/build.ts); the app finds both done.
	const { databaseUrl, database, drop } = await copyTemplate(inject('databaseTemplate'), outboxDir)
	const { createSpencer, readEnv, setEnv } = (await import(/* @vite-ignore */ path.resolve(SERVER_BUILD))) as Build
	// Read by the build's own reader, as `npm start` reads the environment: a value the app refuses fails here.
	const source: Record<string, string | undefined> = {
		SESSION_SECRET: randomBytes(32).toString('hex'),
		// Required on PostgreSQL in production; set to the app's own address once it listens.
		APP_URL: 'http://127.0.0.1',
		SENTRY_DSN: sentry.dsn,
		SENTRY_RELEASE: 'test',
		...env,
		// The build runs as in production: __Host- cookies, Secure, HSTS, the secret required on PostgreSQL.
		NODE_ENV: 'production',
		SEED_DEMO: '1',
		MAIL_OUTBOX_DIR: outboxDir,
		DATABASE_URL: databaseUrl,
	}
	const spencer = await createSpencer(readEnv(source), { ...options, database })
	const server = spencer.app.listen(0, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', () => resolve()))
	const { port } = server.address() as AddressInfo
	if (!env.APP_URL) setEnv(readEnv(Object.assign(source, { APP_URL: `http://127.0.0.1:${port}` })))

	const sql = <T>(query: string, params?: unknown[]) => spencer.db.orm.em.fork().execute<T[]>(query, params)
	const outbox = (): Mail[] => readOutbox(outboxDir)
	return {
		url: `http://127.0.0.1:${port}`,
		sql,
		outbox,
		async mail(matches, timeoutMs = 15_000) {
			return waitFor(() => outbox().filter(matches).at(-1), timeoutMs, 'the mail')
		},
		jobs: {
			send: (name, data = {}, options = {}) => spencer.jobs.boss.send(name, data, options),
			pause: (queue) => spencer.jobs.pause(queue),
			resume: (queue) => spencer.jobs.resume(queue),
			async settled(timeoutMs = 15_000) {
				const open = async () => (await sql<{ n: number }>("select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')"))[0]!.n
				await waitFor(async () => (await open()) === 0 || undefined, timeoutMs, 'the jobs to end')
			},
		},
		sentry,
		configure(overrides) {
			Object.assign(source, overrides)
			// Every value is checked; what only starting a server requires was checked at its start (ADR 090), so a test
			// may take SESSION_SECRET away from the running app, as an instance without one reads its secrets.
			setEnv(readEnv(source, { serving: false }))
		},
		async close() {
			await new Promise<void>((resolve) => server.close(() => resolve()))
			server.closeAllConnections()
			await spencer.db.close()
			await drop()
			await sentry.close()
			rmSync(outboxDir, { recursive: true, force: true })
		},
	}
}

/** What `probe` finds once it finds something, asked every 25 ms (the job system runs in the background, ADR 019). */
async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
	const until = Date.now() + timeoutMs
	for (;;) {
		const found = await probe()
		if (found !== undefined) return found
		if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 25))
	}
}


/** A cookie jar and a fetch that keeps it, like one browser. */
export class Browser {
	readonly cookies = new Map<string, string>()
	lastSetCookies: string[] = []
	readonly app: TestApp
	readonly headers: Record<string, string>
	constructor(app: TestApp, headers: Record<string, string> = {}) {
		this.app = app
		this.headers = headers
	}

	async request(pathname: string, init: RequestInit & { form?: Record<string, string>; json?: unknown } = {}) {
		const headers = new Headers(init.headers)
		for (const [name, value] of Object.entries(this.headers)) headers.set(name, value)
		if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
		let body = init.body
		if (init.form) {
			body = new URLSearchParams(init.form)
			headers.set('Content-Type', 'application/x-www-form-urlencoded')
			headers.set('Origin', this.app.url)
		}
		if (init.json !== undefined) {
			body = JSON.stringify(init.json)
			headers.set('Content-Type', 'application/json')
		}
		const response = await fetch(`${this.app.url}${pathname}`, { ...init, body, headers, redirect: 'manual' })
		this.lastSetCookies = response.headers.getSetCookie()
		for (const cookie of this.lastSetCookies) {
			const [pair = '', ...attributes] = cookie.split(';')
			const index = pair.indexOf('=')
			const name = pair.slice(0, index).trim()
			const value = pair.slice(index + 1).trim()
			const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === ''
			if (expired) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
		return response
	}

	post(pathname: string, form: Record<string, string>) {
		return this.request(pathname, { method: 'POST', form })
	}

	/** Password step (and the code step, read from the outbox, when the account has one). */
	async signIn(email: string, password = 'Spencer!2026') {
		const response = await this.post('/auth/login', { intent: 'password', email, password })
		if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
		if (this.cookies.has('__Host-spencer_pending')) {
			const code = latestCode(this.app, email)
			const verified = await this.post('/auth/login', { intent: 'code', code })
			if (verified.status !== 302) throw new Error(`code step answered ${verified.status}`)
			return verified
		}
		return response
	}
}

export function latestCode(app: TestApp, email: string): string {
	const mail = app.outbox().filter((message) => message.to.includes(email) && /sign-in code/.test(message.subject)).at(-1)
	const code = mail ? /\b(\d{6})\b/.exec(mail.body)?.[1] : undefined
	if (!code) throw new Error(`no sign-in code mailed to ${email}`)
	return code
}

/** An SMTP address nothing listens at (a loopback port opened and closed again): every mail sent to it is refused. */
export async function refusingSmtpUrl(): Promise<string> {
	const closed = createServer()
	await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()))
	const { port } = closed.address() as AddressInfo
	await new Promise<void>((resolve) => closed.close(() => resolve()))
	return `smtp://127.0.0.1:${port}`
}
