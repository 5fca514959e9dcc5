// Finds the Chromium (or Chrome) that the end-to-end tests and the benches drive, on Linux, macOS and WSL.
// `node scripts/find-chromium.ts --check` prints where it was found, or says what to install and exits 1:
// `npm test` runs it after the unit and integration suites and before the end-to-end one.
import { accessSync, constants, existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'

export type ChromiumSource = 'PLAYWRIGHT_CHROMIUM_PATH' | 'system' | 'playwright'
export type FoundChromium = { path: string; source: ChromiumSource }

/**
 * The headless shell: the same Chromium built to run headless only (Debian's and Ubuntu's `chromium-headless-shell`,
 * Google's `chrome-headless-shell`), which Playwright itself drives for headless tests when it brings its own browsers.
 * The suite drives it in preference to the full browser, which spends about three times the CPU per page opened
 * (ADR 049).
 */
export const HEADLESS_SHELL_NAMES = ['chromium-headless-shell', 'chrome-headless-shell']

/** Names a system Chromium or Chrome goes by on the PATH. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome']

/** Where packages and installers put it when it is not on the PATH. */
export const USUAL_LOCATIONS = [
	'/usr/bin/chromium-headless-shell',
	'/usr/bin/chromium',
	'/usr/bin/chromium-browser',
	'/usr/bin/google-chrome',
	'/usr/bin/google-chrome-stable',
	'/snap/bin/chromium',
	'/opt/google/chrome/chrome',
	'/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
	'/Applications/Chromium.app/Contents/MacOS/Chromium',
]

export const MISSING_CHROMIUM =
	'No Chromium found for the end-to-end tests: run `npx playwright install chromium`, or install your system\'s chromium package (or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium or Chrome).'

export type Probe = {
	env: Record<string, string | undefined>
	/** Is this file there and runnable? */
	isExecutable(file: string): boolean
	/** Where Playwright's own managed Chromium is (or would be) installed. */
	playwrightChromium(): string | null
	/** The usual locations to probe (tests point them at an empty folder). */
	locations?: string[]
}

/**
 * The browser, in this order: PLAYWRIGHT_CHROMIUM_PATH (which must exist when
 * set: a typo is an error, not a silent fallback); a system headless shell, then
 * a system Chromium or Chrome, each on the PATH or at a usual location;
 * Playwright's managed Chromium when it is installed. Null when there is none.
 */
export function findChromium(probe: Probe): FoundChromium | null {
	const configured = probe.env.PLAYWRIGHT_CHROMIUM_PATH
	if (configured) {
		if (!probe.isExecutable(configured)) throw new Error(`PLAYWRIGHT_CHROMIUM_PATH is set to ${configured}, which is not a runnable file.`)
		return { path: configured, source: 'PLAYWRIGHT_CHROMIUM_PATH' }
	}
	const dirs = (probe.env.PATH ?? '').split(path.delimiter).filter(Boolean)
	const locations = probe.locations ?? USUAL_LOCATIONS
	const isShell = (file: string) => HEADLESS_SHELL_NAMES.includes(path.basename(file))
	// A headless shell anywhere first, then a full browser: each on the PATH, in PATH order, then at a usual location.
	for (const names of [HEADLESS_SHELL_NAMES, PATH_NAMES]) {
		const candidates = [
			...dirs.flatMap((dir) => names.map((name) => path.join(dir, name))),
			...locations.filter((location) => isShell(location) === (names === HEADLESS_SHELL_NAMES)),
		]
		const found = candidates.find((candidate) => probe.isExecutable(candidate))
		if (found) return { path: found, source: 'system' }
	}
	const managed = probe.playwrightChromium()
	if (managed && probe.isExecutable(managed)) return { path: managed, source: 'playwright' }
	return null
}

function isExecutable(file: string) {
	try {
		accessSync(file, constants.X_OK)
		return existsSync(file)
	} catch {
		return false
	}
}

/** This machine's probe. `CHROMIUM_USUAL_LOCATIONS` (path-delimited) replaces the usual locations, for tests. */
export function machineProbe(env: Record<string, string | undefined> = process.env): Probe {
	return {
		env,
		isExecutable,
		playwrightChromium: () => {
			try {
				return chromium.executablePath()
			} catch {
				return null
			}
		},
		...(env.CHROMIUM_USUAL_LOCATIONS !== undefined
			? { locations: env.CHROMIUM_USUAL_LOCATIONS.split(path.delimiter).filter(Boolean) }
			: {}),
	}
}

/** The browser of this machine, or an error whose message says what to install. */
export function requireChromium(env: Record<string, string | undefined> = process.env): FoundChromium {
	const found = findChromium(machineProbe(env))
	if (!found) throw new Error(MISSING_CHROMIUM)
	return found
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv.includes('--check')) {
	try {
		const found = requireChromium()
		console.log(`End-to-end tests use ${found.path} (${found.source === 'system' ? 'system browser' : found.source}).`)
	} catch (error) {
		console.error(error instanceof Error ? error.message : String(error))
		process.exit(1)
	}
}
