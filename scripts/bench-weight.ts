/**
 * npm run bench:weight — the JavaScript and CSS each page makes a browser
 * download (gzipped, as served): the login page, the signed-in pages without
 * charts that each role opens most, and a page with charts, next to an empty
 * route of the same build (the framework's floor).
 * Budgets (scripts/bench/weight-budget.ts): login ≤ 130 KB of gzipped
 * JavaScript (issue 3); every signed-in page without charts ≤ 1.3 × the floor,
 * and charts only where drawn: Chromium loads each page until it is hydrated
 * and idle, and the chart library must be among its scripts on the charts page
 * and on no other (issue 16). Each page's files over the floor are listed,
 * biggest first. Exits 1 when a budget is missed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { withCheckLetter } from '#app/lib/upn.ts'
import { buildIfNeeded } from './build-if-needed.js'
import { signIn, signInWithCode, waitFor } from './bench/http.ts'
import { LOGIN_BUDGET_KB, missed, SIGNED_IN_FACTOR, verdicts, type PageKind } from './bench/weight-budget.ts'
import { requireChromium } from './find-chromium.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4391)
const BASE = `http://127.0.0.1:${PORT}`
const OUTBOX = mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-'))
// A demo student with complete feedback (the one tests/e2e/comparison-chart.spec.ts uses).
const STUDENT_UPN = withCheckLetter('330240000018')
// The class apexcharts gives every chart it draws: only the library's own code holds it, whatever its chunk is named.
const CHART_LIBRARY_MARK = 'apexcharts-canvas'
/** Each script's text, by address, fetched once for every page that loads it. */
const scriptTexts = new Map<string, Promise<string>>()

buildIfNeeded()
const server = spawn(process.execPath, ['server.js'], {
	env: { ...process.env, PORT: String(PORT), DATABASE_URL: 'pglite://memory', NODE_ENV: 'production', MAIL_OUTBOX_DIR: OUTBOX },
	stdio: ['ignore', 'ignore', 'inherit'],
})

