import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { findChromium, MISSING_CHROMIUM, type Probe } from '../../scripts/find-chromium.ts'

/** A machine whose only runnable files are `present`. */
function probe(present: string[], env: Record<string, string | undefined> = {}, managed = '/home/me/.cache/ms-playwright/chrome'): Probe {
	return {
		env: { PATH: '/usr/local/bin:/usr/bin', ...env },
		isExecutable: (file) => present.includes(file),
		playwrightChromium: () => managed,
		locations: ['/usr/bin/chromium', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
	}
}

describe('which Chromium the end-to-end tests drive', () => {
	test('PLAYWRIGHT_CHROMIUM_PATH wins over everything', () => {
		const found = findChromium(probe(['/opt/my/chrome', '/usr/bin/chromium'], { PLAYWRIGHT_CHROMIUM_PATH: '/opt/my/chrome' }))
		expect(found).toEqual({ path: '/opt/my/chrome', source: 'PLAYWRIGHT_CHROMIUM_PATH' })
	})

	test('a PLAYWRIGHT_CHROMIUM_PATH that is not there is an error, not a silent fallback', () => {
		expect(() => findChromium(probe(['/usr/bin/chromium'], { PLAYWRIGHT_CHROMIUM_PATH: '/nope/chrome' }))).toThrow(
			/PLAYWRIGHT_CHROMIUM_PATH.*\/nope\/chrome/,
		)
	})

	test('then a browser on the PATH, in PATH order, before the usual locations', () => {
		const found = findChromium(probe(['/usr/local/bin/google-chrome', '/usr/bin/chromium']))
		expect(found).toEqual({ path: '/usr/local/bin/google-chrome', source: 'system' })
	})

	test('a headless shell before a full browser, wherever each is (ADR 049)', () => {
		const onPath = findChromium(probe(['/usr/local/bin/google-chrome', '/usr/bin/chromium', '/usr/bin/chromium-headless-shell']))
		expect(onPath).toEqual({ path: '/usr/bin/chromium-headless-shell', source: 'system' })
		const located = findChromium({ ...probe(['/usr/bin/chromium', '/opt/shell/chrome-headless-shell']), locations: ['/usr/bin/chromium', '/opt/shell/chrome-headless-shell'] })
		expect(located).toEqual({ path: '/opt/shell/chrome-headless-shell', source: 'system' })
	})

	test('then the usual locations (macOS Chrome, not on the PATH)', () => {
		const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
		expect(findChromium(probe([mac], { PATH: '/opt/homebrew/bin' }))).toEqual({ path: mac, source: 'system' })
	})

	test("then Playwright's own Chromium, when it is installed", () => {
		const managed = '/home/me/.cache/ms-playwright/chrome'
		expect(findChromium(probe([managed], { PATH: '' }))).toEqual({ path: managed, source: 'playwright' })
		expect(findChromium(probe([], { PATH: '' }))).toBeNull()
	})
})

test('with no Chromium anywhere, npm run test:e2e says what to install and exits non-zero before any e2e test starts', () => {
	const empty = mkdtempSync(path.join(tmpdir(), 'no-browser-'))
	const npmCli = realpathSync(execFileSync('which', ['npm'], { encoding: 'utf8' }).trim())
	// npm runs scripts with sh, the one program on this PATH.
	const bin = path.join(empty, 'bin')
	mkdirSync(bin)
	symlinkSync('/bin/sh', path.join(bin, 'sh'))
	const result = spawnSync(process.execPath, [npmCli, 'run', '--silent', 'test:e2e'], {
		cwd: path.resolve(import.meta.dirname, '../..'),
		encoding: 'utf8',
		// Nothing but sh on the PATH, an empty folder at every usual location, and no Playwright browsers.
		env: { HOME: empty, PATH: bin, CHROMIUM_USUAL_LOCATIONS: path.join(empty, 'chromium'), PLAYWRIGHT_BROWSERS_PATH: empty },
		timeout: 60_000,
	})
	const output = `${result.stdout}${result.stderr}`
	expect(result.status).not.toBe(0)
	expect(output).toContain(MISSING_CHROMIUM)
	expect(output).not.toMatch(/Running \d+ tests?/)
})
