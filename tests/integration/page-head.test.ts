import { createRequire } from 'node:module'
import path from 'node:path'
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

// ADR 089: the pages these tests read are rendered as `npm start` renders them, by React's production code. (Node reads
// the development files' exports without running them, so a file there is not proof: only one run is.)
test('pages are rendered by React’s production code, as npm start renders them', async () => {
	expect((await fetch(`${app.url}/auth/login`)).status).toBe(200)
	const require = createRequire(import.meta.url)
	// The packages' own files, which their exports do not name.
	const ran = (pkg: string, file: string) => require.cache[path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'cjs', file)]?.loaded === true
	for (const [pkg, build] of [['react', 'react'], ['react', 'react-jsx-runtime'], ['react-dom', 'react-dom-server.node']] as const) {
		expect(ran(pkg, `${build}.production.js`), build).toBe(true)
		expect(ran(pkg, `${build}.development.js`), build).toBe(false)
	}
})
