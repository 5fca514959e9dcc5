import { type Page } from '@playwright/test'
import { decodeEntities } from '../integration/crawl.ts'
import { expect, test } from './fixtures.ts'
import { withCheckLetter } from '../../app/lib/upn.ts'
import { holdScripts, hydrated, openNewProfileFor, signIn } from './helpers.ts'

// [14.3] Every URL modal of the app gives the focus back to the link that opened it, however it is closed: Escape,
// its Close/Cancel link, or Back. The modals are not listed here: each role's screens are crawled from its home page
// (every in-app link, one page per route pattern), and every link that opens a modal (`?modal=…`) on them, or inside
// a modal they open, is tried. Opening and closing modals only navigates (GET), so the crawl changes nothing.
// Focus return is JavaScript's (without it every close loads a new page): the no-JavaScript project does not run
// this file (playwright.config.ts).

const ROLES = ['admin@spencer.test', 'office@oakfield.test', 'senco@oakfield.test', 'teacher@oakfield.test']
const MAX_PAGES = 60

/** A path with its ids (uuids, numbers) folded, so each screen of the route table is visited once. */
function routePattern(pathname: string): string {
	return pathname
		.split('/')
		.map((segment) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(segment) || /^\d+$/.test(segment) ? ':id' : segment))
		.join('/')
}

type Opener = { page: string; href: string; modal: string }

const modalOf = (href: string) => new URL(href, 'http://x').searchParams.getAll('modal').at(-1) ?? ''
const hrefsIn = (page: Page, scope: string) =>
	page.locator(`${scope} a[href]`).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))

/** The links of a server-rendered page (its `<a href>`s, as the browser would read them). */
const hrefsInHtml = (html: string) => [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => decodeEntities(match[1]!))

/**
 * Breadth-first over the in-app links from the signed-in home page: every modal opener found, one per (screen, modal).
 * The pages are read as the server sends them, with the page's cookies, not loaded in the browser: only their links
 * are needed here (reflow.spec.ts loads and checks every screen).
 */
async function crawlOpeners(page: Page): Promise<Opener[]> {
	const start = new URL(page.url())
	const queue = [start.pathname]
	const seen = new Set([routePattern(start.pathname)])
	const openers = new Map<string, Opener>()
	for (let visited = 0; queue.length > 0 && visited < MAX_PAGES; visited++) {
		const path = queue.shift()!
		const response = await page.request.get(path)
		expect(response.status(), `${path} answers`).toBeLessThan(400)
		for (const href of hrefsInHtml(await response.text())) {
			if (!href.startsWith('/') || href.startsWith('//')) continue
			const url = new URL(href, start)
			if (url.searchParams.has('modal')) {
				const key = `${routePattern(url.pathname)} ${modalOf(href)}`
				if (!openers.has(key)) openers.set(key, { page: path, href, modal: modalOf(href) })
				continue
			}
			if (/^\/(auth|healthz)\b|\.(csv|pdf)$/.test(url.pathname)) continue
			const pattern = routePattern(url.pathname)
			if (seen.has(pattern)) continue
			seen.add(pattern)
			queue.push(url.pathname)
		}
	}
	return [...openers.values()]
}

