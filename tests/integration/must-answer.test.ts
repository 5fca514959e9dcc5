import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { todayInUk } from '#app/lib/format.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { createBareStudent, createHandStudent, membershipOf, oakfieldId, tableRows } from './assessment-fixtures.ts'
import { page } from './pages.ts'

/**
 * Issue 13 item 10: one rule says what a respondent must answer (`mustAnswer`,
 * app/services/answers.server.ts; ADR 026), and the home's figure, the home's
 * questionnaires tab and the Questionnaires list all count by it: before, the home
 * counted 21 while the list showed 31.
 */
let app: TestApp

beforeAll(async () => {
	// No scheduled jobs: the rounds the tests insert are not raced by the rounds-due job.
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	await app.jobs.settled()
})
afterAll(() => app?.close())

const totalOf = (text: string) => Number(/Showing \d+–\d+ of (\d+)/.exec(text)?.[1] ?? 0)
const figure = (text: string, label: string) => {
	const match = new RegExp(`${label} (\\d+)`).exec(text)
	if (!match) throw new Error(`no figure "${label}"`)
	return Number(match[1])
}

/** What one respondent is told they must answer: the home's figure, the home's tab, the list. */
async function counts(browser: Browser, area: string) {
	const home = await page(browser, `${area}/home`)
	return {
		figure: figure(home, 'Questionnaires to answer'),
		homeTab: totalOf(home),
		list: totalOf(await page(browser, `${area}/questionnaires`)),
		...(area === '/need-manager' ? { school: figure(home, 'Feedback still to be given') } : {}),
	}
}

const RESPONDENTS = [
	{ email: 'senco@oakfield.test', area: '/need-manager' },
	{ email: 'teacher@oakfield.test', area: '/professional' },
	{ email: 'senco@riverside.test', area: '/need-manager' },
	{ email: 'mentor@riverside.test', area: '/professional' },
	{ email: 'senco@meadowview.test', area: '/need-manager' },
	{ email: 'teacher@meadowview.test', area: '/professional' },
]

describe('[13.10] what a respondent must answer', () => {
	test('[13.10] for every demo respondent the home’s figure and tab equal the Questionnaires list’s total', async () => {
		const totals: Record<string, number> = {}
		for (const { email, area } of RESPONDENTS) {
			const browser = new Browser(app)
			await browser.signIn(email)
			const seen = await counts(browser, area)
			expect(seen.list, email).toBeGreaterThan(0)
			expect(seen.figure, email).toBe(seen.list)
			expect(seen.homeTab, email).toBe(seen.list)
			totals[email] = seen.list
			// A need manager's school figure counts every respondent's by the same rule: here, its two respondents'.
			if (email === 'senco@oakfield.test') expect(seen.school).toBe(totals[email]! + 30)
		}
		expect(totals['teacher@oakfield.test']).toBe(30)
	})

	test('[13.10] submitted feedback, an archived student, a closed profile, a respondent taken off before starting, a round not yet open: none counts, anywhere; what a respondent taken off had started still does', async () => {
		const teacher = new Browser(app)
		await teacher.signIn('teacher@oakfield.test')
		const before = await counts(teacher, '/professional')
		expect(before.figure).toBe(before.list)

		const schoolId = await oakfieldId(app)
		const teacherId = await membershipOf(app, 'teacher@oakfield.test')
		const questionnaireId = (await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1"))[0]!.id
		const today = todayInUk()
		/** A one-time profile of a new student whose round opened `opensInDays` from today, with the teacher's feedback not yet submitted. */
		async function openFeedback(name: string, { archived = false, profile = 'active', respondent = true, opensInDays = -3, status = 'inProgress' } = {}) {
			const studentId = await createBareStudent(app, name)
			if (archived) await app.sql('update student set archived = true where id = ?', [studentId])
			const profileId = randomUUID()
			await app.sql(
				`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
				values (?, now(), now(), ?, ?, ?, 'one-time', null, ?::date + ?::int, ?)`,
				[profileId, schoolId, studentId, questionnaireId, today, opensInDays, profile],
			)
			if (respondent) await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [profileId, teacherId])
			const roundId = randomUUID()
			await app.sql(`insert into round (id, created_at, updated_at, profile_id, index, opens_on) values (?, now(), now(), ?, 0, ?::date + ?::int)`, [
				roundId,
				profileId,
				today,
				opensInDays,
			])
			await app.sql(`insert into feedback (id, created_at, updated_at, round_id, respondent_id, status) values (gen_random_uuid(), now(), now(), ?, ?, ?)`, [
				roundId,
				teacherId,
				status,
			])
		}
		// Before: the list counted the two submitted rounds, the home the archived student; both the two last.
		await createHandStudent(app)
		await openFeedback('Archived', { archived: true })
		await openFeedback('Closed', { profile: 'closed' })
		await openFeedback('Removed', { respondent: false, status: 'incomplete' })
		await openFeedback('Tomorrow', { opensInDays: 1 })
		// The ones that do count: an open round, an active profile, the teacher still asked; and one the teacher
		// started before being taken off the profile, which they may finish (ADR 027).
		await openFeedback('Owed')
		await openFeedback('Started', { respondent: false })

		const after = await counts(teacher, '/professional')
		expect(after).toEqual({ figure: before.list + 2, homeTab: before.list + 2, list: before.list + 2 })
		for (const name of ['Owed', 'Started']) expect(await page(teacher, `/professional/questionnaires?q=${name}`)).toContain(`${name} Pupil`)
		for (const name of ['Archived', 'Closed', 'Removed', 'Tomorrow', 'Hand']) {
			expect(await page(teacher, `/professional/questionnaires?q=${name}`), name).toContain('No matching data')
		}
		// What the teacher has submitted is still there, under Complete.
		const submitted = await page(teacher, '/professional/questionnaires?status=complete&q=Hand')
		expect(totalOf(submitted)).toBe(2)

		// The need manager's home counts by the same rule: its students' "Feedback still open" add up to the school's
		// "Feedback still to be given" (before, a round not yet open and a withdrawn respondent counted there).
		const senco = new Browser(app)
		await senco.signIn('senco@oakfield.test')
		const due = figure(await page(senco, '/need-manager/home'), 'Feedback still to be given')
		let open = 0
		for (let pageNumber = 1; ; pageNumber++) {
			const rows = tableRows(await (await senco.request(`/need-manager/home/students?perPage=100&page=${pageNumber}`)).text(), 'Students')
			open += rows.reduce((sum, row) => sum + Number(row[3]), 0)
			if (rows.length < 100) break
		}
		expect(open).toBe(due)
	})
})
