import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'
import { createBareStudent, createHandStudent, postPairs, tableRows, type HandStudent } from './assessment-fixtures.ts'

let app: TestApp
let senco: Browser
let office: Browser
let teacher: Browser
let riverside: Browser
let hand: HandStudent
let unlinkedId: string
let seededId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	;[senco, office, teacher, riverside] = [new Browser(app), new Browser(app), new Browser(app), new Browser(app)]
	await senco.signIn('senco@oakfield.test')
	await office.signIn('office@oakfield.test')
	await teacher.signIn('teacher@oakfield.test')
	await riverside.signIn('senco@riverside.test')
	hand = await createHandStudent(app)
	unlinkedId = await createBareStudent(app)
	// A demo student the teacher is the key professional of, with four rounds (three complete).
	seededId = (
		await app.sql<{ id: string }>(
			`select s.id from student s join student_professional sp on sp.student_id = s.id and sp.is_key
			join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' order by s.upn limit 1`,
		)
	)[0]!.id
})
afterAll(() => app?.close())

const views = (id: string) => [`/students/profile/${id}`, `/students/profile/${id}/analysis`, `/students/profile/${id}/comparison`]

describe('who may see a student', () => {
	test('school admins and need managers see any student of their school', async () => {
		for (const browser of [senco, office]) {
			for (const path of [...views(hand.studentId), ...views(unlinkedId)]) {
				expect((await browser.request(path)).status, path).toBe(200)
			}
		}
	})

	test('a professional sees the students they are linked to, and 404 for one they are not', async () => {
		for (const path of views(seededId)) expect((await teacher.request(path)).status, path).toBe(200)
		// A respondent of the student's profile is linked too.
		for (const path of views(hand.studentId)) expect((await teacher.request(path)).status, path).toBe(200)
		for (const path of views(unlinkedId)) expect((await teacher.request(path)).status, path).toBe(404)
	})

	test("another school's student is 404 on all three views, and so is a made-up id", async () => {
		for (const path of [...views(hand.studentId), ...views(seededId)]) {
			expect((await riverside.request(path)).status, path).toBe(404)
		}
		for (const path of views('not-an-id')) expect((await senco.request(path)).status, path).toBe(404)
	})

	test('a platform admin is sent to their own area; a visitor to sign in', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		for (const path of views(hand.studentId)) {
			const response = await admin.request(path)
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe('/spencer-admin')
			const visitor = await new Browser(app).request(path)
			expect(visitor.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`)
		}
	})

	test('marking a recommendation done is for need managers of the school only', async () => {
		const [row] = await app.sql<{ id: string; student_id: string }>(
			`select sr.id, sr.student_id from student_recommendation sr join student s on s.id = sr.student_id
			join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' and sr.status = 'active' limit 1`,
		)
		const path = `/students/profile/${row!.student_id}`
		const form = { intent: 'mark-done', studentRecommendationId: row!.id }
		const byTeacher = await teacher.post(path, form)
		expect(byTeacher.headers.get('Location')).toBe('/professional')
		const byOffice = await office.post(path, form)
		expect(byOffice.headers.get('Location')).toBe('/school-admin')
		expect((await riverside.post(path, form)).status).toBe(404)
		expect((await app.sql<{ status: string }>('select status from student_recommendation where id = ?', [row!.id]))[0]!.status).toBe('active')

		const done = await senco.post(path, form)
		expect(done.status).toBe(302)
		expect((await app.sql<{ status: string }>('select status from student_recommendation where id = ?', [row!.id]))[0]!.status).toBe('done')
		expect(await app.sql("select id from audit_event where action = 'studentRecommendation.done' and entity_id = ?", [row!.id])).toHaveLength(1)
		// Done once is done: a second post (twice without JavaScript, or another tab) says so and writes nothing.
		const again = await senco.post(path, form)
		expect(again.status).toBe(302)
		expect(again.headers.get('Location')).toBe(path)
		expect(textOf(await (await senco.request(path)).text())).toContain('Already done')
		expect(await app.sql("select id from audit_event where action = 'studentRecommendation.done' and entity_id = ?", [row!.id])).toHaveLength(1)
	})
})

