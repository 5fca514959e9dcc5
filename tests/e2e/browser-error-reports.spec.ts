import { expect, type Page } from '@playwright/test'
import { laneTest as test } from './fixtures.ts'
import { signIn } from './helpers.ts'
import { reported } from './sentry-ingest.ts'

// The browser reports its errors to Sentry (the fake ingest of playwright.config.ts) masked as the server's are
// (app/lib/mask.ts, ADR 015). JavaScript only: without it there is nothing in the browser to report. The page errors
// are thrown on purpose, so this uses Playwright's own test, not the fixture that fails on them.

/** Throws an uncaught error in the page until the SDK (loaded on demand) has reported one; returns that event. */
async function reportFromPage(page: Page, message: string) {
	await expect
		.poll(
			async () => {
				await page.evaluate((text) => setTimeout(() => {
					throw new Error(text)
				}), message)
				return reported().events.some((event) => JSON.stringify(event.exception ?? '').includes(message))
			},
			{ timeout: 30_000 },
		)
		.toBe(true)
	return reported().events.find((event) => JSON.stringify(event.exception ?? '').includes(message))!
}

test('a browser error on a link with a token is reported without the token, the address or what was typed', async ({ page }) => {
	await page.goto('/auth/new-password?token=e2etokenmarker&email=e2emailmarker%40oakfield.test')
	const event = await reportFromPage(page, 'e2e browser error on the reset page')
	expect(event.environment).toBe('prod')
	expect((event.request as { url: string }).url).toMatch(/\/auth\/new-password\?token=\[Filtered\]&email=\[Filtered\]$/)
	await page.goto('/auth/forgot-password')
	await page.getByLabel('Email').fill('E2eTypedMarker@oakfield.test')
	await reportFromPage(page, 'e2e browser error after typing')
	const { raw } = reported()
	for (const secret of ['e2etokenmarker', 'e2emailmarker', 'E2eTypedMarker']) expect(raw).not.toContain(secret)
})

test('a signed-in browser reports the user by id only, no query value and no cookie', async ({ page, context }) => {
	await signIn(page, 'teacher@oakfield.test', { at: '/professional/students?q=e2esearchmarker' })
	const event = await reportFromPage(page, 'e2e browser error on a signed-in page')
	expect(event.user).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
	expect(event.tags).toMatchObject({ impersonated: 'no' })
	const { raw } = reported()
	expect(raw).not.toContain('e2esearchmarker')
	expect(raw).not.toContain('teacher@oakfield.test')
	for (const cookie of await context.cookies()) if (cookie.value.length >= 8) expect(raw).not.toContain(cookie.value)
})
