import { type Locator, type Page } from '@playwright/test'
import { expect, seriousViolations, test } from './fixtures.ts'
import { hydrated, pauseClockSoon, signIn, uncovered } from './helpers.ts'

// What the browser's scripts do around every screen: route transitions, tooltip delays, toast corners, and a
// screen whose code fails to load. All of it is JavaScript's, so the no-JavaScript project skips this file
// (playwright.config.ts); the server-rendered toasts are in ui-kit.spec.ts.

// The suite runs with reduced motion (playwright.config.ts, ADR 049); this file tests the motion, so it asks for it.
test.use({ reducedMotion: 'no-preference' })

type Instrumented = Window & {
	viewTransitions?: number
	__reactRouterManifest?: { routes: Record<string, { module: string } | undefined> }
}

/** Counts the view transitions the page starts (React's <ViewTransition> calls document.startViewTransition). */
async function countViewTransitions(page: Page) {
	await page.addInitScript(() => {
		const counted = window as Instrumented
		counted.viewTransitions = 0
		const start = document.startViewTransition.bind(document)
		document.startViewTransition = ((update) => {
			counted.viewTransitions = (counted.viewTransitions ?? 0) + 1
			return start(update)
		}) as typeof document.startViewTransition
	})
	return () => page.evaluate(() => (window as Instrumented).viewTransitions ?? 0)
}


/** Goes through a content link, a tab, a form's redirect and Back, each to a page that says it is there. */
async function navigateFourWays(page: Page, afterEach: () => Promise<void>) {
	await page.goto('/ui-kit/typography')
	await hydrated(page)
	await page.getByRole('link', { name: 'see the colours' }).click()
	await expect(page.getByRole('heading', { level: 2, name: 'Colours' })).toBeVisible()
	await afterEach()
	await page.getByRole('navigation', { name: 'UI kit sections' }).getByRole('link', { name: 'Misc' }).click()
	await expect(page.getByRole('heading', { level: 2, name: 'Misc' })).toBeVisible()
	await afterEach()
	await page.getByRole('button', { name: 'Show top left' }).click()
	await expect(page.getByRole('region', { name: 'Notifications, top left' })).toContainText('Student saved')
	await afterEach()
	await page.goBack()
	await expect(page.getByRole('heading', { level: 2, name: 'Colours' })).toBeVisible()
	await afterEach()
}

test('[13.3] a content link, a tab, a form’s redirect and Back each fade the page (one view transition each)', async ({ page }) => {
	const started = await countViewTransitions(page)
	let expected = 0
	await navigateFourWays(page, async () => {
		expected++
		await expect.poll(started).toBe(expected)
	})
	expect(page.url()).toMatch(/\/ui-kit\/colors$/)
})

test.describe('with reduced motion', () => {
	test.use({ reducedMotion: 'reduce' })

	test('[13.3] no route change runs a view transition', async ({ page }) => {
		const started = await countViewTransitions(page)
		await navigateFourWays(page, async () => expect(await started()).toBe(0))
	})
})

