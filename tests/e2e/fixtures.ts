import { createHash } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page, type Route } from '@playwright/test'
import { AXE_CHECKED_DIR, currentLane } from './lanes.ts'

type AxeFinding = { url: string; id: string; impact: string; help: string; targets: string[] }

/**
 * axe with the given tags, plus the rules axe marks experimental that check a WCAG A/AA criterion and so run only
 * when named: `label-content-name-mismatch` (2.5.3, label in name: an accessible name must contain the visible text).
 * (`options` first: `withTags` adds to the options, and `options` would replace them.)
 *
 * In axe's single-run mode (`setLegacyMode`): its default runs each frame apart and then joins the results in a new
 * blank page, which costs a page per check (about 0.3 s of a 0.5–1 s check here; ADR 052). Spencer's screens hold no
 * frames, which is all that mode is for.
 */
export function axeBuilder(page: Page, tags: string[]) {
	return new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).withTags(tags).setLegacyMode(true)
}

/** Runs axe on the page as it is and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
	// The single-run mode (axeBuilder) sees the top document only: a frame would go unchecked.
	expect(page.frames().length, `${page.url()} holds a frame, which axeBuilder's single-run mode would not check`).toBe(1)
	const results = await axeBuilder(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
	return results.violations
		.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
		.map((violation) => ({
			url: page.url(),
			id: violation.id,
			impact: violation.impact ?? '',
			help: violation.help,
			targets: violation.nodes.map((node) => node.target.join(' ')),
		}))
}

/**
 * axe needs JavaScript in the page. With JavaScript off, the same HTML (less
 * its scripts, which could not run anyway) is checked in a mirror page at the
 * same URL, so styles and relative links resolve as they did. The mirror is
 * opened once per worker, before the first test that needs it: a page opened
 * mid-test takes the focus from the one the test is typing into. It shows one
 * page at a time: a check waits for the one before it (`turn`), with the page's
 * HTML read when its own load came.
 */
type AxeMirror = { page: Page | null; turn: Promise<unknown> }
async function seriousViolationsWithoutJavaScript(mirror: AxeMirror & { page: Page }, page: Page): Promise<AxeFinding[]> {
	const url = page.url()
	const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
	const serve = (route: Route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' })
	const check = mirror.turn.then(async () => {
		await mirror.page.route(url, serve)
		try {
			await mirror.page.goto(url)
			return (await seriousViolations(mirror.page)).map((finding) => ({ ...finding, url }))
		} finally {
			await mirror.page.unroute(url, serve)
			// Left blank between checks: the mirror lives as long as the worker, and a page left open keeps painting.
			await mirror.page.goto('about:blank').catch(() => {})
		}
	})
	mirror.turn = check.catch(() => {})
	return check
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
 * expects and names with `test.use({ expectedConsoleErrors: /…/ })`.
 */
export const test = laneTest.extend<{ page: Page; expectedConsoleErrors: RegExp | null }, { axeMirror: AxeMirror }>({
	expectedConsoleErrors: [null, { option: true }],
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
	page: async ({ page, browser, axeMirror, javaScriptEnabled, expectedConsoleErrors }, use) => {
		const findings: AxeFinding[] = []
		const consoleErrors: string[] = []
		const pending: Promise<void>[] = []
		if (javaScriptEnabled === false) axeMirror.page ??= await browser.newPage({ javaScriptEnabled: true, reducedMotion: 'reduce' })
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
		expect(findings, 'axe found serious or critical violations').toEqual([])
		expect(consoleErrors, 'the browser console reported errors').toEqual([])
	},
})

export { expect }
