/**
 * Preloaded into the bench's server (`node --import`): records each statement
 * the server sends to PostgreSQL (its text and values) to BENCH_STATEMENT_LOG,
 * one JSON line each, while recording is on. SIGUSR2 turns recording on (a
 * new log, first line `{"recording":true}`) and off (last line
 * `{"recording":false}`). Off, the
 * only cost is one test of a boolean per statement. The bench alone uses it:
 * the values are the bench's generated data, and production never loads it.
 */
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import pg from 'pg'

export type RecordedStatement = { text: string; values: unknown[]; application: string }

export const RECORDER = new URL(import.meta.url).pathname

const log = process.env.BENCH_STATEMENT_LOG
if (log && process.argv.some((arg) => arg.endsWith('server.js'))) {
	let recording = false
	process.on('SIGUSR2', () => {
		recording = !recording
		;(recording ? writeFileSync : appendFileSync)(log, `${JSON.stringify({ recording })}\n`)
	})
	const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
	pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
		if (recording) {
			const [first, second] = args
			const config = typeof first === 'string' ? { text: first, values: Array.isArray(second) ? second : [] } : (first as { text?: string; values?: unknown[] })
			if (config?.text) {
				const statement: RecordedStatement = { text: config.text, values: config.values ?? (Array.isArray(second) ? second : []), application: (this as pg.Client & { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name ?? '' }
				appendFileSync(log, `${JSON.stringify(statement)}\n`)
			}
		}
		return query.apply(this, args)
	} as typeof pg.Client.prototype.query
}

/** Turns the server's recording on, runs `run`, turns it off: the statements sent meanwhile, apart from the job system's. */
export async function recordedDuring(log: string, serverPid: number, run: () => Promise<void>): Promise<RecordedStatement[]> {
	// The last recording's log goes first, so that the switch's new first line is the one waited for.
	rmSync(log, { force: true })
	await toggle(log, serverPid, true)
	try {
		await run()
	} finally {
		await toggle(log, serverPid, false)
	}
	return readFileSync(log, 'utf8')
		.trim()
		.split('\n').map((line) => JSON.parse(line) as RecordedStatement | { recording: boolean }).filter((entry): entry is RecordedStatement => 'text' in entry && entry.application !== 'spencer-jobs')
}

async function toggle(log: string, serverPid: number, on: boolean) {
	process.kill(serverPid, 'SIGUSR2')
	const until = Date.now() + 10_000
	for (;;) {
		try {
			const lines = readFileSync(log, 'utf8').trim().split('\n')
			if ((on ? lines[0] : lines.at(-1)) === JSON.stringify({ recording: on })) return
		} catch {
			// not written yet
		}
		if (Date.now() > until) throw new Error('the server did not switch its statement recorder')
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}
