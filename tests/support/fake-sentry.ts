/**
 * A stand-in for Sentry's ingest on loopback: it records every envelope it is
 * sent, decoded, so tests can check what error reporting lets out.
 *
 * In a test: `const sentry = await startFakeSentry()`, give the app
 * `sentry.dsn`, then read `sentry.envelopes`. It listens in a child process of
 * its own, as Sentry is another machine: in the test's process, the app's
 * Sentry would trace the ingest's own requests and report those too. As a
 * script (the e2e web server, playwright.config.ts):
 *
 *     node tests/support/fake-sentry.ts --port 4202 --file .e2e-sentry.ndjson
 *
 * appends each envelope to the file as one JSON line and answers
 * `GET /healthz` once it listens.
 */
import { fork } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gunzipSync, inflateSync } from 'node:zlib'

export type EnvelopeItem = { type: string; payload: unknown }
export type Envelope = { header: Record<string, unknown>; items: EnvelopeItem[]; raw: string }

export type FakeSentry = {
	/** The DSN that sends here (its key is not a secret: Sentry's DSNs are public). */
	dsn: string
	port: number
	/** Every envelope received, oldest first. */
	envelopes: Envelope[]
	/** Resolves once `count` envelopes in all have arrived whose items match `match` (by default any). */
	waitFor(count: number, match?: (item: EnvelopeItem) => boolean, timeoutMs?: number): Promise<EnvelopeItem[]>
	close(): Promise<void>
}

/** Splits an envelope (a header line, then an item header line and a payload line per item) into its parts. */
export function parseEnvelope(raw: string): Envelope {
	const lines = raw.split('\n')
	const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>
	const items: EnvelopeItem[] = []
	for (let i = 1; i + 1 < lines.length; i += 2) {
		const itemHeader = lines[i]
		if (!itemHeader) continue
		const { type } = JSON.parse(itemHeader) as { type: string }
		const body = lines[i + 1] ?? ''
		let payload: unknown = body
		try {
			payload = JSON.parse(body)
		} catch {
			// An attachment or another non-JSON item: kept as text.
		}
		items.push({ type, payload })
	}
	return { header, items, raw }
}

/** Envelopes written by the script form (one JSON string a line), for tests that read its file. */
export function readEnvelopeFile(file: string): Envelope[] {
	let text = ''
	try {
		text = readFileSync(file, 'utf8')
	} catch {
		return []
	}
	return text
		.split('\n')
		.filter(Boolean)
		.map((line) => parseEnvelope(JSON.parse(line) as string))
}

function decode(body: Buffer, encoding: string | undefined): string {
	if (encoding === 'gzip') return gunzipSync(body).toString('utf8')
	if (encoding === 'deflate') return inflateSync(body).toString('utf8')
	return body.toString('utf8')
}

/** The ingest itself: an HTTP server that hands each envelope, decoded, to `received`. */
async function listen(port: number, received: (raw: string) => void): Promise<{ port: number; close(): Promise<void> }> {
	const server = createServer((req, res) => {
		// The browser SDK posts from the app's origin.
		res.setHeader('Access-Control-Allow-Origin', '*')
		if (req.method === 'GET') {
			res.writeHead(req.url === '/healthz' ? 200 : 404).end()
			return
		}
		if (req.method === 'OPTIONS') {
			res.writeHead(204, { 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST' }).end()
			return
		}
		const chunks: Buffer[] = []
		req.on('data', (chunk: Buffer) => chunks.push(chunk))
		req.on('end', () => {
			received(decode(Buffer.concat(chunks), req.headers['content-encoding']))
			res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
		})
	})
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()))
	return {
		port: (server.address() as AddressInfo).port,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

type FromChild = { port: number } | { envelope: string }

export async function startFakeSentry(): Promise<FakeSentry> {
	const envelopes: Envelope[] = []
	const waiters = new Set<() => void>()
	const child = fork(fileURLToPath(import.meta.url), ['--ipc'], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
	const port = await new Promise<number>((resolve, reject) => {
		child.once('error', reject)
		child.once('exit', (code) => reject(new Error(`the fake Sentry ingest stopped (${code})`)))
		child.on('message', (message: FromChild) => {
			if ('port' in message) resolve(message.port)
			else {
				envelopes.push(parseEnvelope(message.envelope))
				for (const wake of waiters) wake()
			}
		})
	})
	child.removeAllListeners('exit')
	child.removeAllListeners('error')

	const matching = (match: (item: EnvelopeItem) => boolean) => envelopes.flatMap((envelope) => envelope.items.filter(match))
	return {
		dsn: `http://fakepublickey@127.0.0.1:${port}/1`,
		port,
		envelopes,
		waitFor(count, match = () => true, timeoutMs = 10_000) {
			return new Promise((resolve, reject) => {
				const check = () => {
					const found = matching(match)
					if (found.length < count) return
					waiters.delete(check)
					clearTimeout(timer)
					resolve(found)
				}
				const timer = setTimeout(() => {
					waiters.delete(check)
					reject(new Error(`the fake Sentry ingest received ${matching(match).length} of ${count} expected item(s)`))
				}, timeoutMs)
				waiters.add(check)
				check()
			})
		},
		close: () =>
			new Promise<void>((resolve) => {
				if (child.exitCode !== null || child.signalCode !== null) return resolve()
				child.once('exit', () => resolve())
				child.kill('SIGTERM')
			}),
	}
}

/** The item payloads of the envelopes, by type (`event`, `transaction`…). */
export function itemsOf(envelopes: Envelope[], type: string): Record<string, unknown>[] {
	return envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === type).map((item) => item.payload as Record<string, unknown>))
}

if (import.meta.main) {
	const { values } = parseArgs({ options: { port: { type: 'string' }, file: { type: 'string' }, ipc: { type: 'boolean' } } })
	const send = process.send?.bind(process)
	if (values.ipc && send) {
		// Forked by startFakeSentry: the port, then each envelope, to the parent.
		const ingest = await listen(0, (envelope) => send({ envelope } satisfies FromChild))
		send({ port: ingest.port } satisfies FromChild)
		process.on('disconnect', () => void ingest.close().then(() => process.exit(0)))
		process.on('SIGTERM', () => void ingest.close().then(() => process.exit(0)))
	} else if (values.port && values.file) {
		const file = values.file
		writeFileSync(file, '')
		const ingest = await listen(Number(values.port), (envelope) => appendFileSync(file, `${JSON.stringify(envelope)}\n`))
		console.log(`Fake Sentry ingest on http://fakepublickey@127.0.0.1:${ingest.port}/1, writing to ${file}`)
		const stop = () => void ingest.close().then(() => process.exit(0))
		process.on('SIGTERM', stop)
		process.on('SIGINT', stop)
	} else {
		console.error('usage: node tests/support/fake-sentry.ts --port PORT --file ENVELOPES.ndjson')
		process.exit(2)
	}
}
