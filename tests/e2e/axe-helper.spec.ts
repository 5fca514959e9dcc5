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