let browser: Browser | undefined
try {
	await waitFor(`${BASE}/healthz`)
	// The platform admin signs in with the e-mailed code; school staff with the password alone.
	const admin = await signInWithCode(BASE, OUTBOX, 'admin@spencer.test')
	const office = await signIn(BASE, 'office@oakfield.test')
	const senco = await signIn(BASE, 'senco@oakfield.test')
	const found = await (await fetch(`${BASE}/need-manager/students?q=${STUDENT_UPN}`, { headers: { Cookie: senco } })).text()
	const studentId = /href="\/students\/profile\/([0-9a-f-]{36})"/.exec(found)?.[1]
	if (!studentId) throw new Error(`no demo student ${STUDENT_UPN} in the need manager's list`)
	const pages: { name: string; path: string; cookie: string; kind: PageKind }[] = [
		{ name: 'floor (empty route)', path: '/bench/floor', cookie: '', kind: 'floor' },
		{ name: 'login', path: '/auth/login', cookie: '', kind: 'login' },
		{ name: 'schools list', path: '/spencer-admin/schools', cookie: admin, kind: 'signed-in' },
		{ name: 'students list', path: '/school-admin/students/list', cookie: office, kind: 'signed-in' },
		{ name: 'need manager home', path: '/need-manager/home', cookie: senco, kind: 'signed-in' },
		// The profile shows its bands as a table: the charts are the analysis' and the comparison's.
		{ name: 'student profile', path: `/students/profile/${studentId}`, cookie: senco, kind: 'signed-in' },
		{ name: 'student analysis', path: `/students/profile/${studentId}/analysis`, cookie: senco, kind: 'charts' },
	]

	browser = await chromium.launch({ executablePath: requireChromium().path })
	const rows = []
	for (const page of pages) rows.push({ ...page, ...(await weigh(page.path, page.cookie)), charts: await loadsChartLibrary(browser, page.path, page.cookie) })
	const results = verdicts(rows)
	const floor = rows.find((row) => row.kind === 'floor')!

	console.log('\nPage weight, gzipped (as served by compression), production build\n')
	console.log(pad('page', 22) + pad('path', 40) + pad('JS KB', 8) + pad('CSS KB', 8) + pad('over floor', 12) + pad('JS budget', 18) + 'chart library')
	rows.forEach((row, index) => {
		const { budgetKb, overBudget, chartsWrong } = results[index]!
		const budget = budgetKb === null ? '' : `${budgetKb} KB ${overBudget ? 'OVER' : 'ok'}`
		const charts = `${row.charts ? 'loaded' : 'not loaded'}${row.kind === 'floor' ? '' : chartsWrong ? ' WRONG' : ' ok'}`
		console.log(
			pad(row.name, 22) + pad(row.path.replace(studentId, ':id'), 40) + pad(kb(row.js), 8) + pad(kb(row.css), 8) + pad(`+${kb(row.js - floor.js)}`, 12) + pad(budget, 18) + charts,
		)
	})
	// What each page adds to the floor, file by file, biggest first: where to look when a page is over.
	for (const row of rows.filter((row) => row.kind !== 'floor')) {
		const added = [...row.files].filter(([url]) => !floor.files.has(url)).sort((a, b) => b[1] - a[1])
		console.log(`\n${row.name}: over the floor`)
		for (const [url, bytes] of added) console.log(`  ${pad(kb(bytes), 8)}${url}`)
		console.log(`  ${pad(kb(row.inline), 8)}inline scripts (loader data, hydration) vs ${kb(floor.inline)} on the floor`)
	}
	const failed = missed(results)
	console.log(`\nBudgets: login ≤ ${LOGIN_BUDGET_KB} KB, signed-in pages without charts ≤ ${SIGNED_IN_FACTOR} × the floor, the chart library only where charts are drawn: ${failed ? 'MISSED' : 'ok'}`)
	if (failed) process.exitCode = 1
} finally {
	await browser?.close()
	server.kill('SIGTERM')
}

/** A session cookie for an account that is sent a code: the password, then the code from the outbox. */
/** Every script and stylesheet the page's HTML asks for (module preloads, entry, styles), each gzipped once. */
async function weigh(pathname: string, cookie: string) {
	const html = await (await fetch(`${BASE}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} })).text()
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

/**
 * Whether Chromium, loading the page until it is hydrated and its network idle, downloads the chart library: what
 * the HTML asks for and every chunk imported after it (the library is imported on demand, never preloaded).
 */
async function loadsChartLibrary(browser: Browser, pathname: string, cookie: string): Promise<boolean> {
	// The session as a header on every request (a `__Host-` cookie cannot be given to the browser for a plain-HTTP address).
	const context = await browser.newContext({ extraHTTPHeaders: cookie ? { Cookie: cookie } : {} })
	try {
		const page = await context.newPage()
		const scripts = new Set<string>()
		page.on('request', (request) => {
			if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname)
		})
		const response = await page.goto(`${BASE}${pathname}`, { waitUntil: 'networkidle' })
		if (response?.status() !== 200 || new URL(page.url()).pathname !== pathname) throw new Error(`${pathname} answered ${response?.status()} at ${page.url()}`)
		await page.waitForFunction(() => performance.getEntriesByName('spencer:hydrated').length > 0)
		await page.waitForLoadState('networkidle')
		// The live charts come once a pointer is over a chart (ADR 058): a page that draws charts is pointed at.
		const chart = page.locator('[data-chart]').first()
		if (await chart.count()) {
			await chart.hover()
			await page.waitForLoadState('networkidle')
		}
		for (const url of scripts) {
			if (!scriptTexts.has(url)) scriptTexts.set(url, fetch(`${BASE}${url}`).then((answer) => answer.text()))
			if ((await scriptTexts.get(url)!).includes(CHART_LIBRARY_MARK)) return true
		}
		return false
	} finally {
		await context.close()
	}
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