test('[13.3] the sidebar’s toggle is not a route change: the page neither fades nor gains a history entry', async ({ page }) => {
	const started = await countViewTransitions(page)
	await signIn(page, 'teacher@oakfield.test')
	await hydrated(page)
	const before = { transitions: await started(), history: await page.evaluate(() => history.length), url: page.url() }
	await page.getByRole('button', { name: 'Collapse sidebar' }).click()
	await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
	await expect.poll(async () => (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.width).toBe(86)
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback', exact: true }).click()
	await expect(page).toHaveURL(/\/professional\/feedback$/)
	// Only the link's navigation ran one.
	await expect.poll(started).toBe(before.transitions + 1)
	expect(await page.evaluate(() => history.length)).toBe(before.history + 1)
})

test.describe('a connection lost', () => {
	// The browser's own line for the post it could not send.
	test.use({ expectedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED/ })

	test('the sidebar’s toggle, offline, still folds the sidebar and keeps the page and what was typed (ADR 121)', async ({ page }) => {
		await signIn(page, 'teacher@oakfield.test', { at: '/settings/profile' })
		await hydrated(page)
		const firstName = page.getByLabel('First name')
		await firstName.fill('Thomas, typed offline')
		await page.context().setOffline(true)
		await page.getByRole('button', { name: 'Collapse sidebar' }).click()
		await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
		await expect.poll(async () => (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.width).toBe(86)
		await page.getByRole('button', { name: 'Expand sidebar' }).click()
		await expect.poll(async () => (await page.getByRole('navigation', { name: 'Main' }).boundingBox())?.width).toBe(260)
		await expect(page).toHaveURL(/\/settings\/profile$/)
		await expect(firstName).toHaveValue('Thomas, typed offline')
		await page.context().setOffline(false)
	})
})

/** The label a collapsed sidebar item shows beside it (aria-hidden: the link's own name is the label). */
function collapsedTip(nav: Locator, name: string) {
	return nav.locator('li', { has: nav.page().getByRole('link', { name, exact: true }) }).locator(':scope > span')
}

/** Moves the tip's delay transition to `ms` and says whether the tip is then shown. */
function shownAfter(tip: Locator, ms: number) {
	return tip.evaluate((element, time) => {
		const [transition] = element.getAnimations()
		if (transition) transition.currentTime = time
		return getComputedStyle(element).visibility === 'visible'
	}, ms)
}

test('[13.4] a collapsed sidebar item’s label shows 200 ms after hover or keyboard focus, not before', async ({ page }) => {
	await signIn(page, 'teacher@oakfield.test')
	await page.getByRole('button', { name: 'Collapse sidebar' }).click()
	await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
	const nav = page.getByRole('navigation', { name: 'Main' })
	const tip = collapsedTip(nav, 'Questionnaires')
	await expect(tip).toHaveText('Questionnaires')
	await expect(tip).toBeHidden()

	// The page's clock for CSS stands still, so the delay is stepped through by hand.
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('Animation.enable')
	await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 })

	await nav.getByRole('link', { name: 'Questionnaires', exact: true }).hover()
	await expect(tip).toBeHidden()
	expect(await shownAfter(tip, 190)).toBe(false)
	expect(await shownAfter(tip, 200)).toBe(true)
	await expect(tip).toBeVisible()

	await page.mouse.move(600, 600)
	await expect(tip).toBeHidden()
	await nav.getByRole('link', { name: 'Feedback', exact: true }).focus()
	const focusTip = collapsedTip(nav, 'Feedback')
	await expect(focusTip).toBeHidden()
	expect(await shownAfter(focusTip, 190)).toBe(false)
	expect(await shownAfter(focusTip, 200)).toBe(true)
	await expect(focusTip).toBeVisible()
})

test('[13.4] a tooltip opens 200 ms after the pointer rests on its control', async ({ page }) => {
	await page.clock.install()
	await page.goto('/ui-kit/misc')
	await hydrated(page)
	await pauseClockSoon(page, 1000)
	const add = page.getByRole('button', { name: 'Add student' })
	const box = await add.boundingBox()
	if (!box) throw new Error('The button has no box')
	await page.mouse.move(box.x - 10, box.y - 10)
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 })
	await page.clock.runFor(199)
	await expect(page.getByRole('tooltip')).toHaveCount(0)
	// The clock stays paused: resuming it once hung the page until the test timed out under a loaded CI machine, and
	// React renders the tip without it (its scheduler posts messages, which the fake clock leaves alone).
	await page.clock.runFor(1)
	await expect(page.getByRole('tooltip')).toHaveText('Add student')
})

