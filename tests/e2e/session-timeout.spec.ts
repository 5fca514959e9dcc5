import { type Page } from '@playwright/test'
import { expect, seriousViolations, test } from './fixtures.ts'
import { hydrated, signIn } from './helpers.ts'

// WCAG 2.2.1 (ADR 099): two minutes before 30 idle minutes end the session, the page asks whether to stay signed in,
// by keyboard, and gives the focus back; at the end it says so and keeps the page. The page's clock is the test's;
// the server's is not moved (the integration tests end sessions on the server: session-expiry.test.ts). A timer is
// JavaScript's: the no-JavaScript project does not run this file (playwright.config.ts).

const MINUTE = 60_000
const HOME = '/professional/home'

async function openHome(page: Page) {
	await page.clock.install()
	await signIn(page, 'teacher@oakfield.test', { at: HOME })
	await hydrated(page)
}

/** When the page last heard from the server, as it tells the browser's other tabs. */
const lastHeard = (page: Page) => page.evaluate(() => window.localStorage.getItem('spencer:session-contact'))

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'You will be signed out soon' })

test('two minutes before the idle end it asks, by keyboard; staying sends one request and gives the focus back', async ({ page }) => {
	await openHome(page)
	const feedback = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback', exact: true })
	await feedback.focus()

	await page.clock.fastForward(27 * MINUTE)
	await expect(warning(page)).toHaveCount(0)
	await page.clock.fastForward(MINUTE + 1000)
	await expect(warning(page)).toBeVisible()
	await expect(warning(page)).toContainText(/You will be signed out at \d\d:\d\d unless you stay signed in/)
	await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeFocused()
	expect(await seriousViolations(page)).toEqual([])

	const extended = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/session/extend') && response.request().method() === 'POST')
	const heardBefore = await lastHeard(page)
	await page.keyboard.press('Enter')
	expect((await extended).status()).toBe(200)
	await expect(warning(page)).toBeHidden()
	await expect(feedback).toBeFocused()
	// The page has taken the answer in before its clock is moved on.
	await expect.poll(() => lastHeard(page)).not.toBe(heardBefore)

	// The idle end moved on: no warning for the next 27 minutes; at the end of the next 30, the page says it is over.
	await page.clock.fastForward(26 * MINUTE)
	await expect(warning(page)).toHaveCount(0)
	await page.clock.fastForward(2 * MINUTE)
	await expect(warning(page)).toBeVisible()
	await page.clock.fastForward(2 * MINUTE + 1000)
	const ended = page.getByRole('alertdialog', { name: 'You have been signed out' })
	await expect(ended).toBeVisible()
	const again = ended.getByRole('link', { name: 'Sign in again' })
	await expect(again).toBeFocused()
	await expect(again).toHaveAttribute('href', HOME)
	expect(await seriousViolations(page)).toEqual([])
	// Closed, the page is as it was, to copy what was typed.
	await page.keyboard.press('Escape')
	await expect(ended).toBeHidden()
	await expect(feedback).toBeFocused()
})

test('someone typing on the page stays signed in without being asked; a navigation moves the end on too', async ({ page }) => {
	await openHome(page)
	// A navigation at 20 minutes: the idle end is 30 minutes (less the server's touch minute) from then.
	await page.clock.fastForward(20 * MINUTE)
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback', exact: true }).click()
	await expect(page).toHaveURL(/\/professional\/feedback$/)
	// The page has taken the answer in: it tells the browser's other tabs when it heard from the server.
	await expect.poll(() => lastHeard(page)).not.toBeNull()
	await page.clock.fastForward(26 * MINUTE)
	await expect(warning(page)).toHaveCount(0)

	// A key pressed on the page since then: at the warning's time the session is kept, quietly.
	await page.keyboard.press('Tab')
	const extended = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/session/extend'))
	await page.clock.fastForward(2 * MINUTE)
	expect((await extended).status()).toBe(200)
	await expect(warning(page)).toHaveCount(0)
})

test('signed out in another tab: the quiet stay learns the session is over, says so, and keeps the page and what was typed', async ({ page }) => {
	await page.clock.install()
	await signIn(page, 'teacher@oakfield.test', { at: '/settings/profile' })
	await hydrated(page)
	const firstName = page.getByLabel('First name')
	await firstName.fill('Thomas, typed')
	// Another tab of this browser signs out: the session is deleted on the server and its cookie cleared here too.
	expect((await page.request.post('/auth/logout', { headers: { Origin: new URL(page.url()).origin }, form: {}, maxRedirects: 0 })).status()).toBeLessThan(400)

	// Typed since the page's last request: at the warning's time the page asks quietly to stay, and is told it is over.
	const extended = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/session/extend'))
	await page.clock.fastForward(28 * MINUTE)
	expect((await extended).status()).toBe(401)
	const ended = page.getByRole('alertdialog', { name: 'You have been signed out' })
	await expect(ended).toBeVisible()
	await expect(page).toHaveURL(/\/settings\/profile$/)
	await page.keyboard.press('Escape')
	await expect(ended).toBeHidden()
	await expect(firstName).toHaveValue('Thomas, typed')
})

test('with storage refused, and another tab’s word unreadable, the page still warns on time and throws nothing', async ({ page }) => {
	await page.addInitScript(() => {
		const refused: string[] = []
		Object.assign(window, { refusedKeys: refused })
		Storage.prototype.setItem = (key: string) => {
			refused.push(key)
			throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
		}
	})
	await openHome(page)
	// A navigation: the page tells the other tabs, which the browser refuses.
	await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback', exact: true }).click()
	await expect(page).toHaveURL(/\/professional\/feedback$/)
	// The page has taken the answer in (the refused write follows it) before its clock is moved on: otherwise the click
	// would count as someone busy since the last answer, and the session would be kept without asking.
	await expect
		.poll(() => page.evaluate(() => (window as unknown as { refusedKeys: string[] }).refusedKeys.includes('spencer:session-contact')))
		.toBe(true)
	await page.evaluate(() => window.dispatchEvent(new StorageEvent('storage', { key: 'spencer:session-contact', newValue: 'not a time' })))
	await page.clock.fastForward(30 * MINUTE)
	await expect(page.getByRole('alertdialog')).toBeVisible()
})

test.describe('a connection lost', () => {
	// The browser's own line for the post it could not send.
	test.use({ expectedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED/ })

	test('"Stay signed in" that cannot reach Spencer keeps the page and what was typed, and asks again (ADR 121)', async ({ page }) => {
		await page.clock.install()
		await signIn(page, 'teacher@oakfield.test', { at: '/settings/profile' })
		await hydrated(page)
		const firstName = page.getByLabel('First name')
		await firstName.fill('Thomas, typed offline')
		// Typed, then the connection dropped: at the warning's time the page's quiet stay cannot be sent.
		await page.context().setOffline(true)
		await page.clock.fastForward(28 * MINUTE + 1000)
		const stay = page.getByRole('button', { name: 'Stay signed in' })
		// The quiet stay not sent, the warning asks instead.
		await expect(warning(page)).toBeVisible()
		await stay.click()
		// Still not reached: the page is the page, and the warning comes back to be answered once it can be.
		await expect(warning(page)).toBeVisible()
		await expect(page).toHaveURL(/\/settings\/profile$/)
		await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)

		await page.context().setOffline(false)
		const extended = page.waitForResponse((response) => new URL(response.url()).pathname === '/session/extend')
		await stay.click()
		expect((await extended).status()).toBe(200)
		await expect(warning(page)).toBeHidden()
		await expect(firstName).toHaveValue('Thomas, typed offline')
	})
})
