import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { textOf } from './pages.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { postPairs, recommendationCast, tableRows, type HandStudent } from './assessment-fixtures.ts'

let app: TestApp
let senco: Browser
let teacher: Browser
let office: Browser
let riverside: Browser
let hand: HandStudent

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	;({ senco, teacher, office, riverside, hand } = await recommendationCast(app))
})
afterAll(() => app?.close())

const review = () => `/need-manager/recommendations/${hand.profileId}`
const checkboxes = (html: string) => [...html.matchAll(/<input[^>]*name="recommendation"[^>]*value="([0-9a-f-]{36})"/g)].map((match) => match[1]!)

/** Every row of the list, page by page. */
async function listRows(browser: Browser): Promise<string[][]> {
	const rows: string[][] = []
	for (let page = 1; page < 10; page++) {
		const html = await (await browser.request(`/need-manager/recommendations?page=${page}`)).text()
		if (!html.includes('Profiles with suggested recommendations')) break
		rows.push(...tableRows(html, 'Profiles with suggested recommendations'))
		if (!html.includes('Next page')) break
	}
	return rows
}

const handRow = (rows: string[][]) => rows.find((row) => row[0] === 'Hand Pupil')

describe('suggestions', () => {
	test("by hand: round 2's themes are all medium (Belonging exactly 1.5), so every medium recommendation and no high one", async () => {
		const html = await (await senco.request(review())).text()
		const offered = checkboxes(html)
		const medium = await app.sql<{ id: string }>("select id from recommendation where severity = 'medium'")
		expect(offered.toSorted()).toEqual(medium.map((row) => row.id).toSorted())
		expect(html.includes('From high')).toBe(false)
		// Belonging: the need manager's reverse-scored Very Often (need 1) and the teacher's 2 → 1.5.
		expect(html.includes('Medium need (1.5)')).toBe(true)
	})

	test('the list shows the profile with its count, and the list (SQL) agrees with each review page (scoring module)', async () => {
		const rows = await listRows(senco)
		expect(handRow(rows)?.[5]).toBe('8')
		const html = await (await senco.request('/need-manager/recommendations')).text()
		const links = [...html.matchAll(/href="\/need-manager\/recommendations\/([0-9a-f-]{36})"/g)].map((match) => match[1]!)
		const counts = tableRows(html, 'Profiles with suggested recommendations').map((row) => row[5])
		expect(links.length).toBeGreaterThan(5)
		for (const [index, profileId] of links.entries()) {
			const page = await (await senco.request(`/need-manager/recommendations/${profileId}`)).text()
			expect(String(checkboxes(page).length), profileId).toBe(counts[index])
		}
	})

	test('a page of the list costs the same number of queries as the next', async () => {
		const first = await senco.request('/need-manager/recommendations')
		const second = await senco.request('/need-manager/recommendations?page=2')
		expect(second.status).toBe(200)
		expect(second.headers.get('X-Query-Count')).toBe(first.headers.get('X-Query-Count'))
	})
})

describe('the home’s recommendations tab', () => {
	test('lists a profile with suggestions, linked to its review, a page at a time; the same rows as the list', async () => {
		const home = await senco.request('/need-manager/home/recommendations')
		expect(home.status).toBe(200)
		const html = await home.text()
		expect(html).toContain('href="/need-manager/home/recommendations"')
		expect(html).toContain(`href="${review()}"`)
		const rows = tableRows(html, 'Profiles with suggested recommendations')
		expect(rows.length).toBeGreaterThan(0)
		expect(rows.length).toBeLessThanOrEqual(25)
		const firstPage = tableRows(await (await senco.request('/need-manager/recommendations')).text(), 'Profiles with suggested recommendations')
		expect(rows).toEqual(firstPage)
		// Another school's need manager has their own, never this one.
		const theirs = await riverside.request('/need-manager/home/recommendations')
		expect(theirs.status).toBe(200)
		expect(await theirs.text()).not.toContain(review())
	})

	test('a professional has no such tab and is sent to their home from its URL; a school admin to theirs', async () => {
		const pro = await teacher.request('/professional/home/recommendations')
		expect(pro.status).toBe(302)
		expect(pro.headers.get('Location')).toBe('/professional/home')
		expect(await (await teacher.request('/professional/home')).text()).not.toContain('home/recommendations')
		const crossed = await teacher.request('/need-manager/home/recommendations')
		expect(crossed.status).toBe(302)
		expect(crossed.headers.get('Location')).toBe('/professional')
		const admin = await office.request('/need-manager/home/recommendations')
		expect(admin.status).toBe(302)
		expect(admin.headers.get('Location')).toBe('/school-admin')
	})
})