test('[13.5] toasts in different corners are independent, and a corner closes up when one of its toasts closes', async ({ page }) => {
	await page.clock.install()
	await page.goto('/ui-kit/misc')
	await hydrated(page)

	const topLeft = page.getByRole('region', { name: 'Notifications, top left' })
	const bottomRight = page.getByRole('region', { name: 'Notifications, bottom right' })
	await page.getByRole('button', { name: 'Show top left' }).click()
	const first = topLeft.getByRole('alertdialog')
	await expect(first).toContainText('Shown at the top left.')
	// The page's timers stand still from here, so no toast closes by itself while the test measures.
	await pauseClockSoon(page, 500)
	const before = await first.boundingBox()

	await page.getByText('Information', { exact: true }).click()
	await page.getByRole('button', { name: 'Show bottom right' }).click()
	await expect(bottomRight.getByRole('alertdialog')).toContainText('Import queued')
	await expect(topLeft.getByRole('alertdialog')).toHaveCount(1)
	expect(await first.boundingBox()).toEqual(before)
	const viewport = page.viewportSize()!
	const corner = (await bottomRight.boundingBox())!
	expect(corner.x + corner.width).toBeGreaterThan(viewport.width - 20)
	expect(corner.y + corner.height).toBeGreaterThan(viewport.height - 20)

	// A second toast top left: the newest is nearest the corner, the first one 16 px below it.
	await page.getByText('Warning', { exact: true }).click()
	await page.getByRole('button', { name: 'Show top left' }).click()
	const stacked = topLeft.getByRole('alertdialog')
	await expect(stacked).toHaveCount(2)
	await expect(stacked.first()).toContainText('Session expired')
	const newest = (await stacked.first().boundingBox())!
	const older = (await stacked.last().boundingBox())!
	expect(newest).toEqual(before)
	expect(older.y - (newest.y + newest.height)).toBe(16)

	// Closing the newest: the older one moves up into its place; the other corner does not move.
	const bottomBefore = await bottomRight.getByRole('alertdialog').boundingBox()
	await stacked.first().getByRole('button', { name: 'Close' }).click()
	await expect(stacked).toHaveCount(1)
	await expect(stacked).toContainText('Student saved')
	expect((await stacked.boundingBox())?.y).toBe(newest.y)
	expect(await bottomRight.getByRole('alertdialog').boundingBox()).toEqual(bottomBefore)

	// Each corner is a landmark with a name of its own (axe), which F6 goes to. axe needs the page's timers: the
	// toasts are held open the way a person holds them, one corner under the pointer, the other with focus in it.
	await topLeft.hover()
	await bottomRight.getByRole('button', { name: 'Close' }).focus()
	await page.clock.resume()
	expect(await seriousViolations(page)).toEqual([])
	await expect(topLeft.getByRole('alertdialog')).toHaveCount(1)
	await expect(bottomRight.getByRole('alertdialog')).toHaveCount(1)
	const focusedRegion = () => page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ?? null)
	await page.keyboard.press('F6')
	await expect.poll(focusedRegion).toBe('Notifications, top left')
	await page.keyboard.press('F6')
	await expect.poll(focusedRegion).toBe('Notifications, bottom right')
})

test.describe('a screen whose code fails to load', () => {
	// React Router says so itself, and what failed.
	test.use({ expectedConsoleErrors: /Error loading route module|Failed to fetch dynamically imported module/ })

	test('[13.7] reloads the page once, then says so in a toast instead of reloading again', async ({ page }) => {
		await page.goto('/ui-kit/typography')
		await hydrated(page)
		// The Buttons tab's route module, as the router knows it once the tab's link has been discovered.
		const moduleOf = () =>
			page
				.waitForFunction(() => (window as Instrumented).__reactRouterManifest?.routes['routes/ui-kit/buttons']?.module)
				.then(async (handle) => String(await handle.jsonValue()))
		const module = new URL(await moduleOf(), page.url()).pathname
		// A deploy replaced it: the old chunk is gone.
		await page.route((url) => url.pathname === module, (route) => route.fulfill({ status: 404, body: 'Not found' }))

		let loads = 0
		page.on('load', () => loads++)
		const tab = page.getByRole('navigation', { name: 'UI kit sections' }).getByRole('link', { name: 'Buttons' })
		await tab.click()
		await expect.poll(() => loads).toBe(1)
		await expect(page).toHaveURL(/\/ui-kit\/typography$/)
		await expect(page.getByRole('heading', { level: 2, name: 'Typography' })).toBeVisible()
		const attempt = await page.evaluate(() => JSON.parse(sessionStorage.getItem('spencer-chunk-reload') ?? 'null') as { url: string } | null)
		expect(attempt?.url).toMatch(/\/ui-kit\/typography$/)

		// It fails again: no second reload, a toast instead.
		await hydrated(page)
		expect(new URL(await moduleOf(), page.url()).pathname).toBe(module)
		await tab.click()
		const notifications = page.getByRole('region', { name: 'Notifications', exact: true })
		await expect(notifications).toContainText('This page could not be loaded')
		await expect(notifications).toContainText('Refresh the page')
		expect(loads).toBe(1)
		await expect(page).toHaveURL(/\/ui-kit\/typography$/)
	})
})

