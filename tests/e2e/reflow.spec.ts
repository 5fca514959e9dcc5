import { expect, type Page } from '@playwright/test'
import { fillPattern, routeTable, type RouteEntry } from '../integration/route-table.ts'
import { axeViolations, laneTest as test } from './fixtures.ts'
import { signIn } from './helpers.ts'

/*
 * [14.1] Every screen of the route table at 320 × 640 and at 1366 × 768 zoomed to 200 % (683 × 384 CSS px), in the
 * project "reflow": no sideways scrolling of the page (WCAG 1.4.10), the shell's controls
 * reachable by Tab and visible when focused (2.4.7, 2.4.11), and axe with every WCAG 2.2 A/AA rule and
 * best-practice finding nothing. One test per role: it signs in once and opens each of its screens once.
 */

// The longest tests of the suite and independent of one another (they only read): spread over the lanes, rather than
// one lane running them all while the other waits at the end of the run.
test.describe.configure({ mode: 'parallel' })

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** `tabs`: screens opened besides the route table's, for the links they hold (the reviews due lead to the review pages). */
type Area = { name: string; email: string | null; prefixes: string[]; tabs?: string[] }
const AREAS: Area[] = [
	{ name: 'signed out', email: null, prefixes: ['/auth', '/ui-kit', '/bench'] },
	{ name: 'Spencer admin', email: 'admin@spencer.test', prefixes: ['/spencer-admin'] },
	{ name: 'school admin', email: 'office@oakfield.test', prefixes: ['/school-admin'] },
	{ name: 'need manager', email: 'senco@oakfield.test', prefixes: ['/need-manager', '/students', '/settings'], tabs: ['/need-manager/home/reviews'] },
	{ name: 'professional', email: 'teacher@oakfield.test', prefixes: ['/professional'], tabs: ['/professional/home/reviews'] },
]

/**
 * Screens not opened, each with its reason. Nothing else may be missing: a route added to app/routes.ts is
 * opened by this spec, or fails it until it is listed here.
 */
const NOT_OPENED: Record<string, string> = {
	// It moves on to the schools list by itself after 1.5 s (that list is checked).
	'/impersonation/ended': 'leaves by itself',
	// The page-weight benchmark's empty floor (no heading, no content): not a screen anyone uses.
	'/bench/floor': 'benchmark floor',
	// The demo seeds no import jobs: their status pages have no record to open.
	'/school-admin/students/import/:id': 'no demo record',
	'/school-admin/directory/import/:id': 'no demo record',
	// Nor exports: one is made when a school admin asks for it (subject-access.spec.ts opens its page).
	'/school-admin/exports/:id': 'no demo record',
	// Nor an offboarded school: offboarding.spec.ts offboards one and checks its record at 320 px with axe.
	'/spencer-admin/schools/:id/offboarded': 'no demo record',
}

/** Screens (a route module with a component) with a GET answer, outside the JSON API. */
const SCREENS = routeTable().filter((route) => route.file.endsWith('.tsx') && !route.pattern.startsWith('/api'))

function areaOf(route: RouteEntry) {
	return AREAS.find((area) => area.prefixes.some((prefix) => route.pattern === prefix || route.pattern.startsWith(`${prefix}/`)))
}

