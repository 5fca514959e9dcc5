import { readFileSync } from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { expect, test, type Cookie, type Locator, type Page } from '@playwright/test'
import { readOutbox, type Mail } from '../support/outbox.ts'
import { currentLane } from './lanes.ts'

export const DEMO_PASSWORD = 'Spencer!2026'

const outbox = () => readOutbox(currentLane().outbox)

/** The newest mail to an address whose subject matches, waiting a little for it to be written. */
export async function latestMail(to: string, subject: RegExp, after = 0): Promise<Mail> {
	let found: Mail | undefined
	await expect
		.poll(() => {
			found = outbox()
				.slice(after)
				.filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
				.at(-1)
			return Boolean(found)
		})
		.toBe(true)
	return found!
}

export const outboxSize = () => outbox().length

export function linkIn(mail: Mail, pathname: string): string {
	const match = new RegExp(`https?://\\S+${pathname}\\?\\S+`).exec(mail.body)
	if (!match) throw new Error(`no ${pathname} link in "${mail.subject}"`)
	const url = new URL(match[0])
	return `${url.pathname}${url.search}`
}

type SignedIn = { cookies: Cookie[]; home: string }

/** Sessions this worker has signed in, by account: its own lane's server, kept for the worker's later tests. */
const signedIn = new Map<string, SignedIn>()

/**
 * Signs in: through the screens (the e-mailed code step answered when it comes) the first time in this worker, and
 * again whenever the session kept from then no longer lands where it did (signed out, removed, impersonating, working
 * in another school). A test of the sign-in itself drives the screens (auth.spec.ts); the others only need a session.
 * The page is left on `at` when given, else on the account's home: a test that starts elsewhere names it, rather than
 * loading home first.
 */
export async function signIn(page: Page, email: string, { password = DEMO_PASSWORD, at }: { password?: string; at?: string } = {}) {
	const key = `${email}\n${password}`
	const kept = signedIn.get(key)
	if (kept) {
		await page.context().addCookies(kept.cookies)
		// Where the kept session lands, asked with the page's cookies but without loading a page.
		const lands = new URL((await page.request.get('/')).url()).pathname
		if (lands === kept.home) {
			await page.goto(at ?? kept.home)
			return
		}
		signedIn.delete(key)
		await page.context().clearCookies()
	}
	await signInThroughTheScreens(page, email, password)
	await page.waitForURL((url) => !url.pathname.startsWith('/auth/'))
	signedIn.set(key, { cookies: await page.context().cookies(), home: new URL(page.url()).pathname })
	if (at) await page.goto(at)
}

/** The sign-in screens, as staff use them: email and password, then the e-mailed code when it is asked for. */
export async function signInThroughTheScreens(page: Page, email: string, password = DEMO_PASSWORD) {
	const before = outboxSize()
	await page.goto('/auth/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	// Either the code step appears, or the user lands on a signed-in page.
	const code = page.getByLabel('Code')
	await expect(code.or(page.getByRole('navigation', { name: 'Main' }))).toBeVisible()
	if (await code.isVisible()) {
		const mail = await latestMail(email, /sign-in code/, before)
		const code = /\b(\d{6})\b/.exec(mail.body)?.[1] ?? ''
		await page.getByLabel('Code').fill(code)
		await page.getByRole('button', { name: 'Verify and sign in' }).click()
	}
}

/** Whether the running project has JavaScript on ("chromium") or off ("chromium-no-js"). */
export const hasJs = () => test.info().project.name !== 'chromium-no-js'

/**
 * Waits for a job's page to show `ready` (an export's download link): with JavaScript the page follows the job by
 * itself; without, the reader clicks Refresh until it shows.
 */
export async function untilJobShows(page: Page, ready: Locator) {
	if (hasJs()) return expect(ready).toBeVisible({ timeout: 30_000 })
	const refresh = page.getByRole('link', { name: 'Refresh' })
	await expect(async () => {
		// The page as loaded shows one or the other (a job done at once has no Refresh link).
		await expect(ready.or(refresh)).toBeVisible({ timeout: 1_000 })
		if (await ready.count()) return
		await refresh.click()
		await expect(ready).toBeVisible({ timeout: 1_000 })
	}).toPass({ timeout: 30_000 })
}

/** Clicks a link to a ZIP file and reads the file: its name and each entry's text. */
export async function downloadZip(page: Page, link: Locator): Promise<{ name: string; files: Record<string, string> }> {
	const downloading = page.waitForEvent('download')
	await link.click()
	const file = await downloading
	const entries = unzipSync(new Uint8Array(readFileSync(await file.path())))
	return { name: file.suggestedFilename(), files: Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)])) }
}