describe('adding and dismissing', () => {
	test('two added with a note: confirmed, on the profile, gone from the suggestions; audited', async () => {
		const offered = checkboxes(await (await senco.request(review())).text())
		const chosen = offered.slice(0, 2)
		const response = await postPairs(senco, review(), [
			['intent', 'add'],
			['recommendation', chosen[0]!],
			['recommendation', chosen[1]!],
			['note', 'Agreed with mum at the review.'],
		])
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`${review()}?modal=need-manager-recommendations-added&added=2`)
		const rows = await app.sql<{ recommendation_id: string; status: string; note: string; source_profile_id: string }>(
			'select recommendation_id, status, note, source_profile_id from student_recommendation where student_id = ?',
			[hand.studentId],
		)
		expect(rows.map((row) => row.recommendation_id).toSorted()).toEqual(chosen.toSorted())
		expect(rows.every((row) => row.status === 'active' && row.note === 'Agreed with mum at the review.' && row.source_profile_id === hand.profileId)).toBe(true)
		expect(await app.sql("select id from audit_event where action = 'studentRecommendation.add'")).toHaveLength(2)

		const confirmation = await (await senco.request(response.headers.get('Location')!)).text()
		expect(confirmation.includes('role="dialog"')).toBe(true)
		expect(confirmation.includes('2 recommendations were added to Hand Pupil')).toBe(true)

		const after = checkboxes(confirmation)
		expect(after).toHaveLength(offered.length - 2)
		expect(after.some((id) => chosen.includes(id))).toBe(false)
		expect(handRow(await listRows(senco))?.[5]).toBe(String(offered.length - 2))

		const titles = await app.sql<{ title: string }>('select title from recommendation where id = any(?::uuid[])', [`{${chosen.join(',')}}`])
		const profile = tableRows(await (await senco.request(`/students/profile/${hand.studentId}`)).text(), 'Recommendations added')
		expect(profile.map((row) => row[0]).toSorted()).toEqual(titles.map((row) => row.title).toSorted())
		expect(profile.every((row) => row[2] === 'Active' && row[3] === 'Agreed with mum at the review.')).toBe(true)
	})

	test('a dismissed suggestion stays dismissed and never reaches the profile', async () => {
		const [dismissed] = checkboxes(await (await senco.request(review())).text())
		const response = await postPairs(senco, review(), [
			['intent', 'dismiss'],
			['recommendation', dismissed!],
		])
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(review())
		expect(checkboxes(await (await senco.request(review())).text())).not.toContain(dismissed)
		const [row] = await app.sql<{ status: string }>('select status from student_recommendation where student_id = ? and recommendation_id = ?', [
			hand.studentId,
			dismissed,
		])
		expect(row?.status).toBe('dismissed')
		const profile = tableRows(await (await senco.request(`/students/profile/${hand.studentId}`)).text(), 'Recommendations added')
		expect(profile).toHaveLength(2)
		expect(await app.sql("select id from audit_event where action = 'studentRecommendation.dismiss'")).toHaveLength(1)
	})

	test('[14.4] "Dismiss chosen" first posts for a confirmation: the modal names the chosen, and nothing is written', async () => {
		const [first, second] = checkboxes(await (await senco.request(review())).text())
		const response = await postPairs(senco, `${review()}?modal=dismiss-chosen`, [
			['intent', 'confirm-dismiss'],
			['recommendation', first!],
			['recommendation', second!],
			['note', 'Agreed with Mum'],
		])
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain('Dismiss 2 recommendations?')
		// Its form posts the real dismissal with the same choice and note.
		expect(html).toMatch(new RegExp(`name="recommendation" value="${first}"`))
		expect(html).toMatch(new RegExp(`name="recommendation" value="${second}"`))
		expect(html).toContain('value="Agreed with Mum"')
		expect(await app.sql('select id from student_recommendation where student_id = ? and recommendation_id in (?, ?)', [hand.studentId, first, second])).toEqual([])
		expect(checkboxes(await (await senco.request(review())).text())).toEqual(expect.arrayContaining([first, second]))
	})

	test('nothing chosen (400), or something that is not a current suggestion (409): said on the form, nothing written', async () => {
		const count = async () => (await app.sql<{ n: number }>('select count(*)::int as n from student_recommendation where student_id = ?', [hand.studentId]))[0]!.n
		const before = await count()
		const none = await postPairs(senco, review(), [['intent', 'add']])
		expect(none.status).toBe(400)
		expect((await none.text()).includes('Choose at least one recommendation')).toBe(true)
		const [high] = await app.sql<{ id: string }>("select id from recommendation where severity = 'high' limit 1")
		const [offered] = checkboxes(await (await senco.request(review())).text())
		const sneaky = await postPairs(senco, review(), [
			['intent', 'add'],
			['recommendation', offered!],
			['recommendation', high!.id],
		])
		expect(sneaky.status).toBe(409)
		expect((await sneaky.text()).includes('These suggestions have changed since the page was loaded')).toBe(true)
		// The confirmation of "Dismiss chosen" says so too, rather than naming fewer than were chosen.
		const staleConfirm = await postPairs(senco, `${review()}?modal=dismiss-chosen`, [
			['intent', 'confirm-dismiss'],
			['recommendation', offered!],
			['recommendation', high!.id],
		])
		expect(staleConfirm.status).toBe(409)
		const staleHtml = await staleConfirm.text()
		expect(staleHtml).toContain('These suggestions have changed since the page was loaded')
		expect(staleHtml).not.toContain('Dismiss this recommendation?')
		expect(await count()).toBe(before)
	})

	test('refused for its review date, the page comes back with the boxes ticked and the note as they were posted', async () => {
		const [offered] = checkboxes(await (await senco.request(review())).text())
		const refused = await postPairs(senco, review(), [
			['intent', 'add'],
			['recommendation', offered!],
			['note', 'Agreed with Dad at parents evening'],
			['reviewOn', '2020-01-01'],
		])
		expect(refused.status).toBe(400)
		const html = await refused.text()
		expect(html).toContain('Agreed with Dad at parents evening</textarea>')
		const ticked = [...html.matchAll(/<input[^>]*name="recommendation"[^>]*>/g)].filter(([input]) => / checked=""/.test(input!)).map(([input]) => /value="([^"]+)"/.exec(input!)![1])
		expect(ticked).toEqual([offered])
	})

	test('the "added" dialog shows only a count an add could make, not any number in the address', async () => {
		expect(await (await senco.request(`${review()}?modal=need-manager-recommendations-added&added=999999999999999999999`)).text()).not.toContain('1e+21')
		expect(await (await senco.request(`${review()}?modal=need-manager-recommendations-added&added=999999999999999999999`)).text()).not.toContain('were added to')
		expect(await (await senco.request(`${review()}?modal=need-manager-recommendations-added&added=2`)).text()).toContain('2 recommendations were added to')
	})
})