// WCAG 2.4.11 and toasts (ADR 100); without JavaScript only the header is kept clear (focus-not-obscured.spec.ts).
test('[2.4.11] a corner of toasts that covers whatever takes the focus moves to the other edge', async ({ page }) => {
	await page.setViewportSize({ width: 1280, height: 720 })
	await page.goto('/ui-kit/misc')
	await page.getByText('Warning', { exact: true }).click()
	// Two of them: the stack reaches lower than the page's scroll padding (7rem), which alone keeps the focus clear of a
	// short corner at the top (the browser scrolls a control that takes the focus out from under it).
	await page.getByRole('button', { name: 'Show top left' }).click()
	const corner = page.getByRole('region', { name: 'Notifications, top left' })
	await expect(corner.getByRole('alertdialog')).toHaveCount(1)
	await page.getByRole('button', { name: 'Show top left' }).click()
	await expect(corner.getByRole('alertdialog')).toHaveCount(2)
	// Once the page answers hit tests again (a view transition's snapshot takes them meanwhile) and the toasts take them.
	const hitsCorner = () =>
		corner.evaluate((region) => {
			const box = region.getBoundingClientRect()
			return region.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2))
		})
	await expect.poll(hitsCorner).toBe(true)
	// A control scrolled under the toasts (its middle covered by them), with one before it in the page's order.
	const covered = await page.evaluate(() => {
		const region = document.querySelector('[data-toast-region]')!.getBoundingClientRect()
		const focusables = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]')].filter(
			(element) => !element.closest('[data-toast-region]') && element.checkVisibility(),
		)
		focusables.forEach((element, at) => element.setAttribute('data-order', String(at)))
		const middle = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
		const index = focusables.findIndex((element, at) => {
			const { x, y } = middle(element.getBoundingClientRect())
			return at > 0 && x > region.left && x < region.right && y > region.bottom
		})
		const { y } = middle(focusables[index]!.getBoundingClientRect())
		// Its middle 20 px above the stack's foot: below the scroll padding.
		window.scrollBy({ top: y - (region.bottom - 20), behavior: 'instant' })
		const now = middle(focusables[index]!.getBoundingClientRect())
		return document.elementFromPoint(now.x, now.y)?.closest('[data-toast-region]') ? index : -1
	})
	expect(covered).toBeGreaterThan(0)
	const target = page.locator(`[data-order="${covered}"]`)
	expect(await uncovered(target)).toBe(false)
	await page.locator(`[data-order="${covered - 1}"]`).evaluate((element) => (element as HTMLElement).focus({ preventScroll: true }))
	await page.keyboard.press('Tab')
	await expect(target).toBeFocused()
	await expect.poll(() => uncovered(target)).toBe(true)
	// The corner went to the foot of the screen, its toasts still there.
	const box = (await corner.boundingBox())!
	expect(box.y + box.height).toBeGreaterThan(720 - 20)
	await expect(corner.getByRole('alertdialog')).toHaveCount(2)
})
