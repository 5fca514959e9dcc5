import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { createBareStudent, createHandStudent, postPairs, tableRows, type HandStudent } from './assessment-fixtures.ts'

/**
 * Issue 13 item 12 (ADR 028): a need manager brings back a dismissed suggestion from the review screen and
 * removes an added recommendation from the plan on the student's profile; both keep the row as history and
 * are audited.
 */

let app: TestApp
let senco: Browser
let teacher: Browser
let office: Browser
let riverside: Browser
let riversideOffice: Browser
let hand: HandStudent

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	;[senco, teacher, office, riverside, riversideOffice] = [new Browser(app), new Browser(app), new Browser(app), new Browser(app), new Browser(app)]
	await senco.signIn('senco@oakfield.test')
	await teacher.signIn('teacher@oakfield.test')
	await office.signIn('office@oakfield.test')
	await riverside.signIn('senco@riverside.test')
	await riversideOffice.signIn('office@riverside.test')
	hand = await createHandStudent(app)
})
afterAll(() => app?.close())

const review = () => `/need-manager/recommendations/${hand.profileId}`
const profile = () => `/students/profile/${hand.studentId}`
const checkboxes = (html: string) => [...html.matchAll(/<input[^>]*name="recommendation"[^>]*value="([0-9a-f-]{36})"/g)].map((match) => match[1]!)
const html = async (browser: Browser, path: string) => (await browser.request(path)).text()

/** The toast a redirect carries, as the next page renders it. */
async function after(browser: Browser, response: Response) {
	expect(response.status).toBe(302)
	return html(browser, response.headers.get('Location')!)
}

const rowsOf = (recommendationId: string) =>
	app.sql<{ id: string; status: string; removed_at: Date | null; removed_by_id: string | null }>(
		'select id, status, removed_at, removed_by_id from student_recommendation where student_id = ? and recommendation_id = ? order by created_at',
		[hand.studentId, recommendationId],
	)
const userId = async (email: string) => (await app.sql<{ id: string }>('select id from users where email = ?', [email]))[0]!.id
const audits = (action: string, id: string) => app.sql('select id from audit_event where action = ? and entity_id = ?', [action, id])
const count = async () => (await app.sql<{ n: number }>('select count(*)::int as n from student_recommendation where student_id = ?', [hand.studentId]))[0]!.n

async function decide(intent: 'add' | 'dismiss', recommendationId: string) {
	const response = await postPairs(senco, review(), [
		['intent', intent],
		['recommendation', recommendationId],
	])
	expect(response.status).toBe(302)
	return (await rowsOf(recommendationId)).at(-1)!
}

describe('[13.12] bringing back a dismissed suggestion', () => {
	test('[13.12] the review screen lists it under Dismissed; Bring back makes it a suggestion again, keeps the dismissal as history, audited', async () => {
		const [chosen] = checkboxes(await html(senco, review()))
		const dismissed = await decide('dismiss', chosen!)
		const page = await html(senco, review())
		expect(checkboxes(page)).not.toContain(chosen)
		const [title] = await app.sql<{ title: string }>('select title from recommendation where id = ?', [chosen])
		const listed = tableRows(page, 'Dismissed suggestions')
		expect(listed.map((row) => row[0])).toEqual([title!.title])
		expect(listed[0]![3]).toContain('by Sarah Collins') // who dismissed it, as the school names them
		expect(page).toContain(`aria-label="Bring back “${title!.title}”"`)
		// The student's profile points the need manager to them.
		expect(await html(senco, profile())).toContain(`href="${review()}#dismissed"`)

		const restored = await postPairs(senco, review(), [
			['intent', 'restore'],
			['studentRecommendationId', dismissed.id],
		])
		expect(restored.headers.get('Location')).toBe(review())
		const next = await after(senco, restored)
		expect(next).toContain('Suggestion brought back')
		expect(next).toContain('among this profile’s suggestions again')
		expect(checkboxes(next)).toContain(chosen)
		expect(next).toContain('No dismissed suggestions.')
		const [row] = await rowsOf(chosen!)
		expect(row).toMatchObject({ id: dismissed.id, status: 'dismissed', removed_by_id: await userId('senco@oakfield.test') })
		expect(row!.removed_at).not.toBeNull()
		expect(await audits('studentRecommendation.restore', dismissed.id)).toHaveLength(1)

		// Brought back twice (a double submit without JavaScript): nothing written, said so.
		const again = await postPairs(senco, review(), [
			['intent', 'restore'],
			['studentRecommendationId', dismissed.id],
		])
		expect(await after(senco, again)).toContain('Already brought back')
		expect(await audits('studentRecommendation.restore', dismissed.id)).toHaveLength(1)

		// Deciding again writes a new row beside the history.
		await decide('add', chosen!)
		expect((await rowsOf(chosen!)).map((candidate) => [candidate.status, candidate.removed_at === null])).toEqual([
			['dismissed', false],
			['active', true],
		])
	})
})