describe('deciding twice', () => {
	test('the same add posted twice (a double submit without JavaScript) redirects both times with a toast; one row', async () => {
		const [chosen] = checkboxes(await (await senco.request(review())).text())
		const add = () =>
			postPairs(senco, review(), [
				['intent', 'add'],
				['recommendation', chosen!],
			])
		const first = await add()
		expect(first.status).toBe(302)
		expect(first.headers.get('Location')).toBe(`${review()}?modal=need-manager-recommendations-added&added=1`)
		const second = await add()
		expect(second.status).toBe(302)
		expect(second.headers.get('Location')).toBe(review())
		expect(await (await senco.request(review())).text()).toContain('Already decided')
		expect(await app.sql('select status from student_recommendation where student_id = ? and recommendation_id = ?', [hand.studentId, chosen])).toEqual([
			{ status: 'active' },
		])
		// A dismissal of what was just added keeps the first decision.
		const dismiss = await postPairs(senco, review(), [
			['intent', 'dismiss'],
			['recommendation', chosen!],
		])
		expect(dismiss.status).toBe(302)
		expect(await app.sql('select status from student_recommendation where student_id = ? and recommendation_id = ?', [hand.studentId, chosen])).toEqual([
			{ status: 'active' },
		])
	})

	test('two need managers adding the same suggestion at once: both answered with a redirect, one row, one audit', async () => {
		const second = new Browser(app)
		await second.signIn('senco@oakfield.test')
		const [chosen] = checkboxes(await (await senco.request(review())).text())
		const post = (browser: Browser) =>
			postPairs(browser, review(), [
				['intent', 'add'],
				['recommendation', chosen!],
			])
		const responses = await Promise.all([post(senco), post(second)])
		expect(responses.map((response) => response.status)).toEqual([302, 302])
		const rows = await app.sql<{ id: string }>('select id from student_recommendation where student_id = ? and recommendation_id = ?', [hand.studentId, chosen])
		expect(rows).toHaveLength(1)
		expect(await app.sql("select id from audit_event where action = 'studentRecommendation.add' and entity_id = ?", [rows[0]!.id])).toHaveLength(1)
	})
})

