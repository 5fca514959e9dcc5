import { expect } from 'vitest'
import type { Browser } from './app.ts'

/** The page's text as a reader sees it: tags dropped, the entities React writes decoded. */
export function textOf(html: string) {
	return html
		.replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
		.replace(/<!--[\s\S]*?-->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ')
}

/** A page that must answer 200, as text. */
export async function page(browser: Browser, path: string) {
	const response = await browser.request(path)
	expect(response.status, path).toBe(200)
	return textOf(await response.text())
}

/** Posts a form and follows its redirect: the page it lands on (with its toast) as text. */
export async function postAndFollow(browser: Browser, path: string, form: Record<string, string>) {
	const response = await browser.post(path, form)
	expect(response.status, `${path} ${form.intent}`).toBe(302)
	const location = response.headers.get('Location') ?? ''
	return { location, text: await page(browser, location.replace(/#.*$/, '')) }
}

/**
 * A signed-in browser of another role is sent to its own area (`home`) from every path, both reading it and posting
 * `form` to it.
 */
export async function expectSentHome(browser: Browser, paths: string[], home: string, form: Record<string, string>) {
	for (const path of paths) {
		for (const response of [await browser.request(path), await browser.post(path, form)]) {
			expect(response.status, path).toBe(302)
			expect(response.headers.get('Location'), path).toMatch(new RegExp(`^${home}`))
		}
	}
}
