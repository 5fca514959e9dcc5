import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type Page } from '@playwright/test'

type AxeFinding = { url: string; id: string; impact: string; help: string; targets: string[] }

/** Runs axe on the page as it is and returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
	const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
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
 * same URL, so styles and relative links resolve as they did.
 */
async function seriousViolationsWithoutJavaScript(browser: Browser, page: Page): Promise<AxeFinding[]> {
	const url = page.url()
	const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
	const mirror = await browser.newPage({ javaScriptEnabled: true })
	try {
		await mirror.route(url, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }))
		await mirror.goto(url)
		return (await seriousViolations(mirror)).map((finding) => ({ ...finding, url }))
	} finally {
		await mirror.close()
	}
}

/**
 * Every test gets a page that is checked by axe each time a document loads,
 * and fails on any console error or uncaught page error.
 */
export const test = base.extend<{ page: Page }>({
	page: async ({ page, browser, javaScriptEnabled }, use) => {
		const findings: AxeFinding[] = []
		const checked = new Set<string>()
		const consoleErrors: string[] = []
		const pending: Promise<void>[] = []

		const check = async () => {
			const url = page.url()
			if (checked.has(url) || !/^https?:/.test(url)) return
			const isHtml = await page
				.evaluate(() => document.contentType === 'text/html')
				.catch(() => false)
			if (!isHtml) return
			checked.add(url)
			try {
				findings.push(
					...(javaScriptEnabled === false
						? await seriousViolationsWithoutJavaScript(browser, page)
						: await seriousViolations(page)),
				)
			} catch {
				// The page navigated away mid-check: the next load is checked instead.
				checked.delete(url)
			}
		}
		page.on('load', () => pending.push(check()))
		page.on('console', (message) => {
			// A 4xx answer to a form post (a field error, a refused code) is the app working, not a script error.
			if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
				consoleErrors.push(message.text())
			}
		})
		page.on('pageerror', (error) => consoleErrors.push(error.message))

		await use(page)

		await Promise.all(pending)
		await check()
		expect(findings, 'axe found serious or critical violations').toEqual([])
		expect(consoleErrors, 'the browser console reported errors').toEqual([])
	},
})

export { expect }