function matcher(pattern: string) {
	const source = pattern
		.split('/')
		.map((segment) => (/^:\w+\?$/.test(segment) ? '(?:/[^/]+)?' : /^:\w+$/.test(segment) ? '/[^/?#]+' : segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}` : ''))
		.join('')
	return new RegExp(`^${source}$`)
}

/** Same-origin link paths on the page, for the screens whose URLs need a record's id. */
async function linksOn(page: Page): Promise<string[]> {
	return page.$$eval('a[href]', (anchors) =>
		anchors.map((anchor) => anchor as HTMLAnchorElement).filter((anchor) => anchor.origin === window.location.origin).map((anchor) => anchor.pathname),
	)
}

async function visibleWhenFocused(page: Page) {
	return page.evaluate(() => {
		const element = document.activeElement as HTMLElement | null
		if (!element || element === document.body) return 'nothing focused'
		const rect = element.getBoundingClientRect()
		const x = Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1)
		const y = Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1)
		if (rect.bottom <= 0 || rect.top >= window.innerHeight || rect.right <= 0 || rect.left >= window.innerWidth) return `off screen: ${element.outerHTML.slice(0, 80)}`
		const top = document.elementFromPoint(x, y)
		if (top && !element.contains(top) && !top.contains(element)) return `covered by ${top.outerHTML.slice(0, 80)}: ${element.outerHTML.slice(0, 80)}`
		return 'ok'
	})
}

/**
 * Tabs from the top of the page to the menu button; with `walk`, opens it, walks its links to Sign out, and closes it
 * with Escape. The menu is one component: it is walked on an area's first screen, and reached on every screen.
 */
async function checkShellByKeyboard(page: Page, url: string, walk: boolean) {
	const summary = page.locator('header summary', { hasText: 'Menu' })
	await expect(summary, `${url}: the menu button`).toBeVisible()
	// Tab from the top of the page: the body takes the focus for a moment, so Chromium's starting point for the next Tab
	// is the page's start, not where a screen's own script put the focus (the questionnaire's heading, say).
	await page.evaluate(() => {
		document.body.tabIndex = -1
		document.body.focus()
		document.body.removeAttribute('tabindex')
	})
	let presses = 0
	while (!(await summary.evaluate((element) => element === document.activeElement)) && presses < 5) {
		await page.keyboard.press('Tab')
		presses++
	}
	await expect(summary, `${url}: the menu button is among the first Tab stops`).toBeFocused()
	expect(await visibleWhenFocused(page), `${url}: the menu button, focused`).toBe('ok')
	if (!walk) return
	await page.keyboard.press('Enter')
	const panel = page.locator('header nav[aria-label="Main"]')
	await expect(panel).toBeVisible()
	const links = panel.locator('a, button')
	const count = await links.count()
	// With JavaScript focus moves to the first link; without, the next Tab does.
	await expect(links.first()).toBeFocused()
	for (let index = 0; index < count; index++) {
		if (index > 0) await page.keyboard.press('Tab')
		await expect(links.nth(index), `${url}: Tab stop ${index + 1} of the menu`).toBeFocused()
		expect(await visibleWhenFocused(page), `${url}: menu item ${index + 1}, focused`).toBe('ok')
	}
	await expect(links.last()).toHaveText('Sign out')
	await page.keyboard.press('Escape')
	await expect(panel).toBeHidden()
	await expect(summary).toBeFocused()
}

/** The two windows of WCAG 1.4.10: a phone's 320 CSS px, and 1366 × 768 zoomed to 200 % (683 × 384 CSS px). */
const WINDOWS = [
	{ name: '320 × 640', width: 320, height: 640 },
	{ name: '1366 × 768 at 200 %', width: 683, height: 384 },
] as const

/** Whether the page scrolls sideways, naming the elements that first reach past the right edge when it does. */
async function checkReflow(page: Page, url: string, windowName: string) {
	const widths = await page.evaluate(() => {
		// The elements that first reach past the right edge (their parent does not), to name in a failure.
		const past = [...document.body.querySelectorAll('*')].filter((element) => {
			const parent = element.parentElement
			return element.getBoundingClientRect().right > window.innerWidth + 0.5 && parent !== null && parent.getBoundingClientRect().right <= window.innerWidth + 0.5 && getComputedStyle(parent).overflowX === 'visible'
		})
		const names = past.slice(0, 3).map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}">`)
		// A table's caption a sighted reader sees, reaching past the window with a table that scrolls in its box: read
		// sideways, a line at a time.
		const captions = [...document.querySelectorAll('caption')].filter((caption) => {
			const rect = caption.getBoundingClientRect()
			return rect.width > 1 && rect.right > window.innerWidth + 0.5
		})
		return { scroll: document.scrollingElement?.scrollWidth ?? 0, inner: window.innerWidth, past: names.join(' '), captions: captions.map((caption) => caption.textContent) }
	})
	expect.soft(widths.scroll, `${url} at ${windowName}: the page scrolls sideways (${widths.scroll} > ${widths.inner}): ${widths.past}`).toBeLessThanOrEqual(widths.inner)
	expect.soft(widths.captions, `${url} at ${windowName}: captions read sideways`).toEqual([])
}

/**
 * One screen in both windows: loaded at 320 px (hydrated, so the page is as staff use it), checked, then the window
 * resized as a zoom would, without a reload, and checked again. axe runs once, at 320 px, where the layout is at
 * its tightest (ADR 044).
 */
async function checkScreen(page: Page, url: string, signedIn: boolean, walkMenu: boolean) {
	const [narrow, zoomed] = WINDOWS
	await page.setViewportSize(narrow)
	const response = await page.goto(url)
	expect(response?.status(), `${url} answers`).toBeLessThan(400)
	await page.waitForFunction(() => performance.getEntriesByName('spencer:hydrated').length > 0)
	await checkReflow(page, url, narrow.name)
	const violations = (await axeViolations(page, AXE_TAGS)).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
	expect.soft(violations, `${url}: axe`).toEqual([])
	if (signedIn) await checkShellByKeyboard(page, `${url} at ${narrow.name}`, walkMenu)
	await page.setViewportSize(zoomed)
	await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
	await checkReflow(page, url, zoomed.name)
	if (signedIn) await checkShellByKeyboard(page, `${url} at ${zoomed.name}`, walkMenu)
}