describe('guards', () => {
	test("another school's need manager: 404 on the review and its posts, and not in their list", async () => {
		expect((await riverside.request(review())).status).toBe(404)
		const [offered] = checkboxes(await (await senco.request(review())).text())
		for (const intent of ['add', 'dismiss', 'confirm-dismiss']) {
			const response = await postPairs(riverside, review(), [
				['intent', intent],
				['recommendation', offered!],
			])
			expect(response.status).toBe(404)
		}
		expect((await postPairs(riverside, review(), [['intent', 'add']])).status).toBe(404)
		expect(await app.sql('select id from student_recommendation where student_id = ? and recommendation_id = ?', [hand.studentId, offered])).toEqual([])
		expect(handRow(await listRows(riverside))).toBeUndefined()
		expect((await riverside.request('/need-manager/recommendations/not-an-id')).status).toBe(404)
	})

	test.each([
		{ who: 'professional', browser: () => teacher, home: '/professional' },
		{ who: 'school admin', browser: () => office, home: '/school-admin' },
	])('a $who cannot reach recommendations (loaders and actions)', async ({ browser, home }) => {
		for (const path of ['/need-manager/recommendations', review()]) {
			const read = await browser().request(path)
			expect(read.status).toBe(302)
			expect(read.headers.get('Location')).toBe(home)
		}
		const write = await postPairs(browser(), review(), [
			['intent', 'add'],
			['recommendation', checkboxes(await (await senco.request(review())).text())[0]!],
		])
		expect(write.headers.get('Location')).toBe(home)
	})

	test('the sidebar of a need manager has Recommendations; a professional has not', async () => {
		expect((await (await senco.request('/need-manager/home')).text()).includes('href="/need-manager/recommendations"')).toBe(true)
		expect((await (await teacher.request('/professional/home')).text()).includes('href="/need-manager/recommendations"')).toBe(false)
	})
})

describe('the last suggestion decided in another tab', () => {
	test('a dismissal refused as stale that leaves nothing to choose still says why, above "No suggestions are waiting"', async () => {
		const offered = checkboxes(await (await senco.request(review())).text())
		expect(offered.length).toBeGreaterThan(0)
		const [last, ...others] = offered
		if (others.length) await postPairs(senco, review(), [['intent', 'add'], ...others.map((id): [string, string] => ['recommendation', id])])
		// One tab adds the last one; the other, loaded before, asks to dismiss it.
		expect((await postPairs(senco, review(), [['intent', 'add'], ['recommendation', last!]])).status).toBe(302)
		const stale = await postPairs(senco, `${review()}?modal=dismiss-chosen`, [['intent', 'confirm-dismiss'], ['recommendation', last!]])
		expect(stale.status).toBe(409)
		const text = textOf(await stale.text())
		expect(text).toContain('These suggestions have changed since the page was loaded')
		expect(text).toContain('No suggestions are waiting for this profile.')
	})
})