describe('analysis', () => {
	test('round 1 by hand: needs 4 and 0 (Always on plain and reverse questions) against 2 everywhere', async () => {
		const html = await (await senco.request(`/students/profile/${hand.studentId}/analysis?profile=${hand.profileId}&round=${hand.rounds[0]}`)).text()
		// 13 plain questions: (4 + 2) / 2 = 3, high. 12 reverse: (0 + 2) / 2 = 1, low.
		expect(tableRows(html, 'Questions by severity, round 1')).toEqual([
			['High', '13', '52%'],
			['Medium', '0', '0%'],
			['Low', '12', '48%'],
		])
		// Emotional wellbeing has 3 plain questions of 5: (12 / 5 + 2) / 2 = 2.2; Social relationships 2 of 5: (8 / 5 + 2) / 2 = 1.8.
		expect(tableRows(html, 'Domain scores, round 1')).toEqual([
			['Emotional wellbeing', '2.2'],
			['Social relationships', '1.8'],
			['Learning and engagement', '2.2'],
			['Behaviour and self-regulation', '2.2'],
			['Communication', '1.8'],
		])
		expect(tableRows(html, 'Domain bands').map((row) => row[1])).toEqual(['Medium', 'Medium', 'Medium', 'Medium', 'Medium'])
	})

	test('round 2 (the default, latest complete) leaves out the unsubmitted feedback', async () => {
		const html = await (await senco.request(`/students/profile/${hand.studentId}/analysis`)).text()
		// Plain: (3 + 2) / 2 = 2.5, high. Reverse: (1 + 2) / 2 = 1.5, medium. The TA's Never answers (need 0) would pull these down.
		expect(tableRows(html, 'Questions by severity, round 2')).toEqual([
			['High', '13', '52%'],
			['Medium', '12', '48%'],
			['Low', '0', '0%'],
		])
		// Emotional wellbeing: (11 / 5 + 2) / 2 = 2.1; Social relationships: (9 / 5 + 2) / 2 = 1.9.
		expect(tableRows(html, 'Domain scores, round 2').map((row) => row[1])).toEqual(['2.1', '1.9', '2.1', '2.1', '1.9'])
		expect(html.includes('averaged over the 2 respondents')).toBe(true)
	})

	test('the same number of queries for 2 rounds as for a student with 4 rounds', async () => {
		const few = await senco.request(`/students/profile/${hand.studentId}/analysis`)
		const more = await senco.request(`/students/profile/${seededId}/analysis`)
		expect(few.status).toBe(200)
		expect(more.status).toBe(200)
		expect(Number(few.headers.get('X-Query-Count'))).toBeGreaterThan(0)
		expect(more.headers.get('X-Query-Count')).toBe(few.headers.get('X-Query-Count'))
	})
})

describe('comparison', () => {
	test('two rounds: the later against the earlier, with changes and bands', async () => {
		const html = await (await senco.request(`/students/profile/${hand.studentId}/comparison`)).text()
		expect(tableRows(html, 'Differences by domain')).toEqual([
			['Emotional wellbeing', '2.2', '2.1', '−0.1', 'No change (Medium)'],
			['Social relationships', '1.8', '1.9', '+0.1', 'No change (Medium)'],
			['Learning and engagement', '2.2', '2.1', '−0.1', 'No change (Medium)'],
			['Behaviour and self-regulation', '2.2', '2.1', '−0.1', 'No change (Medium)'],
			['Communication', '1.8', '1.9', '+0.1', 'No change (Medium)'],
		])
		expect(tableRows(html, 'Domain scores side by side')[0]).toEqual(['Emotional wellbeing', '2.1', '2.2', '−0.1'])
	})

	test('two respondents of one round, with a band change', async () => {
		const query = new URLSearchParams({
			mode: 'respondents',
			profile: hand.profileId,
			round: hand.rounds[0],
			first: hand.sencoMembershipId,
			second: hand.teacherMembershipId,
		})
		const html = await (await senco.request(`/students/profile/${hand.studentId}/comparison?${query}`)).text()
		// The need manager alone in round 1: Emotional wellbeing 12 / 5 = 2.4 (medium), Social relationships 8 / 5 = 1.6; the teacher 2 everywhere.
		const rows = tableRows(html, 'Differences by domain')
		expect(rows[0]).toEqual(['Emotional wellbeing', '2.0', '2.4', '+0.4', 'No change (Medium)'])
		expect(rows[1]).toEqual(['Social relationships', '2.0', '1.6', '−0.4', 'No change (Medium)'])
		expect(html.includes('Sarah Collins against Tom Harris')).toBe(true)
	})

	test('rounds of another profile or made-up ids fall back to the defaults, never to another student', async () => {
		const foreignRound = (
			await app.sql<{ id: string }>(
				"select r.id from round r join profile p on p.id = r.profile_id join school sc on sc.id = p.school_id where sc.subdomain = 'riverside' limit 1",
			)
		)[0]!.id
		const response = await senco.request(`/students/profile/${hand.studentId}/comparison?from=${foreignRound}&to=nope`)
		expect(response.status).toBe(200)
		expect(tableRows(await response.text(), 'Differences by domain')[0]).toEqual(['Emotional wellbeing', '2.2', '2.1', '−0.1', 'No change (Medium)'])
	})
})

