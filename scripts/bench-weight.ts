/**
 * npm run bench:weight — the JavaScript and CSS each page makes a browser
 * download (gzipped, as served), for the login page and a signed-in page,
 * next to an empty route of the same build (the framework's floor).
 * Budgets: login ≤ 130 KB of gzipped JavaScript (issue 3); a signed-in page
 * without charts ≤ 1.3 × the floor (issue 16). Each page's files over the
 * floor are listed, biggest first.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { buildIfNeeded } from './build-if-needed.js'
import { postPassword, sessionOf, waitFor } from './bench/http.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4391)
const BASE = `http://127.0.0.1:${PORT}`
/** KB of gzipped JavaScript, or a function of the floor's (issue 16: a signed-in page ≤ 1.3 × the floor). */
const BUDGETS: Record<string, number | ((floorKb: number) => number)> = { login: 130, 'signed-in list': (floorKb) => Math.round(floorKb * 1.3 * 10) / 10 }
const OUTBOX = mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-'))

buildIfNeeded()
const server = spawn(process.execPath, ['server.js'], {
	env: { ...process.env, PORT: String(PORT), DATABASE_URL: 'pglite://memory', NODE_ENV: 'production', MAIL_OUTBOX_DIR: OUTBOX },
	stdio: ['ignore', 'ignore', 'inherit'],
})

try {
	await waitFor(`${BASE}/healthz`)
	// The platform admin's schools list: a paginated, sortable table (the admin signs in with the e-mailed code).
	const cookie = await signIn('admin@spencer.test', 'Spencer!2026')
	const pages = [
		{ name: 'floor (empty route)', path: '/bench/floor', cookie: '' },
		{ name: 'login', path: '/auth/login', cookie: '' },
		{ name: 'signed-in list', path: '/spencer-admin/schools', cookie },
	]
	const rows = []
	for (const page of pages) rows.push({ ...page, ...(await weigh(page.path, page.cookie)) })
	const floor = rows[0]!
	console.log('\nPage weight, gzipped (as served by compression), production build\n')
	console.log(pad('page', 22) + pad('path', 26) + pad('JS KB', 10) + pad('CSS KB', 10) + pad('JS over floor', 16) + 'budget')
	const budgetOf = (name: string) => {
		const budget = BUDGETS[name]
		return typeof budget === 'function' ? budget(floor.js / 1024) : budget
	}
	for (const row of rows) {
		const budget = budgetOf(row.name)
		const verdict = budget === undefined ? '' : `${budget} KB ${row.js <= budget * 1024 ? 'ok' : 'OVER'}`
		console.log(
			pad(row.name, 22) + pad(row.path, 26) + pad(kb(row.js), 10) + pad(kb(row.css), 10) + pad(`+${kb(row.js - floor.js)}`, 16) + verdict,
		)
	}
	// What each page adds to the floor, file by file, biggest first: where to look when a page is over.
	for (const row of rows.slice(1)) {
		const added = [...row.files].filter(([url]) => !floor.files.has(url)).sort((a, b) => b[1] - a[1])
		console.log(`\n${row.name}: over the floor`)
		for (const [url, bytes] of added) console.log(`  ${pad(kb(bytes), 8)}${url}`)
		console.log(`  ${pad(kb(row.inline), 8)}inline scripts (loader data, hydration) vs ${kb(floor.inline)} on the floor`)
	}
	const over = rows.filter((row) => {
		const budget = budgetOf(row.name)
		return budget !== undefined && row.js > budget * 1024
	})
	if (over.length) process.exitCode = 1
} finally {
	server.kill('SIGTERM')
}

/** A session cookie: the password, then (for the platform admin) the code from the outbox. */
async function signIn(email: string, password: string): Promise<string> {
	const first = await postPassword(BASE, email, password)
	if (first.cookies.some((value) => value.includes('spencer_session=')) || !first.cookies.some((value) => value.includes('spencer_pending='))) {
		return sessionOf(first.cookies, email, first.status)
	}
	const mail = readdirSync(OUTBOX).filter((file) => file.endsWith('.eml')).sort().map((file) => readFileSync(path.join(OUTBOX, file), 'utf8')).filter((raw) => raw.includes(email) && raw.includes('sign-in code')).at(-1)
	const code = mail ? /\b(\d{6})\b/.exec(mail.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1] : undefined
	if (!code) throw new Error(`no sign-in code for ${email}`)
	const verified = await fetch(`${BASE}/auth/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE, Cookie: first.cookies.join('; ') },
		body: new URLSearchParams({ intent: 'code', code }),
	})
	return sessionOf(verified.headers.getSetCookie().map((value) => value.split(';')[0]!), email, verified.status)
}

/** Every script and stylesheet the page's HTML asks for (module preloads, entry, styles), each gzipped once. */
async function weigh(path: string, cookie: string) {
	const html = await (await fetch(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} })).text()
	const js = new Set<string>()
	const css = new Set<string>()
	for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) js.add(match[1]!)
	for (const match of html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="modulepreload"/g)) js.add(match[1]!)
	for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) js.add(match[1]!)
	for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) js.add(match[1]!)
	for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)) css.add(match[1]!)
	for (const match of html.matchAll(/<link[^>]+href="([^"]+\.css)"[^>]+rel="stylesheet"/g)) css.add(match[1]!)
	const inlineScripts = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join('')
	const files = await gzipped(js)
	const inline = gzipSync(inlineScripts).length
	return { js: sum(files) + inline, css: sum(await gzipped(css)), files, inline }
}

/** Each file's gzipped size, by address. */
async function gzipped(urls: Set<string>) {
	const sizes = new Map<string, number>()
	for (const url of urls) sizes.set(url, gzipSync(Buffer.from(await (await fetch(`${BASE}${url}`)).arrayBuffer())).length)
	return sizes
}

function sum(sizes: Map<string, number>) {
	return [...sizes.values()].reduce((total, size) => total + size, 0)
}

function kb(bytes: number) {
	return (bytes / 1024).toFixed(1)
}

function pad(text: string, width: number) {
	return text.padEnd(width)
}
