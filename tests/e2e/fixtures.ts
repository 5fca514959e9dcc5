import { createHash } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { test as base, expect, type Browser, type Page } from '@playwright/test'
import { AXE_CHECKED_DIR, currentLane } from './lanes.ts'

type AxeFinding = { url: string; id: string; impact: string; help: string; targets: string[] }
type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: (string | string[])[] }[] }

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe's violations on the page's document, for the given tags plus the rules axe marks experimental that check a WCAG
 * A/AA criterion and so run only when named: `label-content-name-mismatch` (2.5.3, label in name: an accessible name
 * must contain the visible text).
 *
 * axe-core is run here directly, injected once per document: `@axe-core/playwright` injected it twice per check and,
 * by default, joined each frame's results in a new blank page, about half of a check's time on this machine
 * (ADR 052). Its frame handling is all that is given up, and Spencer's screens hold no frame: a page with one fails.
 */
export async function axeViolations(page: Page, tags: string[]): Promise<AxeViolation[]> {
	expect(page.frames().length, `${page.url()} holds a frame, which axeViolations does not check`).toBe(1)
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
	return page.evaluate(
		(values) =>
			(window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe
				.run(document, { runOnly: { type: 'tag', values }, rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
				.then((results) => results.violations),
		tags,
	)
}

/** Runs axe on the page as it is and returns its serious and critical violations. */
export async function seriousViolations(page: Page, url = page.url()): Promise<AxeFinding[]> {
	const violations = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
	return violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => ({
			url,
			id: violation.id,
			impact: violation.impact ?? '',
			help: violation.help,
			targets: violation.nodes.map((node) => node.target.join(' ')),
		}))
}

/**
 * axe needs JavaScript in the page. With JavaScript off, the same HTML (less its scripts, which could not run anyway)
 * is checked in a mirror page on the same origin, so styles resolve as they did: one document per worker, opened
 * before the first test that needs it (a page opened mid-test takes the focus from the one the test is typing into),
 * with axe injected once, into which each check puts the page's HTML in place of the last. It shows one page at a
 * time: a check waits for the one before it (`turn`), with the page's HTML read when its own load came.
 */
export type AxeMirror = { page: Page | null; turn: Promise<unknown> }
const MIRROR_PATH = '/__axe-mirror'

export async function openMirror(browser: Browser): Promise<Page> {
	const mirror = await browser.newPage({ javaScriptEnabled: true, reducedMotion: 'reduce' })
	const address = `http://localhost:${currentLane().port}${MIRROR_PATH}`
	await mirror.route(address, (route) => route.fulfill({ body: '<!doctype html><html><head></head><body></body></html>', contentType: 'text/html; charset=utf-8' }))
	await mirror.goto(address)
	return mirror
}

/** Puts the HTML in the mirror's document and waits for its stylesheets; without HTML, empties it (an empty page paints nothing). */
const showInMirror = (mirror: Page, html: string) =>
	mirror.evaluate(async (markup) => {
		const next = new DOMParser().parseFromString(markup, 'text/html')
		document.replaceChild(document.adoptNode(next.documentElement), document.documentElement)
		const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet)
		await Promise.all(sheets.map((link) => new Promise((resolve) => ['load', 'error'].forEach((event) => link.addEventListener(event, resolve)))))
	}, html)

export async function seriousViolationsWithoutJavaScript(mirror: AxeMirror & { page: Page }, page: Page): Promise<AxeFinding[]> {
	const url = page.url()
	const check = async (html: string) => {
		const run = mirror.turn.then(async () => {
			try {
				await showInMirror(mirror.page, html)
				return await seriousViolations(mirror.page, url)
			} finally {
				await showInMirror(mirror.page, '').catch(() => {})
			}
		})
		mirror.turn = run.catch(() => {})
		return run
	}
	const first = await check(await wholeHtml(page, url))
	if (first.length === 0) return first
	// Found something: checked again from a fresh copy of the page, and only what both checks find is reported, so that a
	// copy taken as the page was changing can never be mistaken for the page (ADR 052).
	const again = new Set((await check(await wholeHtml(page, url))).map((finding) => `${finding.id} ${finding.targets.join(',')}`))
	return first.filter((finding) => again.has(`${finding.id} ${finding.targets.join(',')}`))
}

/** The page's HTML less its scripts, read only while the page is still the whole document at `url`; else it throws. */
async function wholeHtml(page: Page, url: string) {
	const complete = await page.evaluate(() => document.readyState === 'complete').catch(() => false)
	const html = complete ? await page.content() : ''
	if (!complete || page.url() !== url) throw new Error(`the page moved on from ${url}`)
	return html.replace(/<script\b[\s\S]*?<\/script>/gi, '')
}

/**
 * A page's state, for axe: the page's structure (each element's tag, classes, role and the attributes that change what
 * it is: invalid, open, expanded, hidden, current, disabled), text left out, and siblings of one structure counted
 * once. A screen is checked once per state in a run (checkedKey): the same list with other names or another number of
 * rows in it, or the same form opened by another test, is not checked again; the form with its errors shown is
 * (ADR 052). Null for what is not an HTML page.
 */
function pageState(): string | null {
	if (document.contentType !== 'text/html') return null
	const marks = ['aria-invalid', 'aria-expanded', 'aria-hidden', 'aria-current', 'aria-selected', 'open', 'hidden', 'disabled']
	const hash = (text: string) => {
		let value = 0
		for (let index = 0; index < text.length; index++) value = (Math.imul(value, 31) + text.charCodeAt(index)) | 0
		return (value >>> 0).toString(36)
	}
	const structure = (element: Element): string => {
		let own = `${element.tagName}.${element.getAttribute('class') ?? ''}[${element.getAttribute('role') ?? ''}]`
		for (const mark of marks) if (element.hasAttribute(mark)) own += ` ${mark}=${element.getAttribute(mark)}`
		// Each distinct child structure once, in the order first met: ten rows of a table read as one.
		const children = new Set(Array.from(element.children, structure))
		return hash(`${own}(${[...children].join(',')})`)
	}
	return structure(document.body)
}

/**
 * What the run has checked with axe, across its workers and projects (ADR 047): a file per page state, claimed by the
 * first worker to create it. An address's ids count as one (each student's profile is one screen), and so do its
 * query's values (a search for one name or another); a state is checked once with JavaScript and once without.
 */
const checkedKey = (javaScript: boolean, url: string, state: string) => {
	const { pathname, searchParams } = new URL(url)
	const screen = `${pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id')}?${[...new Set(searchParams.keys())].sort().join('&')}`
	return createHash('sha1').update(`${javaScript ? 'js' : 'no-js'} ${screen} ${state}`).digest('hex')
}
/** Claims a check for this worker; the file names the address and the test, for whoever wonders what was checked. */
function claimCheck(key: string, url: string): boolean {
	try {
		writeFileSync(path.join(AXE_CHECKED_DIR, key), `${url}\t${base.info().titlePath.join(' › ')}\n`, { flag: 'wx' })
		return true
	} catch {
		return false
	}
}
const releaseCheck = (key: string) => rmSync(path.join(AXE_CHECKED_DIR, key), { force: true })

/** Tests that bring their own page handling: only the address of their lane's server (tests/e2e/lanes.ts). */
export const laneTest = base.extend({
	// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
	baseURL: async ({}, use) => use(`http://localhost:${currentLane().port}`),
})

/**
 * Every test gets a page that is checked by axe each time a document loads,
 * and fails on any console error or uncaught page error, except those a test
 * expects and names with `test.use({ expectedConsoleErrors: /…/ })`, and any axe finding except one a decision
 * accepted for one screen, named with `test.use({ acceptedAxeFindings: [{ path, id }] })` beside its ADR.
 */
type AcceptedAxeFinding = { path: string; id: string }
export const test = laneTest.extend<{ page: Page; expectedConsoleErrors: RegExp | null; acceptedAxeFindings: AcceptedAxeFinding[] }, { axeMirror: AxeMirror }>({
	expectedConsoleErrors: [null, { option: true }],
	acceptedAxeFindings: [[], { option: true }],
	// The worker's mirror page for axe without JavaScript (seriousViolationsWithoutJavaScript), once it is needed.
	axeMirror: [
		// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none here
		async ({}, use) => {
			const holder: AxeMirror = { page: null, turn: Promise.resolve() }
			await use(holder)
			await holder.page?.close()
		},
		{ scope: 'worker' },
	],
	page: async ({ page, browser, axeMirror, javaScriptEnabled, expectedConsoleErrors, acceptedAxeFindings }, use) => {
		const findings: AxeFinding[] = []
		const consoleErrors: string[] = []
		const pending: Promise<void>[] = []
		if (javaScriptEnabled === false) axeMirror.page ??= await openMirror(browser)
		const mirror = javaScriptEnabled === false ? (axeMirror as AxeMirror & { page: Page }) : null

		// The addresses this test has loaded: the page as the test leaves it is checked only at an address none of its loads
		// reached (a state a test sets up with the clock stopped would hang axe, which waits on timers).
		const loaded = new Set<string>()
		const check = async (atEnd = false) => {
			const url = page.url()
			if (!/^https?:/.test(url) || (atEnd && loaded.has(url))) return
			loaded.add(url)
			const state = await page.evaluate(pageState).catch(() => null)
			if (state === null) return
			const key = checkedKey(javaScriptEnabled !== false, url, state)
			if (!claimCheck(key, url)) return
			try {
				findings.push(
					...(mirror ? await seriousViolationsWithoutJavaScript(mirror, page) : await seriousViolations(page)),
				)
			} catch {
				// The page navigated away mid-check: the next load is checked instead.
				releaseCheck(key)
				loaded.delete(url)
			}
		}
		page.on('load', () => pending.push(check()))
		page.on('console', (message) => {
			// A 4xx answer to a form post (a field error, a refused code) is the app working, not a script error.
			const text = message.text()
			if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(text) && !expectedConsoleErrors?.test(text)) {
				consoleErrors.push(text)
			}
		})
		page.on('pageerror', (error) => consoleErrors.push(error.message))

		await use(page)

		await Promise.all(pending)
		await check(true)
		const accepted = (finding: AxeFinding) => acceptedAxeFindings.some(({ path, id }) => new URL(finding.url).pathname === path && finding.id === id)
		expect(findings.filter((finding) => !accepted(finding)), 'axe found serious or critical violations').toEqual([])
		expect(consoleErrors, 'the browser console reported errors').toEqual([])
	},
})

export { expect }
