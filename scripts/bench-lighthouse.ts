/**
 * npm run bench:lighthouse — Lighthouse (mobile, its default simulated throttling) on the login page, the school
 * admin's students list and a student's analysis page, served by the production build on its own in-memory database
 * with the demo seeded (port BENCH_PORT, default 4394), in the Chromium the tests use (scripts/find-chromium.ts).
 * Loads each page LIGHTHOUSE_RUNS times (3 unless set) and takes the run with the median performance score (ADR 083).
 * Prints that run's four category scores for each page, every run's performance score, and the audits that hold a
 * missed target down; the median run's full report is written to test-results/lighthouse/ (open it in the Lighthouse
 * viewer). Targets (issue 16): performance ≥ 98 and
 * accessibility 100 on each; exits 1 when one is missed.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type RunnerResult } from 'lighthouse'
import { withCheckLetter } from '../app/lib/upn.ts'
import { buildIfNeeded } from './build-if-needed.js'
import { signIn, waitFor } from './bench/http.ts'
import { requireChromium } from './find-chromium.ts'

const PORT = Number(process.env.BENCH_PORT ?? 4394)
const BASE = `http://localhost:${PORT}`
const REPORTS = 'test-results/lighthouse'
// Lighthouse's scores move between runs of one build; its authors advise the median of several (ADR 083).
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGETS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 98, accessibility: 100 }
// A demo student with complete feedback, whose analysis has charts (as in bench-slow.ts).
const ANALYSIS_UPN = withCheckLetter('330240000018')

buildIfNeeded()
const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-lighthouse-outbox-'))
const server = spawn(process.execPath, ['server.js'], {
	env: { ...process.env, PORT: String(PORT), DATABASE_URL: 'pglite://memory', NODE_ENV: 'production', MAIL_OUTBOX_DIR: outbox, AUTH_POSTS_PER_MINUTE: '1000' },
	stdio: ['ignore', 'ignore', 'inherit'],
})
let chrome: chromeLauncher.LaunchedChrome | undefined
try {
	await waitFor(`${BASE}/healthz`)
	const office = await signIn(BASE, 'office@oakfield.test')
	const senco = await signIn(BASE, 'senco@oakfield.test')
	const found = await (await fetch(`${BASE}/need-manager/students?q=${ANALYSIS_UPN}`, { headers: { Cookie: senco } })).text()
	const studentId = /href="\/students\/profile\/([0-9a-f-]{36})"/.exec(found)?.[1]
	if (!studentId) throw new Error(`no demo student ${ANALYSIS_UPN} in the need manager's list`)
	const pages = [
		{ name: 'login', path: '/auth/login', cookie: '' },
		{ name: 'students list', path: '/school-admin/students/list', cookie: office },
		{ name: 'student analysis', path: `/students/profile/${studentId}/analysis`, cookie: senco },
	]

	chrome = await chromeLauncher.launch({
		chromePath: requireChromium().path,
		chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
	})
	console.log('\nLighthouse, mobile with simulated throttling, production build (scores 0–100)\n')
	console.log('page'.padEnd(20) + CATEGORIES.map((category) => category.padEnd(16)).join(''))
	const missed: string[] = []
	const scriptsBeforePaint: string[] = []
	const runScores: string[] = []
	const hostSpeeds: number[] = []
	for (const page of pages) {
		// Each page loaded RUNS times; the run with the median performance score is the page's (ADR 083).
		const runs: RunnerResult[] = []
		for (let run = 0; run < RUNS; run++) {
			const result = await lighthouse(`${BASE}${page.path}`, {
				port: chrome.port,
				output: 'json',
				logLevel: 'error',
				onlyCategories: [...CATEGORIES],
				...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
			})
			if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
			if (result.lhr.runtimeError) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`)
			if (new URL(result.lhr.finalDisplayedUrl).pathname !== page.path.split('?')[0]) throw new Error(`${page.path} ended on ${result.lhr.finalDisplayedUrl}`)
			runs.push(result)
			hostSpeeds.push(result.lhr.environment.benchmarkIndex)
		}
		const performanceOf = (result: RunnerResult) => result.lhr.categories.performance?.score ?? 0
		const sorted = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b))
		const result = sorted[Math.floor(sorted.length / 2)]!
		runScores.push(`${page.name}: ${runs.map((run) => Math.round(performanceOf(run) * 100)).join(', ')} (median ${Math.round(performanceOf(result) * 100)})`)
		mkdirSync(REPORTS, { recursive: true })
		writeFileSync(path.join(REPORTS, `${page.name.replaceAll(' ', '-')}.json`), JSON.stringify(result.lhr))
		const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((result.lhr.categories[category]?.score ?? 0) * 100)]))
		console.log(page.name.padEnd(20) + CATEGORIES.map((category) => String(scores[category]).padEnd(16)).join(''))
		scriptsBeforePaint.push(`${page.name}: ${beforeFirstPaint(result.lhr)}`)
		for (const [category, target] of Object.entries(TARGETS)) {
			if (scores[category]! < target) {
				const failing = Object.values(result.lhr.audits)
					.filter((audit) => audit.score !== null && audit.score < 0.9 && result.lhr.categories[category]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
					.map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
				missed.push(`${page.name} ${category} ${scores[category]} < ${target}: ${failing.join(', ') || 'no single audit below 0.9'}`)
			}
		}
	}
	console.log('')
	console.log(`Performance in each of the ${RUNS} runs:\n  ${runScores.join('\n  ')}\n`)
	// Why the first paint's estimate can move between runs (ADR 079): the simulation holds the paint back by every
	// high-priority script that had arrived when the unthrottled load painted.
	console.log(`Scripts and the observed first paint (the median run):\n  ${scriptsBeforePaint.join('\n  ')}\n`)
	// Lighthouse slows the main-thread work it observes by a fixed 4×, whatever the host: the same page shows more
	// blocking time on a slower host. Its own measure of the host, per run, makes runs on different days comparable.
	const speeds = [...hostSpeeds].sort((a, b) => a - b)
	console.log(
		`This host's speed (Lighthouse's benchmarkIndex, higher is faster) over the ${speeds.length} runs: ` +
			`${Math.round(speeds[0]!)}–${Math.round(speeds.at(-1)!)}, median ${Math.round(speeds[Math.floor(speeds.length / 2)]!)}\n`,
	)
	if (missed.length) {
		console.log(`Missed:\n  ${missed.join('\n  ')}`)
		process.exitCode = 1
	} else {
		console.log('Every target met.')
	}
} finally {
	await chrome?.kill()
	server.kill('SIGTERM')
	rmSync(outbox, { recursive: true, force: true })
}

type NetworkRow = { resourceType?: string; priority?: string; networkEndTime?: number }

/**
 * The observed first paint, and how many of the page's scripts had arrived by then at high priority: the simulation
 * holds its first paint back by each of those (ADRs 079, 080): a run scores 96 or 100 on whether they came first.
 */
function beforeFirstPaint(lhr: RunnerResult['lhr']): string {
	const observed = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)?.items?.[0]?.observedFirstContentfulPaint
	const scripts = ((lhr.audits['network-requests']?.details as { items?: NetworkRow[] } | undefined)?.items ?? []).filter((row) => row.resourceType === 'Script')
	if (observed === undefined) return 'no observed first paint'
	const high = scripts.filter((row) => row.priority === 'High' || row.priority === 'VeryHigh')
	const arrived = high.filter((row) => (row.networkEndTime ?? Infinity) <= observed).length
	const simulated = Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0)
	return `painted at ${Math.round(observed)} ms unthrottled; ${scripts.length} scripts, ${high.length} at high priority, ${arrived} of those arrived before it; simulated first paint ${simulated} ms`
}