describe('[13.12] removing an added recommendation', () => {
	test('[13.12] Remove asks first (a URL modal), then leaves the plan, keeps the row, is audited and is suggested again', async () => {
		const [chosen] = checkboxes(await html(senco, review()))
		const added = await decide('add', chosen!)
		const [title] = await app.sql<{ title: string }>('select title from recommendation where id = ?', [chosen])
		const plan = await html(senco, profile())
		expect(tableRows(plan, 'Recommendations added').map((row) => row[0])).toContain(title!.title)
		expect(plan).toContain(`remove=${added.id}`)
		expect(plan).toContain('Remove<span')

		const modal = await html(senco, `${profile()}?modal=remove-recommendation&remove=${added.id}`)
		expect(modal).toContain('role="dialog"')
		expect(modal).toContain('Remove from the plan?')
		expect(modal).toContain(`name="studentRecommendationId" value="${added.id}"`)
		// A need manager only: the teacher sees no Remove and no modal.
		const teachersView = await html(teacher, `${profile()}?modal=remove-recommendation&remove=${added.id}`)
		expect(teachersView).not.toContain('Remove from the plan?')
		expect(teachersView).not.toContain('Remove<span')
		expect(teachersView).not.toContain('name="studentRecommendationId"')

		const removed = await senco.post(profile(), { intent: 'remove', studentRecommendationId: added.id })
		expect(removed.headers.get('Location')).toBe(profile())
		const next = await after(senco, removed)
		expect(next).toContain('Recommendation removed')
		expect(tableRows(next, 'Recommendations added').map((row) => row[0])).not.toContain(title!.title)
		const [row] = await rowsOf(chosen!)
		expect(row).toMatchObject({ id: added.id, status: 'active', removed_by_id: await userId('senco@oakfield.test') })
		expect(row!.removed_at).not.toBeNull()
		expect(await audits('studentRecommendation.remove', added.id)).toHaveLength(1)
		// The scores still suggest it: it is a suggestion again.
		expect(checkboxes(await html(senco, review()))).toContain(chosen)

		const again = await senco.post(profile(), { intent: 'remove', studentRecommendationId: added.id })
		expect(await after(senco, again)).toContain('Already removed')
		expect(await audits('studentRecommendation.remove', added.id)).toHaveLength(1)
	})

	test('[13.12] a done recommendation can be removed too', async () => {
		const [chosen] = checkboxes(await html(senco, review()))
		const added = await decide('add', chosen!)
		expect((await senco.post(profile(), { intent: 'mark-done', studentRecommendationId: added.id })).status).toBe(302)
		expect((await senco.post(profile(), { intent: 'remove', studentRecommendationId: added.id })).status).toBe(302)
		expect((await rowsOf(chosen!)).at(-1)).toMatchObject({ status: 'done', removed_by_id: await userId('senco@oakfield.test') })
	})
})

