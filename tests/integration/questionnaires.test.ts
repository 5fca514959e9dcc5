import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ERROR_CATALOGUE } from '#app/lib/errors.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { page, postAndFollow, textOf } from './pages.ts'

let app: TestApp
let admin: Browser
let seeded: { id: string; title: string }

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
	const [row] = await app.sql<{ id: string; title: string }>("select id, title from questionnaire where title = 'Wellbeing and Needs Check'")
	seeded = row!
})
afterAll(() => app?.close())

const BASE = '/spencer-admin/questionnaires'

async function createQuestionnaire(title: string) {
	const response = await admin.post(`${BASE}/list`, { intent: 'create', title, description: 'For the tests.' })
	expect(response.status).toBe(302)
	const id = /\/spencer-admin\/questionnaires\/([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')?.[1]
	expect(id).toBeTruthy()
	return id!
}

async function addDomain(questionnaireId: string, name: string) {
	const response = await admin.post(`${BASE}/${questionnaireId}`, { intent: 'add-domain', name, description: '' })
	expect(response.status).toBe(302)
	return /#domain-([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')![1]!
}

async function addQuestion(questionnaireId: string, domainId: string, text: string, extra: Record<string, string> = {}) {
	const response = await admin.post(`${BASE}/${questionnaireId}`, { intent: 'add-question', domainId, text, themeId: 'none', ...extra })
	expect(response.status).toBe(302)
	return /#question-([0-9a-f-]{36})$/.exec(response.headers.get('Location') ?? '')![1]!
}

async function domainOrder(questionnaireId: string) {
	return app.sql<{ name: string; position: number }>('select name, position from domain where questionnaire_id = ? order by position', [
		questionnaireId,
	])
}

async function questionOrder(domainId: string) {
	return app.sql<{ text: string; position: number }>('select text, position from question where domain_id = ? order by position', [domainId])
}

async function count(sql: string, params: unknown[] = []) {
	const [row] = await app.sql<{ count: number }>(sql, params)
	return row?.count ?? 0
}

describe('guards: only a platform admin', () => {
	const OTHERS = [
		{ email: 'office@oakfield.test', home: '/school-admin' },
		{ email: 'senco@oakfield.test', home: '/need-manager' },
		{ email: 'teacher@oakfield.test', home: '/professional' },
	]
	const loaders = () => [
		BASE,
		`${BASE}/list`,
		`${BASE}/list?modal=edit-questionnaire&id=${seeded.id}`,
		`${BASE}/theme-list`,
		`${BASE}/recommendations?severity=high`,
		`${BASE}/${seeded.id}`,
		`${BASE}/${seeded.id}/preview`,
	]
	const actions = (): { path: string; form: Record<string, string> }[] => [
		{ path: `${BASE}/list`, form: { intent: 'create', title: 'Intruder questionnaire' } },
		{ path: `${BASE}/list`, form: { intent: 'delete', id: seeded.id } },
		{ path: `${BASE}/theme-list`, form: { intent: 'create-theme', name: 'Intruder theme' } },
		{ path: `${BASE}/recommendations`, form: { intent: 'create-recommendation', title: 'Intruder', description: 'x', severity: 'high' } },
		{ path: `${BASE}/${seeded.id}`, form: { intent: 'edit-questionnaire', title: 'Intruder title' } },
	]

	test.each(OTHERS)('$email is sent to $home by every loader and action, and nothing is written', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const path of loaders()) {
			const response = await browser.request(path)
			expect(response.status, path).toBe(302)
			expect(response.headers.get('Location'), path).toBe(home)
		}
		for (const { path, form } of actions()) {
			const response = await browser.post(path, form)
			expect(response.status, `${path} ${form.intent}`).toBe(302)
			expect(response.headers.get('Location'), `${path} ${form.intent}`).toBe(home)
		}
		expect(await count("select count(*)::int as count from questionnaire where title like 'Intruder%'")).toBe(0)
		expect(await count("select count(*)::int as count from theme where name like 'Intruder%'")).toBe(0)
		expect(await count('select count(*)::int as count from questionnaire where id = ? and title = ?', [seeded.id, seeded.title])).toBe(1)
	})

	test('a visitor goes to the login screen, remembering the path', async () => {
		const visitor = new Browser(app)
		for (const path of loaders()) {
			const response = await visitor.request(path)
			expect(response.status, path).toBe(302)
			expect(response.headers.get('Location'), path).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
		for (const { path, form } of actions()) {
			const response = await visitor.post(path, form)
			expect(response.headers.get('Location'), path).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
		expect(await count("select count(*)::int as count from questionnaire where title like 'Intruder%'")).toBe(0)
	})
})

describe('the tabs', () => {
	test('the index opens the list tab; each tab is a link', async () => {
		const response = await admin.request(BASE)
		expect(response.headers.get('Location')).toBe(`${BASE}/list`)
		const html = await (await admin.request(`${BASE}/list`)).text()
		expect(html).toMatch(new RegExp(`href="${BASE}/list"[^>]*aria-current="page"|aria-current="page"[^>]*href="${BASE}/list"`))
		expect(html).toContain(`href="${BASE}/theme-list"`)
		expect(html).toContain(`href="${BASE}/recommendations"`)
		expect(textOf(html)).toContain(seeded.title)
	})

	test('an unknown or malformed questionnaire id is not found', async () => {
		expect((await admin.request(`${BASE}/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
		expect((await admin.request(`${BASE}/not-an-id/preview`)).status).toBe(404)
	})
})

describe('a questionnaire’s life', () => {
	test('create, edit, publish and archive — each audited', async () => {
		const invalid = await admin.post(`${BASE}/list?modal=create-questionnaire`, { intent: 'create', title: '  ' })
		expect(invalid.status).toBe(400)
		expect(textOf(await invalid.text())).toContain('Enter a title.')

		const id = await createQuestionnaire('Transition readiness')
		expect(await page(admin, `${BASE}/${id}`)).toContain('Transition readiness')
		expect((await app.sql<{ status: string }>('select status from questionnaire where id = ?', [id]))[0]?.status).toBe('draft')

		const edited = await postAndFollow(admin, `${BASE}/list?modal=edit-questionnaire&id=${id}`, {
			intent: 'edit',
			id,
			title: 'Transition readiness check',
			description: 'Before moving school.',
		})
		expect(edited.location).toBe(`${BASE}/list`)
		expect(edited.text).toContain('Questionnaire saved')
		expect(edited.text).toContain('Transition readiness check')

		// An empty questionnaire cannot be published.
		const empty = await postAndFollow(admin, `${BASE}/list`, { intent: 'publish', id })
		expect(empty.text).toContain('Add at least one domain with a question before publishing this questionnaire.')
		expect((await app.sql<{ status: string }>('select status from questionnaire where id = ?', [id]))[0]?.status).toBe('draft')

		const domainId = await addDomain(id, 'Getting ready')
		await addQuestion(id, domainId, 'Talks about the move with confidence', { reverse: 'on' })
		await postAndFollow(admin, `${BASE}/list`, { intent: 'publish', id })
		expect((await app.sql<{ status: string }>('select status from questionnaire where id = ?', [id]))[0]?.status).toBe('published')
		await postAndFollow(admin, `${BASE}/list`, { intent: 'archive', id })
		expect((await app.sql<{ status: string }>('select status from questionnaire where id = ?', [id]))[0]?.status).toBe('archived')

		const actions = await app.sql<{ action: string; school_id: string | null }>(
			'select action, school_id from audit_event where entity_id = ? order by at, action',
			[id],
		)
		expect(actions.map((row) => row.action).sort()).toEqual([
			'questionnaire.archive',
			'questionnaire.create',
			'questionnaire.publish',
			'questionnaire.update',
		])
		expect(actions.every((row) => row.school_id === null)).toBe(true)

		const deleted = await postAndFollow(admin, `${BASE}/list`, { intent: 'delete', id })
		expect(deleted.text).toContain('Questionnaire deleted')
		expect(await count('select count(*)::int as count from questionnaire where id = ?', [id])).toBe(0)
		expect(await count('select count(*)::int as count from domain where id = ?', [domainId])).toBe(0)
	})

	test('domains and questions are added in order and reordered by move up / move down', async () => {
		const id = await createQuestionnaire('Ordering check')
		const first = await addDomain(id, 'First domain')
		const second = await addDomain(id, 'Second domain')
		const third = await addDomain(id, 'Third domain')
		const q1 = await addQuestion(id, first, 'Question one')
		await addQuestion(id, first, 'Question two')
		const q3 = await addQuestion(id, first, 'Question three')
		await addQuestion(id, second, 'Another domain’s question')
		expect(await domainOrder(id)).toEqual([
			{ name: 'First domain', position: 0 },
			{ name: 'Second domain', position: 1 },
			{ name: 'Third domain', position: 2 },
		])

		const moved = await admin.post(`${BASE}/${id}`, { intent: 'question-up', id: q3 })
		expect(moved.headers.get('Location')).toBe(`${BASE}/${id}#question-up-${q3}`)
		await admin.post(`${BASE}/${id}`, { intent: 'question-up', id: q3 })
		// At the top already: nothing changes.
		await admin.post(`${BASE}/${id}`, { intent: 'question-up', id: q3 })
		await admin.post(`${BASE}/${id}`, { intent: 'question-down', id: q1 })
		expect(await questionOrder(first)).toEqual([
			{ text: 'Question three', position: 0 },
			{ text: 'Question two', position: 1 },
			{ text: 'Question one', position: 2 },
		])
		// Numbered within its own domain.
		expect(await questionOrder(second)).toEqual([{ text: 'Another domain’s question', position: 0 }])

		await admin.post(`${BASE}/${id}`, { intent: 'domain-up', id: third })
		await admin.post(`${BASE}/${id}`, { intent: 'domain-down', id: first })
		expect(await domainOrder(id)).toEqual([
			{ name: 'Third domain', position: 0 },
			{ name: 'First domain', position: 1 },
			{ name: 'Second domain', position: 2 },
		])

		// The page shows the stored order.
		const text = await page(admin, `${BASE}/${id}`)
		expect(text.indexOf('1. Third domain')).toBeLessThan(text.indexOf('2. First domain'))
		expect(text.indexOf('Question three')).toBeLessThan(text.indexOf('Question two'))

		// Deleting closes the gap.
		await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-question', id: q3 })
		expect(await questionOrder(first)).toEqual([
			{ text: 'Question two', position: 0 },
			{ text: 'Question one', position: 1 },
		])
		await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-domain', id: third })
		expect(await domainOrder(id)).toEqual([
			{ name: 'First domain', position: 0 },
			{ name: 'Second domain', position: 1 },
		])
		expect(await count("select count(*)::int as count from audit_event where action = 'question.move'")).toBeGreaterThanOrEqual(3)
		expect(await count("select count(*)::int as count from audit_event where action = 'domain.move'")).toBe(2)
	})

	test('a published questionnaire keeps at least one question: deleting its last question or domain is refused', async () => {
		const id = await createQuestionnaire(`Kept non-empty ${Date.now()}`)
		const first = await addDomain(id, 'First')
		const second = await addDomain(id, 'Second, empty')
		const only = await addQuestion(id, first, 'The only question')
		await postAndFollow(admin, `${BASE}/list`, { intent: 'publish', id })
		const questions = () => count('select count(*)::int as count from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?', [id])

		const lastQuestion = await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-question', id: only })
		expect(lastQuestion.text).toContain('A published questionnaire needs at least one question. Add another question first, or archive the questionnaire.')
		const lastDomain = await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-domain', id: first })
		expect(lastDomain.text).toContain('A published questionnaire needs at least one question.')
		expect(await questions()).toBe(1)
		expect(await count('select count(*)::int as count from domain where questionnaire_id = ?', [id])).toBe(2)
		expect(await count("select count(*)::int as count from audit_event where action in ('question.delete', 'domain.delete') and entity_id in (?, ?)", [only, first])).toBe(0)

		// A domain without questions may go; with another question added, so may the first one; archived, anything may.
		await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-domain', id: second })
		await addQuestion(id, first, 'Another question')
		await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-question', id: only })
		expect(await questions()).toBe(1)
		await postAndFollow(admin, `${BASE}/list`, { intent: 'archive', id })
		await postAndFollow(admin, `${BASE}/${id}`, { intent: 'delete-domain', id: first })
		expect(await questions()).toBe(0)
	})

	test('a question’s theme and reverse flag are saved; bad input gets field errors and a 400', async () => {
		const id = await createQuestionnaire('Theme check')
		const domainId = await addDomain(id, 'Only domain')
		const [anxiety] = await app.sql<{ id: string }>("select id from theme where name = 'Anxiety'")
		const questionId = await addQuestion(id, domainId, 'Worries about tests', { themeId: anxiety!.id, reverse: 'on' })
		expect((await app.sql('select theme_id, reverse from question where id = ?', [questionId]))[0]).toEqual({
			theme_id: anxiety!.id,
			reverse: true,
		})

		const blank = await admin.post(`${BASE}/${id}?modal=add-question&domainId=${domainId}`, { intent: 'add-question', domainId, text: '' })
		expect(blank.status).toBe(400)
		expect(textOf(await blank.text())).toContain('Enter the question.')
		const badTheme = await admin.post(`${BASE}/${id}?modal=add-question&domainId=${domainId}`, {
			intent: 'add-question',
			domainId,
			text: 'A question',
			themeId: '00000000-0000-4000-8000-000000000000',
		})
		expect(badTheme.status).toBe(400)
		expect(textOf(await badTheme.text())).toContain('Choose a theme from the list.')
		const blankDomain = await admin.post(`${BASE}/${id}?modal=add-domain`, { intent: 'add-domain', name: '' })
		expect(blankDomain.status).toBe(400)
		expect(textOf(await blankDomain.text())).toContain('Enter a name.')

		await postAndFollow(admin, `${BASE}/${id}`, { intent: 'edit-question', id: questionId, text: 'Worries about tests and exams', themeId: 'none' })
		expect((await app.sql('select text, theme_id, reverse from question where id = ?', [questionId]))[0]).toEqual({
			text: 'Worries about tests and exams',
			theme_id: null,
			reverse: false,
		})
	})
})

describe('the seeded questionnaire has profiles', () => {
	async function structure() {
		return app.sql<{ domain: string; domain_position: number; question: string; question_position: number }>(
			`select d.id as domain, d.position as domain_position, q.id as question, q.position as question_position
			from domain d join question q on q.domain_id = d.id where d.questionnaire_id = ? order by d.position, q.position`,
			[seeded.id],
		)
	}

	test('its structure is locked, and the page says so', async () => {
		expect(await count('select count(*)::int as count from profile where questionnaire_id = ?', [seeded.id])).toBeGreaterThan(0)
		const before = await structure()
		const text = await page(admin, `${BASE}/${seeded.id}`)
		expect(text).toContain('Structure locked.')
		expect(text).not.toContain('Add domain')
		expect(text).not.toContain('Move up')

		const firstDomain = before[0]!.domain
		const secondDomain = before.find((row) => row.domain !== firstDomain)!.domain
		const firstQuestion = before[0]!.question
		const secondQuestion = before[1]!.question

		const added = await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'add-domain', name: 'One more' })
		expect(added.text).toContain('The structure is locked')
		await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'add-question', domainId: firstDomain, text: 'One more?' })
		await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'domain-up', id: secondDomain })
		await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'question-down', id: firstQuestion })

		const deleteQuestion = await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'delete-question', id: secondQuestion })
		expect(deleteQuestion.text).toContain(ERROR_CATALOGUE[1005])
		const deleteDomain = await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'delete-domain', id: secondDomain })
		expect(deleteDomain.text).toContain(ERROR_CATALOGUE[1005])

		expect(await structure()).toEqual(before)
	})

	test('its wording stays editable; the theme and reverse flag do not change', async () => {
		const [question] = await app.sql<{ id: string; domain_id: string; theme_id: string | null; reverse: boolean; text: string }>(
			`select q.id, q.domain_id, q.theme_id, q.reverse, q.text from question q join domain d on d.id = q.domain_id
			where d.questionnaire_id = ? and q.theme_id is not null order by d.position, q.position limit 1`,
			[seeded.id],
		)
		const locked = await admin.request(`${BASE}/${seeded.id}?modal=edit-question&id=${question!.id}`)
		expect(textOf(await locked.text())).toContain('they stay as they are while the questionnaire has profiles')

		await postAndFollow(admin, `${BASE}/${seeded.id}`, {
			intent: 'edit-question',
			id: question!.id,
			text: `${question!.text} (reworded)`,
			themeId: 'none',
			reverse: question!.reverse ? '' : 'on',
		})
		expect((await app.sql('select text, theme_id, reverse from question where id = ?', [question!.id]))[0]).toEqual({
			text: `${question!.text} (reworded)`,
			theme_id: question!.theme_id,
			reverse: question!.reverse,
		})

		await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'edit-domain', id: question!.domain_id, name: 'Emotional wellbeing (reworded)' })
		expect((await app.sql('select name from domain where id = ?', [question!.domain_id]))[0]).toEqual({ name: 'Emotional wellbeing (reworded)' })

		await postAndFollow(admin, `${BASE}/${seeded.id}`, { intent: 'edit-questionnaire', title: seeded.title, description: 'Reworded description.' })
		expect((await app.sql('select title, description from questionnaire where id = ?', [seeded.id]))[0]).toEqual({
			title: seeded.title,
			description: 'Reworded description.',
		})
	})

	test('deleting it answers 1005 and deletes nothing', async () => {
		const before = {
			domains: await count('select count(*)::int as count from domain where questionnaire_id = ?', [seeded.id]),
			questions: await count('select count(*)::int as count from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?', [
				seeded.id,
			]),
		}
		const refused = await admin.post(`${BASE}/list`, { intent: 'delete', id: seeded.id })
		expect(refused.status).toBe(302)
		expect(refused.headers.get('Location')).toBe(`${BASE}/list`)
		const text = await page(admin, `${BASE}/list`)
		expect(text).toContain(ERROR_CATALOGUE[1005])
		expect(text).toContain('Error 1005')
		expect(await count('select count(*)::int as count from questionnaire where id = ?', [seeded.id])).toBe(1)
		expect(await count('select count(*)::int as count from domain where questionnaire_id = ?', [seeded.id])).toBe(before.domains)
		expect(
			await count('select count(*)::int as count from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?', [seeded.id]),
		).toBe(before.questions)
		expect(await count("select count(*)::int as count from audit_event where action = 'questionnaire.delete' and entity_id = ?", [seeded.id])).toBe(0)
	})

	test('the preview shows its domains in order with the frequency scale, disabled', async () => {
		const html = await (await admin.request(`${BASE}/${seeded.id}/preview`)).text()
		const domains = await app.sql<{ name: string }>('select name from domain where questionnaire_id = ? order by position', [seeded.id])
		const text = textOf(html)
		const positions = domains.map((domain) => text.indexOf(domain.name))
		expect(positions.every((position) => position >= 0)).toBe(true)
		expect([...positions].sort((a, b) => a - b)).toEqual(positions)
		for (const label of ['Always', 'Very often', 'Sometimes', 'Rarely', 'Never']) expect(text).toContain(label)
		const radios = html.match(/<input[^>]*type="radio"[^>]*>/g) ?? []
		const questions = await count(
			'select count(*)::int as count from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?',
			[seeded.id],
		)
		expect(radios).toHaveLength(questions * 5)
		expect(radios.every((radio) => /\sdisabled=""/.test(radio))).toBe(true)
	})
})

