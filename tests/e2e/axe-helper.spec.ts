import { test as base, expect } from '@playwright/test'
import { seriousViolations } from './fixtures.ts'

// The accessibility check itself must catch a violation, or a green suite proves nothing.
base('the axe helper reports serious violations', async ({ page }) => {
	await page.route('http://localhost/broken', (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: '<!doctype html><html lang="en"><title>Broken</title><main><input type="text"><img src="x.png"></main></html>',
		}),
	)
	await page.goto('http://localhost/broken')
	const findings = await seriousViolations(page)
	expect(findings.map((finding) => finding.id)).toEqual(expect.arrayContaining(['image-alt', 'label']))
})

// WCAG 2.5.3 (label in name) is an axe rule marked experimental, which runs only when named: the helper names it.
base('the axe helper reports an accessible name that does not contain the visible text', async ({ page }) => {
	await page.route('http://localhost/mismatch', (route) =>
		route.fulfill({
			contentType: 'text/html',
			body: '<!doctype html><html lang="en"><title>Mismatch</title><main><a href="/settings" aria-label="Profile settings">Sarah Collins</a></main></html>',
		}),
	)
	await page.goto('http://localhost/mismatch')
	const findings = await seriousViolations(page)
	expect(findings.map((finding) => finding.id)).toContain('label-content-name-mismatch')
})
