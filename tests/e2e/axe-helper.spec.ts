import { test as base, expect, type Page } from '@playwright/test'
import { openMirror, seriousViolations, seriousViolationsWithoutJavaScript } from './fixtures.ts'

/** Opens a page made of this HTML, at an address of its own. */
async function openHtml(page: Page, url: string, body: string) {
	await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body }))
	await page.goto(url)
}

// The accessibility check itself must catch a violation, or a green suite proves nothing.
base('the axe helper reports serious violations', async ({ page }) => {
	await openHtml(page, 'http://localhost/broken', '<!doctype html><html lang="en"><title>Broken</title><main><input type="text"><img src="x.png"></main></html>')
	const findings = await seriousViolations(page)
	expect(findings.map((finding) => finding.id)).toEqual(expect.arrayContaining(['image-alt', 'label']))
})

// WCAG 2.5.3 (label in name) is an axe rule marked experimental, which runs only when named: the helper names it.
base('the axe helper reports an accessible name that does not contain the visible text', async ({ page }) => {
	await openHtml(page, 'http://localhost/mismatch', '<!doctype html><html lang="en"><title>Mismatch</title><main><a href="/settings" aria-label="Profile settings">Sarah Collins</a></main></html>')
	const findings = await seriousViolations(page)
	expect(findings.map((finding) => finding.id)).toContain('label-content-name-mismatch')
})

// Without JavaScript, axe runs in the worker's mirror page on the page's HTML: the mirror must apply the page's
// stylesheets (colour contrast) and name the page's own address.
base('without JavaScript, the mirror checks the page’s HTML with its stylesheets', async ({ browser }) => {
	const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
	await openHtml(page, 'http://localhost/no-js', '<!doctype html><html lang="en"><title>Faint</title><link rel="stylesheet" href="/faint.css"><main><p class="faint">Hard to read</p><img src="x.png"></main></html>')
	const mirror = await openMirror(browser)
	await mirror.route('**/faint.css', (route) => route.fulfill({ contentType: 'text/css', body: '.faint { color: #ddd; background: #fff }' }))
	const findings = await seriousViolationsWithoutJavaScript({ page: mirror, turn: Promise.resolve() }, page)
	expect(findings.map((finding) => finding.id)).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']))
	expect(new Set(findings.map((finding) => finding.url))).toEqual(new Set(['http://localhost/no-js']))
	await mirror.close()
})
