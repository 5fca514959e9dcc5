import { afterAll, beforeAll, expect, test } from 'vitest'
import { startApp, type TestApp } from './app.ts'

let app: TestApp
beforeAll(async () => {
	app = await startApp()
})
afterAll(() => app?.close())

// ADR 054: on a slow link the first paint waits for the stylesheet, so the head asks for it before the ~20 module
// preloads of the page's JavaScript, not behind them.
test('a page’s head lists its stylesheet before any module preload', async () => {
	const html = await (await fetch(`${app.url}/auth/login`)).text()
	const head = html.slice(0, html.indexOf('</head>'))
	const stylesheet = head.search(/<link[^>]+rel="stylesheet"/)
	const firstPreload = head.search(/<link[^>]+rel="modulepreload"/)
	expect(stylesheet).toBeGreaterThan(-1)
	expect(firstPreload).toBeGreaterThan(-1)
	expect(stylesheet).toBeLessThan(firstPreload)
})

// ADR 082: the page works before its JavaScript arrives, so its modules are asked for at low priority, behind the
// stylesheet and the first paint (Lighthouse's simulation held the paint back by every high-priority script).
test('every module preload of a page asks for low priority', async () => {
	const html = await (await fetch(`${app.url}/auth/login`)).text()
	const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)].map((match) => match[0])
	expect(preloads.length).toBeGreaterThan(5)
	for (const preload of preloads) expect(preload, preload).toMatch(/\sfetchpriority="low"/)
})