for (const area of AREAS) {
	test(`[14.1] ${area.name}: every screen reflows, its shell works by keyboard, axe finds nothing`, async ({ page }) => {
		const screens = SCREENS.filter((route) => areaOf(route) === area && !(route.pattern in NOT_OPENED))
		test.setTimeout(60_000 + screens.length * 20_000)
		if (area.email) {
			// The sign-in helper waits for the sidebar, which a narrow screen folds into the menu: sign in wide.
			const viewport = page.viewportSize()
			await page.setViewportSize({ width: 1280, height: 720 })
			await signIn(page, area.email)
			await expect(page.getByRole('link', { name: /profile settings/ })).toBeVisible()
			if (viewport) await page.setViewportSize(viewport)
		}

		const pending = new Map(screens.map((route) => [route.pattern, route]))
		const seen = new Set<string>()
		const links = new Set<string>()
		const visit = async (url: string) => {
			if (seen.has(url)) return
			seen.add(url)
			await test.step(url, async () => {
				await checkScreen(page, url, area.email !== null, seen.size === 1)
				for (const link of await linksOn(page)) links.add(link)
			})
		}
		// The screens without ids first; their links give the ids of the others, screen by screen.
		for (const route of screens) {
			if (route.params.some((param) => !route.pattern.includes(`:${param}?`))) continue
			pending.delete(route.pattern)
			await visit(fillPattern(route.pattern, {}))
		}
		for (const tab of area.tabs ?? []) await visit(tab)
		for (let round = 0; round < 4 && pending.size > 0; round++) {
			for (const route of [...pending.values()]) {
				// The first link to a record still there: another spec running beside this one may have deleted the record a
				// link was found to (the offboarding spec's school, listed first by name while it lives).
				for (const found of [...links].filter((link) => matcher(route.pattern).test(link) && !seen.has(link))) {
					if ((await page.request.get(found, { maxRedirects: 0 })).status() === 404) continue
					pending.delete(route.pattern)
					await visit(found)
					break
				}
			}
		}
		expect([...pending.keys()], 'screens no link led to (list them in NOT_OPENED with the reason)').toEqual([])
	})
}

test('[14.1] every screen of the route table belongs to an area of this spec', () => {
	const orphans = SCREENS.filter((route) => !areaOf(route) && !(route.pattern in NOT_OPENED)).map((route) => route.pattern)
	expect(orphans).toEqual([])
})

/** The teacher's home at the project's narrow width, hydrated: signed in at a desktop width, where the sign-in helper finds the sidebar. */
async function teacherHomeOnAPhone(page: Page) {
	const viewport = page.viewportSize()
	await page.setViewportSize({ width: 1280, height: 720 })
	await signIn(page, 'teacher@oakfield.test')
	if (viewport) await page.setViewportSize(viewport)
	await page.goto('/professional/home')
	await page.waitForFunction(() => performance.getEntriesByName('spencer:hydrated').length > 0)
}

test('[14.1] the Menu closes after any choice, the page already shown included (a navigation to the same address)', async ({ page }) => {
	await teacherHomeOnAPhone(page)
	const menu = page.locator('header summary', { hasText: 'Menu' })
	const panel = page.locator('header nav[aria-label="Main"]')
	await menu.click()
	await expect(panel).toBeVisible()
	await panel.getByRole('link', { name: 'Home' }).click()
	await expect(panel).toBeHidden()
	await expect(page).toHaveURL(/\/professional\/home$/)
})

test('a page opened from the Menu is announced, and the focus goes to it rather than to the document’s start', async ({ page }) => {
	await teacherHomeOnAPhone(page)
	const announcer = page.locator('[data-page-announcer]')
	await expect(announcer).toHaveAttribute('aria-live', 'assertive')
	await expect(announcer).toHaveText('')
	await page.locator('header summary', { hasText: 'Menu' }).click()
	await page.locator('header nav[aria-label="Main"]').getByRole('link', { name: 'Directory' }).click()
	await expect(page).toHaveURL(/\/professional\/directory$/)
	await expect(page.locator('main')).toBeFocused()
	const title = (await page.title()).replace(/ · Spencer$/, '')
	expect(title).not.toBe('')
	await expect(announcer).toHaveText(title)
	// Back is a navigation made by the router too: the home page is said.
	await page.goBack()
	await expect(page).toHaveURL(/\/professional\/home$/)
	await expect(announcer).toHaveText((await page.title()).replace(/ · Spencer$/, ''))
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('[14.1] the Menu opens and closes as a disclosure, and its links and Sign out work', async ({ page }) => {
		const viewport = page.viewportSize()
		await page.setViewportSize({ width: 1280, height: 720 })
		await signIn(page, 'teacher@oakfield.test')
		await expect(page.getByRole('link', { name: /profile settings/ })).toBeVisible()
		if (viewport) await page.setViewportSize(viewport)
		await page.goto('/professional/home')
		const menu = page.locator('header summary', { hasText: 'Menu' })
		const panel = page.locator('header nav[aria-label="Main"]')
		await expect(panel).toBeHidden()
		await menu.focus()
		await page.keyboard.press('Enter')
		await expect(panel).toBeVisible()
		await page.keyboard.press('Enter')
		await expect(panel).toBeHidden()
		await menu.click()
		await panel.getByRole('link', { name: 'Directory' }).click()
		await expect(page).toHaveURL(/\/professional\/directory$/)
		await expect(panel).toBeHidden()
		await menu.click()
		await panel.getByRole('button', { name: 'Sign out' }).click()
		await expect(page).toHaveURL(/\/auth\/login/)
	})
})