describe('themes', () => {
	test('a duplicate name is a field error, whatever its case', async () => {
		const response = await admin.post(`${BASE}/theme-list?modal=create-theme`, { intent: 'create-theme', name: 'anxiety', description: '' })
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(textOf(html)).toContain('A theme with this name already exists')
		expect(html).toMatch(/aria-invalid="true"/)
		expect(await count("select count(*)::int as count from theme where lower(name) = 'anxiety'")).toBe(1)
	})

	test('create, rename and delete an unused theme', async () => {
		const created = await postAndFollow(admin, `${BASE}/theme-list?modal=create-theme`, {
			intent: 'create-theme',
			name: 'Sleep',
			description: 'Tiredness and rest.',
		})
		expect(created.location).toBe(`${BASE}/theme-list`)
		expect(created.text).toContain('Theme created')
		const [theme] = await app.sql<{ id: string }>("select id from theme where name = 'Sleep'")
		const duplicate = await admin.post(`${BASE}/theme-list`, { intent: 'edit-theme', id: theme!.id, name: 'Belonging' })
		expect(duplicate.status).toBe(400)
		await postAndFollow(admin, `${BASE}/theme-list`, { intent: 'edit-theme', id: theme!.id, name: 'Sleep and rest' })
		expect((await app.sql('select name from theme where id = ?', [theme!.id]))[0]).toEqual({ name: 'Sleep and rest' })
		const deleted = await postAndFollow(admin, `${BASE}/theme-list`, { intent: 'delete-theme', id: theme!.id })
		expect(deleted.text).toContain('Theme deleted')
		expect(await count('select count(*)::int as count from theme where id = ?', [theme!.id])).toBe(0)
		expect(
			(await app.sql<{ action: string }>('select action from audit_event where entity_id = ? order by at', [theme!.id])).map((row) => row.action),
		).toEqual(['theme.create', 'theme.update', 'theme.delete'])
	})

	test('a submission with JavaScript (single fetch, …/theme-list.data) returns to the page, not to its data URL', async () => {
		const response = await admin.post(`${BASE}/theme-list.data?modal=create-theme`, { intent: 'create-theme', name: 'Play' })
		const body = await response.text()
		expect(body).toContain(`"${BASE}/theme-list"`)
		expect(body).not.toContain('theme-list.data')
		expect(await count("select count(*)::int as count from theme where name = 'Play'")).toBe(1)
	})

	test('deleting a theme that questions or recommendations use answers 1002 and deletes nothing', async () => {
		const [theme] = await app.sql<{ id: string }>("select id from theme where name = 'Friendships'")
		const refused = await postAndFollow(admin, `${BASE}/theme-list`, { intent: 'delete-theme', id: theme!.id })
		expect(refused.text).toContain(ERROR_CATALOGUE[1002])
		expect(await count('select count(*)::int as count from theme where id = ?', [theme!.id])).toBe(1)

		// Used by a recommendation only.
		await postAndFollow(admin, `${BASE}/theme-list`, { intent: 'create-theme', name: 'Transitions' })
		const [transitions] = await app.sql<{ id: string }>("select id from theme where name = 'Transitions'")
		await postAndFollow(admin, `${BASE}/recommendations`, {
			intent: 'create-recommendation',
			title: 'Transition passport',
			description: 'A one-page profile for the new school.',
			themeId: transitions!.id,
			severity: 'medium',
		})
		const again = await postAndFollow(admin, `${BASE}/theme-list`, { intent: 'delete-theme', id: transitions!.id })
		expect(again.text).toContain(ERROR_CATALOGUE[1002])
		expect(await count('select count(*)::int as count from theme where id = ?', [transitions!.id])).toBe(1)
	})
})