/** Picks an option of our Select: a native <select> without JavaScript, the React Aria popover with it. */
export async function choose(page: Page, label: string, option: string) {
	if (!hasJs()) {
		await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option })
		return
	}
	await page.getByRole('button', { name: new RegExp(`${label}$`) }).press('Enter')
	await page.getByRole('option', { name: option, exact: true }).click()
}

/**
 * On the need manager's manage-students screen, finds the one student with this UPN and opens their
 * "add profile" modal with the demo questionnaire chosen: the student's name and the open dialog.
 */
export async function openNewProfileFor(page: Page, upn: string) {
	await page.getByLabel('Search by name or UPN').fill(upn)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page.getByRole('row')).toHaveCount(2)
	const student = (await page.getByRole('rowheader').locator('span').first().textContent())!.trim()
	await page.getByRole('link', { name: `Add profile for ${student}` }).click()
	const dialog = page.getByRole('dialog', { name: `One-time/recurring profile for ${student}` })
	await expect(dialog).toBeVisible()
	await choose(page, 'Questionnaire', 'Wellbeing and Needs Check')
	return { student, dialog }
}

/** A student the teacher may see, read from their own students list: its name and its profile's address. */
export async function aStudentOfTheTeacher(page: Page) {
	await page.goto('/professional/students')
	const link = page.getByRole('table').getByRole('rowheader').first().getByRole('link')
	return { name: ((await link.textContent()) ?? '').trim(), href: (await link.getAttribute('href')) ?? '' }
}

/** The quick search's address for a query, as its GET form writes it. */
export const searchUrl = (q: string) => `/students?q=${encodeURIComponent(q).replace(/%20/g, '+')}`

/**
 * Pauses the page's installed clock `aheadMs` from now, so that its timers run only when the test steps it. On a machine
 * so loaded that `aheadMs` went by before the pause was asked (clock.pauseAt cannot go back in time), `aheadMs` from then.
 */
export async function pauseClockSoon(page: Page, aheadMs: number) {
	for (;;) {
		const error = await page.clock.pauseAt((await page.evaluate(() => Date.now())) + aheadMs).catch((caught: Error) => caught)
		if (!(error instanceof Error)) return
		if (!/to the past/.test(error.message)) throw error
	}
}

/**
 * Waits until React has hydrated the page (its fiber is on <body>): before then a click on a link is a page load, and a
 * click or a hover on a control that only JavaScript makes (tabs, menus, tooltips) does nothing. (Not the app's
 * `spencer:hydrated` mark: a page whose clock a test installed has a fake `performance` that holds no marks.)
 */
export async function hydrated(page: Page) {
	await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')))
}

/**
 * The live charts: apexcharts is loaded, and every chart of the page drawn by it, once a pointer comes over a chart
 * (ADR 058). Points the mouse at the page's first chart box, once the page has hydrated.
 */
export async function pointAtChart(page: Page) {
	await hydrated(page)
	await page.locator('[data-chart]').first().hover()
}

/** Whether the element's centre shows the element itself, not something laid over it (a toast, a sticky header). */
export const uncovered = (locator: Locator) =>
	locator.evaluate((element) => {
		const box = element.getBoundingClientRect()
		const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
		return hit !== null && element.contains(hit)
	})

/**
 * Holds the page's scripts until the returned function is called, as a slow network would: what the page does before
 * its JavaScript runs (a focus, a post) can then be done first. Routing keeps the browser's cache out of the way.
 */
export async function holdScripts(page: Page): Promise<() => void> {
	let release = () => {}
	const released = new Promise<void>((resolve) => (release = resolve))
	await page.route(/\/assets\/.+\.js$/, async (route) => {
		await released
		await route.continue()
	})
	return release
}
