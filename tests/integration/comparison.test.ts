import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { createBareStudent, membershipOf, oakfieldId, tableRows } from './assessment-fixtures.ts'

/**
 * Issue 13, item 11: the comparison starts with the two respondents who
 * answered last (two different people, or says there is only one), and no
 * score on the page has more than one decimal.
 *
 * The student's profile has three respondents. Round 2 is answered by all
 * three, submitted in the order Sarah Collins (need manager), Tom Harris
 * (teacher), Priya Shah (TA): the latest two are Priya Shah then Tom Harris,
 * which is not the order of their names. Their needs average to thirds
 * (2.0666… in the first domain), the figures that showed as 2.07 and, on the
 * chart's axis, as 4.0000000000000000.
 */
let app: TestApp
let senco: Browser
let studentId: string
let profileId: string
let soleStudentId: string
const ids: Record<'senco' | 'teacher' | 'ta', string> = { senco: '', teacher: '', ta: '' }

async function answer(roundId: string, membershipId: string, value: number, submittedAt: string, questionnaireId: string) {
	const feedbackId = randomUUID()
	await app.sql(
		`insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values (?, now(), now(), ?, ?, 'complete', ?)`,
		[feedbackId, roundId, membershipId, submittedAt],
	)
	await app.sql(
		`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
		select gen_random_uuid(), now(), now(), ?::uuid, q.id, ?::smallint from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?`,
		[feedbackId, value, questionnaireId],
	)
}

async function profileFor(student: string, questionnaireId: string, respondents: string[]): Promise<{ profile: string; rounds: [string, string] }> {
	const profile = randomUUID()
	await app.sql(
		`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
		values (?, now(), now(), ?, ?, ?, 'recurring', 6, '2026-09-07', 'active')`,
		[profile, await oakfieldId(app), student, questionnaireId],
	)
	for (const membership of respondents) await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [profile, membership])
	const rounds: [string, string] = [randomUUID(), randomUUID()]
	await app.sql(
		`insert into round (id, created_at, updated_at, profile_id, index, opens_on) values (?, now(), now(), ?, 0, '2026-09-07'), (?, now(), now(), ?, 1, '2026-10-19')`,
		[rounds[0], profile, rounds[1], profile],
	)
	return { profile, rounds }
}

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	ids.senco = await membershipOf(app, 'senco@oakfield.test')
	ids.teacher = await membershipOf(app, 'teacher@oakfield.test')
	ids.ta = await membershipOf(app, 'ta@oakfield.test')
	const questionnaireId = (await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1"))[0]!.id

	studentId = await createBareStudent(app, 'Compared')
	const { profile, rounds } = await profileFor(studentId, questionnaireId, [ids.senco, ids.teacher, ids.ta])
	profileId = profile
	await answer(rounds[0], ids.senco, 0, '2026-09-10T09:00:00Z', questionnaireId)
	await answer(rounds[0], ids.teacher, 2, '2026-09-11T09:00:00Z', questionnaireId)
	// Round 2: every question answered 0 (Always), 2 (Sometimes) and 3 (Rarely): needs 2.4, 2.0 and 1.8 in a domain of 3 plain and 2 reverse questions.
	await answer(rounds[1], ids.senco, 0, '2026-10-20T09:00:00Z', questionnaireId)
	await answer(rounds[1], ids.teacher, 2, '2026-10-21T09:00:00Z', questionnaireId)
	await answer(rounds[1], ids.ta, 3, '2026-10-22T09:00:00Z', questionnaireId)

	soleStudentId = await createBareStudent(app, 'Alone')
	const sole = await profileFor(soleStudentId, questionnaireId, [ids.teacher])
	await answer(sole.rounds[0], ids.teacher, 1, '2026-09-10T09:00:00Z', questionnaireId)
	await answer(sole.rounds[1], ids.teacher, 2, '2026-10-20T09:00:00Z', questionnaireId)
})
afterAll(() => app?.close())

/** The value of the option the server marked selected in the select with this id. */
function selected(html: string, id: string): string | null {
	const start = html.indexOf(`id="${id}"`)
	if (start === -1) return null
	const select = html.slice(start, html.indexOf('</select>', start))
	return /<option[^>]*value="([^"]*)"[^>]*selected=""/.exec(select)?.[1] ?? /<option selected=""[^>]*value="([^"]*)"/.exec(select)?.[1] ?? null
}

/** The page's visible text: no scripts (the loader's data rides in one), no tags. */
function pageText(html: string): string {
	return html
		.replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
		.replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
}

const comparison = async (query = '') => {
	const response = await senco.request(`/students/profile/${studentId}/comparison${query}`)
	expect(response.status).toBe(200)
	return response.text()
}

describe('[13.11] comparison defaults and rounding', () => {
	test('the respondent pickers start on the two who answered last, two different people, in either mode', async () => {
		for (const query of ['', '?mode=respondents', `?mode=respondents&profile=${profileId}`]) {
			const html = await comparison(query)
			expect(selected(html, 'respondents-first'), query).toBe(ids.ta)
			expect(selected(html, 'respondents-second'), query).toBe(ids.teacher)
		}
	})

	test('the respondents mode compares that selection, and its table says so', async () => {
		const html = await comparison('?mode=respondents')
		expect(pageText(html)).toContain('Priya Shah against Tom Harris')
		// Priya Shah's needs: 1 on plain questions, 3 on reverse ones; Tom Harris's 2 everywhere.
		expect(tableRows(html, 'Domain scores side by side')[0]).toEqual(['Emotional wellbeing', '1.8', '2.0', '−0.2'])
	})

	test('the same person asked for twice is never compared with themselves', async () => {
		const html = await comparison(`?mode=respondents&first=${ids.teacher}&second=${ids.teacher}`)
		expect(selected(html, 'respondents-first')).toBe(ids.teacher)
		expect(selected(html, 'respondents-second')).toBe(ids.ta)
		expect(pageText(html)).toContain('Tom Harris against Priya Shah')
	})

	test('no score on the page has more than one decimal', async () => {
		for (const query of ['', '?mode=respondents']) {
			const text = pageText(await comparison(query))
			expect(text, query).toMatch(/\d\.\d\b/)
			expect(text.match(/\d\.\d{2,}/g), query).toBeNull()
		}
		// Rounds: round 2's first domain is (2.4 + 2.0 + 1.8) / 3 = 2.0666…, against round 1's (2.4 + 2.0) / 2 = 2.2.
		expect(tableRows(await comparison(), 'Differences by domain')[0]).toEqual(['Emotional wellbeing', '2.2', '2.1', '−0.1', 'No change (Medium)'])
		// The analysis and the profile show the same figure the same way.
		const analysis = await (await senco.request(`/students/profile/${studentId}/analysis`)).text()
		expect(tableRows(analysis, 'Domain scores, round 2')[0]).toEqual(['Emotional wellbeing', '2.1'])
		expect(pageText(analysis).match(/\d\.\d{2,}/g)).toBeNull()
		const profile = await (await senco.request(`/students/profile/${studentId}`)).text()
		expect(pageText(profile).match(/\d\.\d{2,}/g)).toBeNull()
	})

	test('a profile with one respondent says so rather than comparing them with themselves', async () => {
		for (const query of ['', '?mode=respondents']) {
			const html = await (await senco.request(`/students/profile/${soleStudentId}/comparison${query}`)).text()
			expect(pageText(html), query).toContain('Only Tom Harris answers this profile, so there is no second respondent to compare with yet.')
			expect(selected(html, 'respondents-second'), query).toBeNull()
			expect(html.includes('Tom Harris against Tom Harris')).toBe(false)
		}
	})
})