describe('profile', () => {
	test('details, professionals, rounds with feedback status, latest bands and recommendations', async () => {
		const html = await (await senco.request(`/students/profile/${seededId}`)).text()
		expect(html.includes('Tom Harris (Class Teacher)')).toBe(true)
		expect(html.includes('Sarah Collins: Not started · Tom Harris: Not started')).toBe(true)
		// Latest bands come from round 3, the latest with complete feedback (round 4 has none yet).
		expect(/round 3 \(\d\d\/\d\d\/\d{4}\)<\/caption>/.test(html)).toBe(true)
		const html2 = await (await senco.request(`/students/profile/${hand.studentId}`)).text()
		expect(tableRows(html2, `Wellbeing and Needs Check, round 2 (19/10/2026)`).map((row) => row.slice(0, 2))).toEqual([
			['Emotional wellbeing', '2.1'],
			['Social relationships', '1.9'],
			['Learning and engagement', '2.1'],
			['Behaviour and self-regulation', '2.1'],
			['Communication', '1.9'],
		])
	})

	test('the recommendation info modal opens from the URL with the full text', async () => {
		const [row] = await app.sql<{ id: string; student_id: string; description: string }>(
			`select sr.id, sr.student_id, r.description from student_recommendation sr join recommendation r on r.id = sr.recommendation_id
			join student s on s.id = sr.student_id join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' limit 1`,
		)
		const html = await (await teacher.request(`/students/profile/${row!.student_id}?recommendation=${row!.id}&modal=profile-recommendation-info`)).text()
		expect(html.includes('role="dialog"')).toBe(true)
		const firstWords = row!.description.split(/\s+/).slice(0, 3).join(' ')
		expect(html.includes(firstWords)).toBe(true)
		// Professionals read; only need managers get the "mark as done" form.
		expect(html.includes('Mark as done')).toBe(false)
	})
})

describe('every read is audited and shows in the access report', () => {
	test('one audit row per view read, on the student', async () => {
		const before = await app.sql<{ action: string }>("select action from audit_event where entity_id = ? and action like 'student.%.view'", [unlinkedId])
		for (const path of views(unlinkedId)) await office.request(path)
		const after = await app.sql<{ action: string; entity_type: string; school_id: string }>(
			"select action, entity_type, school_id from audit_event where entity_id = ? and action like 'student.%.view' order by at",
			[unlinkedId],
		)
		expect(after.length - before.length).toBe(3)
		expect(after.slice(-3).map((row) => row.action)).toEqual(['student.profile.view', 'student.analysis.view', 'student.comparison.view'])
		expect(after.every((row) => row.entity_type === 'Student' && row.school_id)).toBe(true)
	})

	test("the platform admin's access report lists the reads", async () => {
		await office.request(`/students/profile/${unlinkedId}/analysis`)
		const [student] = await app.sql<{ upn: string; school_id: string }>('select upn, school_id from student where id = ?', [unlinkedId])
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const today = new Date().toISOString().slice(0, 10)
		const html = await (await admin.request(`/spencer-admin/schools/${student!.school_id}?upn=${student!.upn}&from=${today}&to=${today}`)).text()
		// In words, never the recorded key.
		expect(html.includes('Viewed the student’s analysis')).toBe(true)
		expect(html.includes('student.analysis.view')).toBe(false)
		expect(html.includes('office@oakfield.test')).toBe(true)
	})

	test('a refused read writes nothing', async () => {
		const count = async () => (await app.sql<{ n: number }>("select count(*)::int as n from audit_event where entity_id = ? and action like 'student.%'", [unlinkedId]))[0]!.n
		const before = await count()
		for (const path of views(unlinkedId)) await teacher.request(path)
		for (const path of views(unlinkedId)) await riverside.request(path)
		expect(await count()).toBe(before)
	})

	test('a multi-value post cannot sneak a second student recommendation id through', async () => {
		const response = await postPairs(senco, `/students/profile/${hand.studentId}`, [
			['intent', 'mark-done'],
			['studentRecommendationId', 'not-an-id'],
		])
		// A posted id that is not a UUID is refused before any query (ADR 018).
		expect(response.status).toBe(400)
	})
})