describe('recommendations', () => {
	async function titlesOn(path: string) {
		const html = await (await admin.request(path)).text()
		return [...html.matchAll(/<h3 id="recommendation-([0-9a-f-]{36})"/g)].map((match) => match[1]).sort()
	}
	async function idsWhere(where: string, params: unknown[] = []) {
		return (await app.sql<{ id: string }>(`select id from recommendation ${where}`, params)).map((row) => row.id).sort()
	}

	test('the list filters by theme and by severity, on the server', async () => {
		const [anxiety] = await app.sql<{ id: string }>("select id from theme where name = 'Anxiety'")
		const all = await titlesOn(`${BASE}/recommendations`)
		expect(all).toEqual(await idsWhere(''))
		const byTheme = await titlesOn(`${BASE}/recommendations?theme=${anxiety!.id}&severity=all`)
		expect(byTheme.length).toBeGreaterThan(0)
		expect(byTheme.length).toBeLessThan(all.length)
		expect(byTheme).toEqual(await idsWhere('where theme_id = ?', [anxiety!.id]))
		const high = await titlesOn(`${BASE}/recommendations?theme=all&severity=high`)
		expect(high).toEqual(await idsWhere("where severity = 'high'"))
		expect(high.length).toBeLessThan(all.length)
		const both = await titlesOn(`${BASE}/recommendations?theme=${anxiety!.id}&severity=medium`)
		expect(both).toEqual(await idsWhere("where theme_id = ? and severity = 'medium'", [anxiety!.id]))
		// Nonsense in the query is illegal input (issue 13, item 8): said so, and nothing listed rather than everything.
		const nonsense = await admin.request(`${BASE}/recommendations?theme=nonsense&severity=low`)
		expect(nonsense.status).toBe(400)
		const html = await nonsense.text()
		expect(html).toContain('Illegal input')
		expect(await titlesOn(`${BASE}/recommendations?theme=nonsense&severity=low`)).toEqual([])
	})

	test('create and edit; the description shows as paragraphs with safe links', async () => {
		const [belonging] = await app.sql<{ id: string }>("select id from theme where name = 'Belonging'")
		const invalid = await admin.post(`${BASE}/recommendations?modal=create-recommendation`, {
			intent: 'create-recommendation',
			title: 'Lunch club',
			description: '',
			severity: 'low',
		})
		expect(invalid.status).toBe(400)
		const invalidText = textOf(await invalid.text())
		expect(invalidText).toContain('Enter a description.')
		expect(invalidText).toContain('Choose a theme.')
		expect(invalidText).toContain('Choose the severity it applies from.')

		await postAndFollow(admin, `${BASE}/recommendations?modal=create-recommendation`, {
			intent: 'create-recommendation',
			title: 'Lunch club',
			description: 'A quiet lunch club twice a week.\n\nIdeas: https://www.annafreud.org/schools/. <b>Bold?</b>',
			themeId: belonging!.id,
			severity: 'high',
		})
		const [created] = await app.sql<{ id: string }>("select id from recommendation where title = 'Lunch club'")
		const html = await (await admin.request(`${BASE}/recommendations?theme=${belonging!.id}`)).text()
		expect(html).toContain('<p><span>A quiet lunch club twice a week.</span></p>')
		expect(html).toContain('<a href="https://www.annafreud.org/schools/" rel="noopener noreferrer"')
		expect(html).toContain('&lt;b&gt;Bold?&lt;/b&gt;')
		expect(html).not.toContain('<b>Bold?</b>')

		await postAndFollow(admin, `${BASE}/recommendations?modal=edit-recommendation&id=${created!.id}`, {
			intent: 'edit-recommendation',
			id: created!.id,
			title: 'Lunch club (Tuesdays and Thursdays)',
			description: 'A quiet lunch club twice a week.',
			themeId: belonging!.id,
			severity: 'medium',
		})
		expect((await app.sql('select title, severity from recommendation where id = ?', [created!.id]))[0]).toEqual({
			title: 'Lunch club (Tuesdays and Thursdays)',
			severity: 'medium',
		})
		expect(
			(await app.sql<{ action: string }>('select action from audit_event where entity_id = ? order by at', [created!.id])).map((row) => row.action),
		).toEqual(['recommendation.create', 'recommendation.update'])
	})
})

describe('the list page', () => {
	/**
	 * The SQL statements of one request, as the app counts them (X-Query-Count
	 * with QUERY_STATS=1): only that request's, never the import worker's polls.
	 */
	async function queriesFor(path: string) {
		const response = await admin.request(path)
		expect(response.status).toBe(200)
		await response.text()
		return Number(response.headers.get('X-Query-Count'))
	}

	test('runs a constant number of SQL queries whatever the number of questionnaires', async () => {
		const before = await queriesFor(`${BASE}/list`)
		expect(before).toBeGreaterThan(0)
		for (let index = 0; index < 6; index++) {
			const id = await createQuestionnaire(`Bulk questionnaire ${index}`)
			const domainId = await addDomain(id, 'Domain')
			await addQuestion(id, domainId, 'Question')
		}
		const after = await queriesFor(`${BASE}/list`)
		expect(after).toBe(before)
		const text = await page(admin, `${BASE}/list`)
		expect(text).toContain('Bulk questionnaire 5')
	})
})
