import { type Locator, type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { hasJs, latestMail, outboxSize, signIn } from './helpers.ts'

// Every test runs twice, with JavaScript ("chromium") and without ("chromium-no-js"),
// against one in-memory database: each run names what it creates after its project.
const tag = () => (hasJs() ? 'JS' : 'no JS')

const REFERENCED_THEME = "The theme has an existing reference. Can't delete"
const CONNECTED_PROFILES = 'This entity can’t be deleted as it has connected profiles.'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Signs in as the platform admin. With JavaScript the code step can render a
 * moment after the URL changes, so the shared helper may return before it:
 * finish it here when the page is still asking for the code.
 */
async function signInAdmin(page: Page) {
	const before = outboxSize()
	await signIn(page, 'admin@spencer.test')
	await page.waitForURL((url) => url.pathname !== '/auth/login', { timeout: 3000 }).catch(() => {})
	if (new URL(page.url()).pathname === '/auth/login') {
		const mail = await latestMail('admin@spencer.test', /sign-in code/, before)
		await page.getByLabel('Code').fill(/\b(\d{6})\b/.exec(mail.body)?.[1] ?? '')
		await page.getByRole('button', { name: 'Verify and sign in' }).click()
	}
	await expect(page).toHaveURL(/\/spencer-admin(\/|$)/)
}

/** Picks an option of our Select: a native <select> without JavaScript, the React Aria list box with it. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
	if (!hasJs()) {
		await scope.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option })
		return
	}
	// Opened from the keyboard: a pointer press opens the list under the pointer and could pick what is there.
	await scope.getByRole('button', { name: new RegExp(`${escape(label)}$`) }).press('Enter')
	await page.getByRole('option', { name: option, exact: true }).click()
}

/**
 * An open URL modal. With JavaScript, wait until it is React Aria's dialog:
 * before hydration it is the server's static one, which hydration replaces
 * (with whatever was typed into it).
 */
async function dialogNamed(page: Page, name: string) {
	const dialog = page.getByRole('dialog', { name, exact: true })
	await expect(dialog).toBeVisible()
	if (hasJs()) await expect(dialog).toHaveAttribute('data-rac', '')
	return dialog
}

async function addDomain(page: Page, name: string) {
	await page.getByRole('link', { name: 'Add domain' }).click()
	const dialog = await dialogNamed(page, 'Add domain')
	await dialog.getByLabel('Name').fill(name)
	await dialog.getByRole('button', { name: 'Add domain' }).click()
	await expect(page.getByRole('heading', { level: 3, name: new RegExp(`\\d\\. ${escape(name)}$`) })).toBeVisible()
}

async function addQuestion(page: Page, domain: string, text: string, options: { theme?: string; reverse?: boolean } = {}) {
	await page.getByRole('link', { name: `Add question to ${domain}` }).click()
	const dialog = await dialogNamed(page, `Add question to ${domain}`)
	await dialog.getByLabel('Question').fill(text)
	if (options.theme) await choose(page, dialog, 'Theme', options.theme)
	if (options.reverse) {
		await dialog.getByText('Reverse-scored', { exact: true }).click()
		await expect(dialog.getByRole('checkbox', { name: 'Reverse-scored' })).toBeChecked()
	}
	await dialog.getByRole('button', { name: 'Add question' }).click()
	await expect(page.getByRole('dialog')).toHaveCount(0)
	await expect(questionsOf(page, domain).getByRole('listitem').filter({ hasText: text })).toBeVisible()
}

const questionsOf = (page: Page, domain: string) => page.getByRole('list', { name: `Questions in ${domain}`, exact: true })

/** Expects a domain's questions to be these, in this order (each is shown numbered: "1. …"). */
async function expectQuestions(list: Locator, texts: string[]) {
	await expect(list.locator(':scope > li > div > p:first-child')).toHaveText(texts.map((text, index) => new RegExp(`^${index + 1}\\.\\s*${escape(text)}$`)))
}

test('build a questionnaire with two domains and three questions, reorder by keyboard, preview it', async ({ page }) => {
	// About twenty page loads, each checked by axe (without JavaScript, in a second page too).
	test.slow()
	const title = `Transition check (${tag()})`
	const first = `Settling in (${tag()})`
	const second = `Learning (${tag()})`
	await signInAdmin(page)
	await page.goto('/spencer-admin/questionnaires')
	await expect(page).toHaveURL('/spencer-admin/questionnaires/list')
	await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible()
	await expect(page.getByRole('navigation', { name: 'Questionnaires sections' }).getByRole('link', { name: 'Questionnaires' })).toHaveAttribute(
		'aria-current',
		'page',
	)

	await page.getByRole('link', { name: 'Create questionnaire' }).click()
	const create = await dialogNamed(page, 'Create questionnaire')
	await create.getByRole('button', { name: 'Create questionnaire' }).click()
	// The server's answer (no JavaScript) or the browser's check (JavaScript) beside the field.
	await expect(create.getByText('Enter a title.')).toBeVisible()
	await create.getByLabel('Title').fill(title)
	await create.getByLabel('Description').fill('For a child moving to a new school.')
	await create.getByRole('button', { name: 'Create questionnaire' }).click()
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	await expect(page.getByText('Draft', { exact: true })).toBeVisible()

	await addDomain(page, first)
	await addDomain(page, second)
	await addQuestion(page, first, `Seems settled in class (${tag()})`, { theme: 'Belonging', reverse: true })
	await addQuestion(page, first, `Knows who to ask for help (${tag()})`)
	await addQuestion(page, second, `Finishes tasks (${tag()})`, { theme: 'Attention and focus' })

	const firstQuestions = questionsOf(page, first)
	await expect(firstQuestions.getByText('Theme: Belonging')).toBeVisible()
	await expect(firstQuestions.getByText('Reverse-scored', { exact: true })).toBeVisible()
	await expectQuestions(firstQuestions, [`Seems settled in class (${tag()})`, `Knows who to ask for help (${tag()})`])

	// Keyboard: focus "Move up" on the second question, press Enter.
	const moveUp = firstQuestions.getByRole('button', { name: `Move up: Knows who to ask for help (${tag()})` })
	await moveUp.focus()
	await page.keyboard.press('Enter')
	await expectQuestions(firstQuestions, [`Knows who to ask for help (${tag()})`, `Seems settled in class (${tag()})`])
	if (hasJs()) {
		// Focus comes back to the moved question (now first, so to its "Move down").
		await expect(firstQuestions.getByRole('button', { name: `Move down: Knows who to ask for help (${tag()})` })).toBeFocused()
	}

	await page.getByRole('button', { name: `Move up: ${second}` }).focus()
	await page.keyboard.press('Enter')
	await expect(page.getByRole('heading', { level: 3, name: `1. ${second}` })).toBeVisible()
	await expect(page.getByRole('heading', { level: 3, name: `2. ${first}` })).toBeVisible()

	await page.getByRole('link', { name: 'Preview' }).click()
	await expect(page.getByRole('heading', { level: 1, name: `Preview: ${title}` })).toBeVisible()
	const domains = page.getByRole('heading', { level: 2 })
	await expect(domains.filter({ hasText: first })).toBeVisible()
	expect(await domains.allTextContents()).toEqual([`1. ${second}`, `2. ${first}`])
	const groups = page.getByRole('radiogroup')
	await expect(groups).toHaveCount(3)
	await expect(groups.first()).toHaveAccessibleName(`1.1 Finishes tasks (${tag()})`)
	for (const label of ['Always', 'Very often', 'Sometimes', 'Rarely', 'Never']) {
		await expect(groups.first().getByRole('radio', { name: label })).toBeDisabled()
	}
})

test('the add-question form shows the server’s field errors', async ({ page }) => {
	const title = `Errors check (${tag()})`
	await signInAdmin(page)
	// Straight to the modal's URL.
	await page.goto('/spencer-admin/questionnaires/list?modal=create-questionnaire')
	const create = await dialogNamed(page, 'Create questionnaire')
	await create.getByLabel('Title').fill(title)
	await create.getByRole('button', { name: 'Create questionnaire' }).click()
	await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
	await addDomain(page, `Only domain (${tag()})`)

	await page.getByRole('link', { name: `Add question to Only domain (${tag()})` }).click()
	const dialog = await dialogNamed(page, `Add question to Only domain (${tag()})`)
	await dialog.getByLabel('Question').fill('   ')
	await dialog.getByRole('button', { name: 'Add question' }).click()
	await expect(dialog.getByText('Enter the question.')).toBeVisible()
	await expect(dialog.getByLabel('Question')).toHaveAttribute('aria-invalid', 'true')
	await dialog.getByLabel('Question').fill(`A real question (${tag()})`)
	await dialog.getByRole('button', { name: 'Add question' }).click()
	await expect(questionsOf(page, `Only domain (${tag()})`).getByRole('listitem').filter({ hasText: `A real question (${tag()})` })).toBeVisible()
})

test('create a theme and a recommendation; deleting the referenced theme shows 1002', async ({ page }) => {
	// A dozen page loads, each checked by axe.
	test.slow()
	const theme = `Sleep (${tag()})`
	const recommendation = `Quiet start to the day (${tag()})`
	await signInAdmin(page)
	await page.goto('/spencer-admin/questionnaires/list')
	const tabs = page.getByRole('navigation', { name: 'Questionnaires sections' })
	await tabs.getByRole('link', { name: 'Theme list' }).click()
	await expect(page).toHaveURL('/spencer-admin/questionnaires/theme-list')

	await page.getByRole('link', { name: 'Create theme' }).click()
	let dialog = await dialogNamed(page, 'Create theme')
	await dialog.getByLabel('Name').fill('Anxiety')
	await dialog.getByRole('button', { name: 'Create theme' }).click()
	await expect(dialog.getByText('A theme with this name already exists')).toBeVisible()
	await dialog.getByLabel('Name').fill(theme)
	await dialog.getByLabel('Description').fill('Tiredness, rest and routines.')
	await dialog.getByRole('button', { name: 'Create theme' }).click()
	await expect(page.getByRole('rowheader', { name: theme })).toBeVisible()

	await tabs.getByRole('link', { name: 'Recommendations' }).click()
	await page.getByRole('link', { name: 'Create recommendation' }).click()
	dialog = await dialogNamed(page, 'Create recommendation')
	await dialog.getByLabel('Title').fill(recommendation)
	await dialog
		.getByLabel('Description')
		.fill('A calm, predictable first ten minutes.\n\nSee https://www.nhs.uk/live-well/sleep-and-tiredness/ for advice.')
	await choose(page, dialog, 'Theme', theme)
	await choose(page, dialog, 'Applies from severity', 'High')
	await dialog.getByRole('button', { name: 'Create recommendation' }).click()
	const card = page.getByRole('article', { name: recommendation })
	await expect(card).toBeVisible()
	await expect(card.getByRole('link', { name: 'https://www.nhs.uk/live-well/sleep-and-tiredness/' })).toHaveAttribute('rel', 'noopener noreferrer')

	// The filter is a GET form: theme and severity in the URL, filtered on the server.
	await choose(page, page.getByRole('search', { name: 'Filter recommendations' }), 'Theme', theme)
	await page.getByRole('button', { name: 'Filter' }).click()
	await expect(page).toHaveURL(/theme=[0-9a-f-]{36}/)
	await expect(page.getByRole('article')).toHaveCount(1)
	await expect(card).toBeVisible()

	await tabs.getByRole('link', { name: 'Theme list' }).click()
	await page.getByRole('link', { name: `Delete ${theme}` }).click()
	dialog = await dialogNamed(page, 'Delete theme')
	await dialog.getByRole('button', { name: 'Delete theme' }).click()
	await expect(page.getByText(REFERENCED_THEME)).toBeVisible()
	await expect(page.getByRole('rowheader', { name: theme })).toBeVisible()
})

test('deleting the seeded questionnaire shows 1005 and keeps it', async ({ page }) => {
	await signInAdmin(page)
	await page.goto('/spencer-admin/questionnaires/list')
	await page.getByRole('link', { name: 'Delete Wellbeing and Needs Check' }).click()
	const dialog = await dialogNamed(page, 'Delete questionnaire')
	await dialog.getByRole('button', { name: 'Delete questionnaire' }).click()
	await expect(page.getByText(CONNECTED_PROFILES)).toBeVisible()
	await expect(page.getByRole('rowheader', { name: 'Wellbeing and Needs Check' })).toBeVisible()

	// Its structure is locked, and the page says so.
	await page.getByRole('link', { name: 'Wellbeing and Needs Check', exact: true }).click()
	await expect(page.getByText('Structure locked.')).toBeVisible()
	await expect(page.getByRole('button', { name: /^Move up/ })).toHaveCount(0)
})