describe('[13.12] who may withdraw a decision', () => {
	// One added and one dismissed recommendation, made once: none of these tests may change them.
	let made: Promise<{ active: { id: string }; dismissed: { id: string } }> | undefined
	function fixtures() {
		made ??= (async () => {
			const offered = checkboxes(await html(senco, review()))
			const active = await decide('add', offered[0]!)
			const dismissed = await decide('dismiss', offered[1]!)
			return { active, dismissed }
		})()
		return made
	}

	test("[13.12] another school's need manager gets 404 on both, and nothing is written", async () => {
		const { active, dismissed } = await fixtures()
		const before = await count()
		expect((await riverside.request(`${profile()}?modal=remove-recommendation&remove=${active.id}`)).status).toBe(404)
		expect((await riverside.post(profile(), { intent: 'remove', studentRecommendationId: active.id })).status).toBe(404)
		expect((await riverside.post(review(), { intent: 'restore', studentRecommendationId: dismissed.id })).status).toBe(404)
		// Nor through a profile of their own school naming this school's row.
		const [theirs] = await app.sql<{ id: string }>(
			"select p.id from profile p join school sc on sc.id = p.school_id where sc.subdomain = 'riverside' order by p.id limit 1",
		)
		expect((await riverside.post(`/need-manager/recommendations/${theirs!.id}`, { intent: 'restore', studentRecommendationId: dismissed.id })).status).toBe(404)
		expect(await count()).toBe(before)
		expect((await app.sql<{ n: number }>('select count(*)::int as n from student_recommendation where id in (?, ?) and removed_at is not null', [active.id, dismissed.id]))[0]!.n).toBe(0)
		expect(await audits('studentRecommendation.remove', active.id)).toEqual([])
		expect(await audits('studentRecommendation.restore', dismissed.id)).toEqual([])
	})

	test.each([
		{ who: 'professional', browser: () => teacher, home: '/professional' },
		{ who: 'school admin', browser: () => office, home: '/school-admin' },
		{ who: "another school's school admin", browser: () => riversideOffice, home: '/school-admin' },
	])('[13.12] a $who is sent home from both actions, nothing written', async ({ browser, home }) => {
		const { active, dismissed } = await fixtures()
		const remove = await browser().post(profile(), { intent: 'remove', studentRecommendationId: active.id })
		expect(remove.headers.get('Location')).toBe(home)
		const restore = await browser().post(review(), { intent: 'restore', studentRecommendationId: dismissed.id })
		expect(restore.headers.get('Location')).toBe(home)
		expect(await audits('studentRecommendation.remove', active.id)).toEqual([])
		expect(await audits('studentRecommendation.restore', dismissed.id)).toEqual([])
	})

	test('[13.12] hostile ids: 400 for a non-id, 404 for a row of another student or in the wrong state; nothing written', async () => {
		const { active, dismissed } = await fixtures()
		const before = await count()
		expect((await senco.post(profile(), { intent: 'remove', studentRecommendationId: 'not-an-id' })).status).toBe(400)
		expect((await senco.post(review(), { intent: 'restore', studentRecommendationId: "1' or '1'='1" })).status).toBe(400)
		// Remove is for added recommendations, Bring back for dismissed ones.
		expect((await senco.post(profile(), { intent: 'remove', studentRecommendationId: dismissed.id })).status).toBe(404)
		expect((await senco.post(review(), { intent: 'restore', studentRecommendationId: active.id })).status).toBe(404)
		// Another student's page naming this student's row.
		const other = await createBareStudent(app, 'Other')
		expect((await senco.post(`/students/profile/${other}`, { intent: 'remove', studentRecommendationId: active.id })).status).toBe(404)
		expect((await senco.post(review(), { intent: 'restore', studentRecommendationId: crypto.randomUUID() })).status).toBe(404)
		expect(await count()).toBe(before)
		expect((await app.sql<{ n: number }>('select count(*)::int as n from student_recommendation where id in (?, ?) and removed_at is not null', [active.id, dismissed.id]))[0]!.n).toBe(0)
	})
})
