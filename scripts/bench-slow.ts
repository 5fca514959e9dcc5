/**
 * npm run bench:slow — the pages staff use most, on a slow device and link
 * (issue 14, item 7): Playwright's Chromium (scripts/find-chromium.ts) with
 * the CPU slowed 6× and the network at 1.6 Mbps down, 750 kbps up and 150 ms
 * latency (Chrome DevTools Protocol throttling). Starts the production build
 * itself on an in-memory database with the demo seeded (port BENCH_PORT,
 * default 4393) and loads each page BENCH_N times (default 3), each time in a
 * fresh browser context (nothing cached: a first visit, or the first after a deploy).
 *
 * Prints, per page, the median (and worst) of: first contentful paint;
 * hydration (the root's `spencer:hydrated` performance mark, root.tsx); the
 * time every chart is drawn (each chart's reserved box holds its picture's
 * bars or slices, ChartPicture, or apexcharts' series; never before the first
 * paint, since nothing is seen before it); the time every chart is live
 * (apexcharts' series in each box, with tooltips) once a pointer has come over
 * a chart, counted from that moment (ADR 058: the bench points at the first
 * chart as soon as the page has hydrated); and the cumulative layout shift
 * (PerformanceObserver `layout-shift` entries without recent input, up to one
 * second after the last of these). Targets: the charts of the analysis and the
 * comparison ≤ 3 s and every page's CLS ≤ 0.02, by the medians; exits 1 when
 * either is missed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { withCheckLetter } from '#app/lib/upn.ts'
import { DEMO_PASSWORD, signIn, waitFor } from './bench/http.ts'
import { buildIfNeeded } from './build-if-needed.js'
import { requireChromium } from './find-chromium.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4393)
const BASE = `http://127.0.0.1:${PORT}`
// The browser's address: localhost, a secure context where the session's Secure cookie is kept.
const PAGE_BASE = `http://localhost:${PORT}`
const RUNS = Number(process.env.BENCH_N ?? 3)
const CHARTS_TARGET_MS = 3000
const CLS_TARGET = 0.02
const CPU_SLOWDOWN = 6
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 }
// A demo student with complete feedback (the one tests/e2e/comparison-chart.spec.ts uses).
const ANALYSIS_UPN = withCheckLetter('330240000018')

type Sample = { paint: number; hydrated: number; charts: number | null; live: number | null; cls: number }

buildIfNeeded()
const server = spawn(process.execPath, ['server.js'], {
	env: {
		...process.env,
		PORT: String(PORT),
		DATABASE_URL: 'pglite://memory',
		NODE_ENV: 'production',
		MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'spencer-bench-outbox-')),
		AUTH_POSTS_PER_MINUTE: '1000',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
})

let browser: Browser | undefined
try {
	await waitFor(`${BASE}/healthz`)
	const senco = await signIn(BASE, 'senco@oakfield.test')
	const found = await (await fetch(`${BASE}/need-manager/students?q=${ANALYSIS_UPN}`, { headers: { Cookie: senco } })).text()
	const studentId = /href="\/students\/profile\/([0-9a-f-]{36})"/.exec(found)?.[1]
	if (!studentId) throw new Error(`no demo student ${ANALYSIS_UPN} in the need manager's list`)

	browser = await chromium.launch({ executablePath: requireChromium().path })
	const pages = [
		{ name: 'login', path: '/auth/login', email: '', charts: false },
		{ name: 'students list (school admin)', path: '/school-admin/students/list', email: 'office@oakfield.test', charts: false },
		{ name: 'student analysis', path: `/students/profile/${studentId}/analysis`, email: 'senco@oakfield.test', charts: true },
		{ name: 'student comparison', path: `/students/profile/${studentId}/comparison`, email: 'senco@oakfield.test', charts: true },
	]
	console.log(`\nSlow device: CPU ${CPU_SLOWDOWN}× slower, 1.6 Mbps down / 750 kbps up / 150 ms; production build, ${RUNS} cold loads each\n`)
	console.log('Each figure: median / worst, in ms from the start of navigation (CLS: unitless)\n')
	console.log(`${'page'.padEnd(32)}${'paint ms'.padEnd(14)}${'hydrated ms'.padEnd(14)}${'charts ms'.padEnd(14)}${'live after ms'.padEnd(14)}CLS (median / worst)`)
	let missed = false
	for (const page of pages) {
		const samples: Sample[] = []
		for (let run = 0; run < RUNS; run++) samples.push(await load(browser, page.path, page.email, page.charts))
		const charts = page.charts ? samples.map((sample) => sample.charts ?? Infinity) : null
		const live = page.charts ? samples.map((sample) => sample.live ?? Infinity) : null
		const cls = samples.map((sample) => sample.cls)
		console.log(
			page.name.padEnd(32) +
				stat(samples.map((sample) => sample.paint)).padEnd(14) +
				stat(samples.map((sample) => sample.hydrated)).padEnd(14) +
				(charts ? stat(charts) : '–').padEnd(14) +
				(live ? stat(live) : '–').padEnd(14) +
				`${median(cls).toFixed(3)} / ${Math.max(...cls).toFixed(3)}`,
		)
		if (charts && median(charts) > CHARTS_TARGET_MS) missed = true
		if (median(cls) > CLS_TARGET) missed = true
	}
	console.log(`\nTargets: charts (analysis, comparison) ≤ ${CHARTS_TARGET_MS} ms, CLS ≤ ${CLS_TARGET} (medians): ${missed ? 'MISSED' : 'ok'}`)
	if (missed) process.exitCode = 1
} finally {
	await browser?.close()
	server.kill('SIGTERM')
}

/** One cold load of the page under throttling: its paint, hydration, charts and layout shift (ms from navigation start). */
async function load(browser: Browser, pathname: string, email: string, charts: boolean): Promise<Sample> {
	const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
	try {
		await context.addInitScript(() => {
			const state = { cls: 0, charts: null as number | null, live: null as number | null, lastShift: 0 }
			Object.assign(window, { __bench: state })
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
					if (entry.hadRecentInput) continue
					state.cls += entry.value
					state.lastShift = entry.startTime
				}
			}).observe({ type: 'layout-shift', buffered: true })
			// Drawn: every chart's reserved box (ApexChart.tsx) holds its picture's bars or slices, or apexcharts' series.
			// Live: apexcharts' series in every box.
			new MutationObserver(() => {
				const plots = [...document.querySelectorAll<HTMLElement>('[data-chart-plot]')].filter((plot) => plot.style.minHeight)
				if (!plots.length) return
				const now = performance.now()
				if (state.charts === null && plots.every((plot) => plot.querySelector('[data-chart-picture] :is(rect, path, circle), .apexcharts-series'))) state.charts = now
				if (state.live === null && plots.every((plot) => plot.querySelector('.apexcharts-series'))) state.live = now
			}).observe(document, { childList: true, subtree: true })
		})
		const page = await context.newPage()
		const cdp = await context.newCDPSession(page)
		await cdp.send('Network.enable')
		if (email) {
			// Signed in through the form at full speed (the session cookie is a Secure `__Host-` one the browser must set itself).
			await page.goto(`${PAGE_BASE}/auth/login`)
			await page.getByLabel('Email', { exact: true }).fill(email)
			await page.getByLabel('Password').fill(DEMO_PASSWORD)
			await page.getByRole('button', { name: 'Sign in' }).click()
			await page.getByRole('navigation', { name: 'Main' }).waitFor()
			// …and then nothing cached: the measured load is a first visit's.
			await cdp.send('Network.clearBrowserCache')
		}
		await cdp.send('Network.emulateNetworkConditions', NETWORK)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
		const response = await page.goto(`${PAGE_BASE}${pathname}`, { waitUntil: 'load', timeout: 120_000 })
		if (response?.status() !== 200 || !page.url().endsWith(pathname)) throw new Error(`${pathname} answered ${response?.status()} at ${page.url()}`)
		await page.waitForFunction(() => performance.getEntriesByName('spencer:hydrated').length > 0, null, { timeout: 120_000, polling: 50 })
		if (charts) {
			// A pointer comes over the first chart (sent by script: a real one would hide the swap's layout shifts as input's).
			await page.evaluate(() => {
				Object.assign((window as unknown as { __bench: object }).__bench, { pointed: performance.now() })
				document.querySelector('[data-chart]')!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }))
			})
			await page.waitForFunction(() => (window as unknown as { __bench: { live: number | null } }).__bench.live !== null, null, { timeout: 120_000, polling: 50 })
		}
		// Late shifts (fonts, a chart's legend): a second of the page's time after the last event measured.
		await page.waitForTimeout(1000 * CPU_SLOWDOWN)
		return await page.evaluate(() => {
			const state = (window as unknown as { __bench: { cls: number; charts: number | null; live: number | null; pointed?: number } }).__bench
			const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
			// A chart in the HTML is seen at the first paint, not when the parser reached it.
			const charts = state.charts === null ? null : Math.max(state.charts, paint)
			const live = state.live === null || state.pointed === undefined ? null : state.live - state.pointed
			return { paint, hydrated: performance.getEntriesByName('spencer:hydrated')[0]!.startTime, charts, live, cls: state.cls }
		})
	} finally {
		await context.close()
	}
}

function median(values: number[]): number {
	const sorted = values.toSorted((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

function stat(values: number[]): string {
	return `${Math.round(median(values))} / ${Math.round(Math.max(...values))}`
}