/** Path and params with the keys in order (a key's values keep theirs): `?a&modal=x` and `?modal=x&a` are one address. */
function address(href: string): string {
	const url = new URL(href, 'http://x')
	const params = [...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
	return `${url.pathname}?${new URLSearchParams(params).toString()}`
}

/** The address of the focused element when it is a link, else a description of what has the focus. */
const focused = (page: Page) =>
	page.evaluate(() => {
		const active = document.activeElement
		return active instanceof HTMLAnchorElement ? (active.getAttribute('href') ?? '') : `<${active?.tagName.toLowerCase() ?? 'nothing'}>`
	})

/** Focus is on a link to the opener's address (the opener, or the page's re-render of it). */
async function expectOnOpener(page: Page, opener: Opener, after: string) {
	await expect.poll(async () => address(await focused(page)), { message: `focus after ${after}`, timeout: 15_000 }).toBe(address(opener.href))
}

/** Opens the modal from its opener by keyboard (the opener focused, Enter): the open dialog. */
async function open(page: Page, opener: Opener) {
	const dialogs = page.getByRole('dialog')
	const below = await dialogs.count()
	// The page's link to the opener's address (its params may come in another order once the page has moved on).
	const hrefs = await hrefsIn(page, 'body')
	const href = hrefs.find((one) => address(one) === address(opener.href))
	expect(href, `a link to ${opener.href} on ${page.url()}`).toBeDefined()
	await page.locator(`a[href="${href!.replaceAll('"', '\\"')}"]`).first().focus()
	await page.keyboard.press('Enter')
	// A client-side navigation runs the page's loader again: on a loaded 2-core machine that can take seconds.
	await expect(page).toHaveURL((url) => url.searchParams.getAll('modal').includes(opener.modal), { timeout: 15_000 })
	await expect(dialogs).toHaveCount(below + 1, { timeout: 15_000 })
	// Opened is focused: the keyboard is in the dialog (where its Escape is heard), as it moves there once the dialog is drawn.
	await expect
		.poll(() => dialogs.nth(below).evaluate((dialog) => dialog.contains(document.activeElement)), { message: 'focus in the opened dialog', timeout: 15_000 })
		.toBe(true)
	// Closed when only the modals below it are left.
	const closed = () => expect(dialogs).toHaveCount(below, { timeout: 15_000 })
	return { dialog: dialogs.nth(below), closed }
}

for (const email of ROLES) {
	test(`[14.3] every modal on ${email.split('@')[0]}’s screens returns focus to its opener after Escape, Cancel/Close and Back`, async ({ page }) => {
		test.setTimeout(600_000)
		await signIn(page, email)
		await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
		const openers = await crawlOpeners(page)
		// Every role but the professional's has modals on its screens; a crawl that finds none is broken.
		if (!email.startsWith('teacher')) expect(openers.length).toBeGreaterThan(0)
		const tried = new Set(openers.map((opener) => `${routePattern(new URL(opener.href, 'http://x').pathname)} ${opener.modal}`))

		for (let index = 0; index < openers.length; index++) {
			const opener = openers[index]!
			await test.step(`${opener.modal} on ${opener.page}`, async () => {
				await page.goto(opener.page)
				// Hydrated first: Enter on a link before then is a page load, which gives focus back to nobody.
				await hydrated(page)

				let { dialog, closed } = await open(page, opener)
				// Modals opened from inside this one (a stack) are tried too, from this page.
				for (const href of await hrefsIn(page, '[role="dialog"]')) {
					if (!href.includes('modal=')) continue
					const key = `${routePattern(new URL(href, 'http://x').pathname)} ${modalOf(href)}`
					if (tried.has(key)) continue
					tried.add(key)
					openers.push({ page: `${new URL(page.url()).pathname}${new URL(page.url()).search}`, href, modal: modalOf(href) })
				}
				await page.keyboard.press('Escape')
				await closed()
				await expectOnOpener(page, opener, 'Escape')

				;({ dialog, closed } = await open(page, opener))
				await dialog.locator('[data-modal-close]').click()
				await closed()
				await expectOnOpener(page, opener, 'Cancel/Close')

				// Closing by the link added a history entry (Back would reopen): Back now goes to where the page was.
				const before = page.url()
				;({ closed } = await open(page, opener))
				await page.goBack()
				await closed()
				await expect(page).toHaveURL(before)
				await expectOnOpener(page, opener, 'Back')
			})
		}
	})
}

// ADR 101: a modal's form refused before the page's JavaScript ran comes back with the field to correct focused, not
// the dialog around it (the dialog gives up its `autofocus` to a refused post's); once the page hydrates, the modal is
// drawn again as React Aria's, and the focus goes back to that field, not to the dialog.
test('a modal refused before hydration keeps the focus on the field to correct once the page hydrates', async ({ page }) => {
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/students/list' })
	const student = await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().getAttribute('href')
	const release = await holdScripts(page)
	await page.goto(`${student}?modal=transfer-student`, { waitUntil: 'commit' })
	await page.getByLabel('Note').fill('x'.repeat(2001))
	await page.getByRole('button', { name: 'Send transfer request' }).click()
	await expect(page.getByText('Use at most 2,000 characters')).toBeVisible()
	// The first field in error (no school chosen), as the form library focuses it after a post with JavaScript.
	const school = page.getByRole('combobox', { name: 'Destination school' })
	await expect(school).toBeFocused()
	release()
	await hydrated(page)
	const dialog = page.getByRole('dialog', { name: /^Transfer / })
	await expect(dialog.getByRole('combobox', { name: 'Destination school' })).toBeFocused()
	await expect(dialog.getByLabel('Note')).toHaveValue('x'.repeat(2001))
})

// ADR 110: on a slow link a modal's fields are typed in before the page's JavaScript runs; the modal drawn again as
// React Aria's once the page hydrates keeps what was typed, and the form sends it.
test('what was typed in a modal before the page hydrated is still there after, and is sent', async ({ page }) => {
	await signIn(page, 'office@oakfield.test', { at: '/school-admin/groups' })
	const release = await holdScripts(page)
	await page.goto('/school-admin/groups?modal=add-group', { waitUntil: 'commit' })
	const name = `Typed before hydration ${Date.now()}`
	await page.getByLabel('Name').fill(name)
	await page.getByLabel('Description').fill('Kept as the page hydrated')
	release()
	await hydrated(page)
	const dialog = page.getByRole('dialog', { name: 'Add new group' })
	await expect(dialog.getByLabel('Name')).toHaveValue(name)
	await expect(dialog.getByLabel('Description')).toHaveValue('Kept as the page hydrated')
	await dialog.getByRole('button', { name: 'Add group' }).click()
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await expect(page.getByText('Kept as the page hydrated').first()).toBeVisible()
})

test('what was typed and ticked in a page before it hydrated stays, and is what its forms send (ADR 112)', async ({ page }) => {
	// A school admin of its own (no other test changes this account's name or email setting).
	await signIn(page, 'office@riverside.test')
	const release = await holdScripts(page)
	await page.goto('/settings/profile', { waitUntil: 'commit' })
	const firstName = page.getByLabel('First name')
	const digest = 'Email me the plan reviews due, every Monday'
	const box = page.getByRole('checkbox', { name: digest })
	const drawnName = await firstName.inputValue()
	await firstName.fill('Typedname')
	// A password manager fills the form in as the page loads.
	await page.getByLabel('Current password').fill('Typed-before-hydration-1!')
	await expect(box).toBeChecked()
	await page.getByText(digest, { exact: true }).click()
	await expect(box).not.toBeChecked()
	release()
	// The root's effects, the page's among them, have run, and the put-back's task after them.
	await page.waitForFunction(() => performance.getEntriesByName('spencer:hydrated').length > 0)
	await expect(firstName).toHaveValue('Typedname')
	await expect(page.getByLabel('Current password')).toHaveValue('Typed-before-hydration-1!')
	await expect(box).not.toBeChecked()

	// React's state holds them: the forms, sent with JavaScript, send what was typed and chosen.
	await page.getByRole('button', { name: 'Save name' }).click()
	await expect(page.getByText('Name saved').first()).toBeVisible()
	await expect(firstName).toHaveValue('Typedname')
	await page.getByRole('button', { name: 'Save email setting' }).click()
	await expect(page.getByText('You will not get the plan reviews by email.').first()).toBeVisible()
	await page.reload()
	await expect(firstName).toHaveValue('Typedname')
	await expect(box).not.toBeChecked()

	// As the demo had it.
	await hydrated(page)
	await firstName.fill(drawnName)
	await page.getByRole('button', { name: 'Save name' }).click()
	await expect(page.getByText('Name saved').first()).toBeVisible()
	await page.getByText(digest, { exact: true }).click()
	await page.getByRole('button', { name: 'Save email setting' }).click()
	await expect(page.getByText('You will get the plan reviews due every Monday.').first()).toBeVisible()
})

test('a modal closed while a toast is showing gives the focus back to its opener (a toast is not a modal)', async ({ page }) => {
	await signIn(page, 'admin@spencer.test', { at: '/spencer-admin/questionnaires/list' })
	const origin = new URL(page.url()).origin
	const post = (url: string, form: Record<string, string>) => page.request.post(url, { headers: { Origin: origin }, form, maxRedirects: 0 })
	const editor = (await post('/spencer-admin/questionnaires/list', { intent: 'create', title: `Focus after a toast ${Date.now()}`, description: '' })).headers()['location']!
	for (const name of ['Alpha', 'Beta']) await post(editor, { intent: 'add-domain', name, description: '' })
	await page.goto(editor)
	await hydrated(page)
	// A move by keyboard: the page says so in a toast (for 4 s), and the focus stays on the item's buttons.
	await page.getByRole('button', { name: 'Move down: Alpha' }).focus()
	await page.keyboard.press('Enter')
	await expect(page.getByRole('alertdialog').filter({ hasText: 'Domain moved down' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Move up: Alpha' })).toBeFocused()
	// The domain's Delete opened by keyboard and closed with Escape, the toast still showing. Without the fix the focus
	// fell to the page in 2 runs of 3 here (when React Aria's own restore had not already put it back); on a slow machine
	// the toast may have gone by then, and the test passes either way, so the toast is not asserted here.
	const opener = page.getByRole('link', { name: /^Delete domain\W*Alpha$/ })
	await opener.focus()
	await page.keyboard.press('Enter')
	const dialog = page.getByRole('dialog')
	await expect(dialog).toBeVisible()
	await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
	await page.keyboard.press('Escape')
	await expect(dialog).toHaveCount(0)
	await expect(opener).toBeFocused()
})

test.describe('a connection lost', () => {
	// The browser's own line for the request the test refuses.
	test.use({ expectedConsoleErrors: /net::ERR_CONNECTION_REFUSED|net::ERR_INTERNET_DISCONNECTED/ })

	test('a form the browser could not deliver is kept, with what was typed, to send again once Spencer answers (ADR 116)', async ({ page }) => {
		await signIn(page, 'office@oakfield.test', { at: '/school-admin/groups?modal=add-group' })
		await hydrated(page)
		const name = `Kept when Spencer could not be reached ${Date.now()}`
		const dialog = page.getByRole('dialog', { name: 'Add new group' })
		await dialog.getByLabel('Name').fill(name)
		await dialog.getByLabel('Description').fill('Typed as the connection dropped')
		// The connection drops (or the instance is restarting) as the form is sent.
		await page.route(/\/school-admin\/groups\.data/, (route) => route.abort('connectionrefused'))
		await dialog.getByRole('button', { name: 'Add group' }).click()
		const heading = page.getByRole('heading', { level: 1, name: 'Not sent: Spencer could not be reached' })
		await expect(heading).toBeVisible()
		await expect(heading).toBeFocused()
		const typed = page.getByRole('region', { name: 'What you typed' })
		await expect(typed).toContainText(name)
		await expect(typed).toContainText('Typed as the connection dropped')

		// Back: the page's plain form sends it.
		await page.unroute(/\/school-admin\/groups\.data/)
		await page.getByRole('button', { name: 'Send it again' }).click()
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
		await expect(page.getByText('Group created').first()).toBeVisible()
	})

	test('an answer the browser could not deliver stays chosen, says it is not saved yet, and goes with the domain’s form (ADR 118)', async ({ page }) => {
		test.setTimeout(120_000)
		// A student of its own: Oakfield's serial 12, which only groups.spec.ts touches, adding it to a group. The need manager
		// asks the teacher about them.
		await signIn(page, 'senco@oakfield.test', { at: '/need-manager/students/manage-students' })
		const { student, dialog } = await openNewProfileFor(page, withCheckLetter('330240000012'))
		await dialog.getByText('Tom Harris (Class Teacher)').click()
		await dialog.getByRole('button', { name: 'Create profile' }).click()
		await expect(page.getByText('Profile created').first()).toBeVisible()
		await page.getByRole('button', { name: 'Sign out' }).click()
		await expect(page).toHaveURL('/auth/login')

		await signIn(page, 'teacher@oakfield.test', { at: `/professional/questionnaires?q=${encodeURIComponent(student)}` })
		await page.getByRole('row').filter({ hasText: 'Not started' }).getByRole('link', { name: student }).first().click()
		await page.getByRole('link', { name: 'Start' }).click()
		await hydrated(page)
		const questions = page.getByRole('main').getByRole('radiogroup')
		await questions.nth(0).getByText('Sometimes', { exact: true }).click()
		await expect(page.getByRole('main').locator('ol > li').nth(0).getByRole('status')).toHaveText('Saved')

		// The connection drops as the second answer is chosen.
		await page.context().setOffline(true)
		await questions.nth(1).getByText('Rarely', { exact: true }).click()
		const second = page.getByRole('main').locator('ol > li').nth(1)
		await expect(second.getByRole('status')).toHaveText(/^Not saved yet: Spencer could not be reached/)
		await expect(questions.nth(1).getByRole('radio', { name: 'Rarely' })).toBeChecked()
		await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)

		// Back online: the domain's form sends every choice on the page, the unsaved one with them.
		await page.context().setOffline(false)
		await page.getByRole('button', { name: 'Save and next domain' }).click()
		await expect(page.getByText('· domain 2 of 5')).toBeVisible()
		await page.getByRole('button', { name: 'Previous domain' }).click()
		await expect(page.getByText('· domain 1 of 5')).toBeVisible()
		await expect(questions.nth(0).getByRole('radio', { name: 'Sometimes' })).toBeChecked()
		await expect(questions.nth(1).getByRole('radio', { name: 'Rarely' })).toBeChecked()

		// A slow answer: its save is answered only once the domain's form has moved on and the next domain is being read
		// (ADR 120). The next domain is what shows, not this one's page under the next one's address.
		let releaseAnswer = () => {}
		const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve))
		let readStarted = () => {}
		const reading = new Promise<void>((resolve) => (readStarted = resolve))
		let releaseRead = () => {}
		const readReleased = new Promise<void>((resolve) => (releaseRead = resolve))
		let held = false
		await page.route(/\/domains\/[^/?]+\.data/, async (route) => {
			const request = route.request()
			if (request.method() === 'POST' && request.postData()?.includes('intent=answer')) await answerReleased
			else if (request.method() === 'GET' && !held) {
				held = true
				readStarted()
				await readReleased
			}
			await route.continue()
		})
		await questions.nth(2).getByText('Never', { exact: true }).click()
		await page.getByRole('button', { name: 'Save and next domain' }).click()
		await reading
		const answered = page.waitForResponse((response) => response.request().method() === 'POST' && (response.request().postData() ?? '').includes('intent=answer'))
		releaseAnswer()
		await answered
		releaseRead()
		await expect(page.getByText('· domain 2 of 5')).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Emotional wellbeing')
		await page.unroute(/\/domains\/[^/?]+\.data/)
	})
})
