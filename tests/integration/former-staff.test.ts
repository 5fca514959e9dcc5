import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { createBareStudent, oakfieldId, tableRows } from './assessment-fixtures.ts'

/**
 * Issue 13 item 13 (ADR 029): deleting a directory member who has given feedback. Their access at the school
 * goes, their answers stay (scores unchanged) and read "Former staff member" everywhere, and nothing left on
 * those pages names them.
 */

let app: TestApp
let office: Browser
let senco: Browser
let teacher: Browser
let riversideOffice: Browser
let schoolId: string

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	;[office, senco, teacher, riversideOffice] = [new Browser(app), new Browser(app), new Browser(app), new Browser(app)]
	await office.signIn('office@oakfield.test')
	await senco.signIn('senco@oakfield.test')
	await teacher.signIn('teacher@oakfield.test')
	await riversideOffice.signIn('office@riverside.test')
	schoolId = await oakfieldId(app)
})
afterAll(() => app?.close())

const html = async (browser: Browser, path: string) => (await browser.request(path)).text()
const membershipOf = async (email: string, school = schoolId) =>
	(await app.sql<{ id: string }>('select m.id from school_membership m join users u on u.id = m.user_id where u.email = ? and m.school_id = ?', [email, school]))[0]?.id

/** The toast a redirect carries, as the next page renders it. */
async function after(browser: Browser, response: Response) {
	expect(response.status).toBe(302)
	return html(browser, response.headers.get('Location')!)
}

/** A professional of Oakfield with the demo password and access, added through the directory. */
async function addStaff(firstName: string, lastName: string, email: string) {
	expect((await office.post('/school-admin/directory/add', { firstName, lastName, email, role: 'professional', jobTitle: 'Cover Teacher' })).status).toBe(302)
	const [hash] = await app.sql<{ password_hash: string }>("select password_hash from users where email = 'office@oakfield.test'")
	await app.sql('update users set password_hash = ? where email = ?', [hash!.password_hash, email])
	await app.sql("update school_membership set access = 'active' where id = ?", [await membershipOf(email)])
	return (await membershipOf(email))!
}

type Assessed = { studentId: string; profileId: string; rounds: [string, string]; theirs: string; theirsPending: string }

/**
 * A student assessed by the need manager and `membershipId` in two rounds: round 1 both submitted (the
 * need manager Always, they Sometimes), round 2 the need manager submitted and they have answered five
 * questions without submitting.
 */
async function assess(membershipId: string, studentName: string): Promise<Assessed> {
	const studentId = await createBareStudent(app, studentName)
	const sencoId = (await membershipOf('senco@oakfield.test'))!
	const [questionnaire] = await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1")
	const profileId = randomUUID()
	await app.sql(
		`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
		values (?, now(), now(), ?, ?, ?, 'recurring', 6, '2026-09-07', 'active')`,
		[profileId, schoolId, studentId, questionnaire!.id],
	)
	await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?), (?, ?)', [profileId, sencoId, profileId, membershipId])
	const rounds: [string, string] = [randomUUID(), randomUUID()]
	await app.sql(
		`insert into round (id, created_at, updated_at, profile_id, index, opens_on) values (?, now(), now(), ?, 0, '2026-09-07'), (?, now(), now(), ?, 1, '2026-10-19')`,
		[rounds[0], profileId, rounds[1], profileId],
	)
	const answer = async (roundId: string, respondent: string, value: number, complete = true, limit = 25) => {
		const id = randomUUID()
		await app.sql(
			`insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values (?, now(), now(), ?, ?, ?, ${complete ? 'now()' : 'null'})`,
			[id, roundId, respondent, complete ? 'complete' : 'inProgress'],
		)
		await app.sql(
			`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
			select gen_random_uuid(), now(), now(), ?::uuid, q.id, ?::smallint from question q join domain d on d.id = q.domain_id
			where d.questionnaire_id = ? order by d.position, q.position limit ?`,
			[id, value, questionnaire!.id, limit],
		)
		return id
	}
	await answer(rounds[0], sencoId, 0)
	const theirs = await answer(rounds[0], membershipId, 2)
	await answer(rounds[1], sencoId, 1)
	const theirsPending = await answer(rounds[1], membershipId, 4, false, 5)
	return { studentId, profileId, rounds, theirs, theirsPending }
}

/** Every page that names a feedback's author, as the need manager reads it. */
const pagesOf = (assessed: Assessed, studentName: string) => ({
	feedbackList: `/need-manager/feedback?q=${studentName}`,
	feedbackAnswers: `/need-manager/feedback/${assessed.theirs}`,
	analysis: `/students/profile/${assessed.studentId}/analysis?profile=${assessed.profileId}&round=${assessed.rounds[0]}`,
	comparison: `/students/profile/${assessed.studentId}/comparison?mode=respondents&profile=${assessed.profileId}&round=${assessed.rounds[0]}`,
	profile: `/students/profile/${assessed.studentId}`,
	home: '/need-manager/home/feedback',
})

describe('[13.13] deleting a member who has given feedback', () => {
	test('[13.13] succeeds: access gone, answers and scores kept, "Former staff member" everywhere, their name nowhere, audited', async () => {
		const memberId = await addStaff('Zebedee', 'Quillfeather', 'quillfeather@oakfield.test')
		const assessed = await assess(memberId, 'Ottoline')
		const pages = pagesOf(assessed, 'Ottoline')
		const zebedee = new Browser(app)
		await zebedee.signIn('quillfeather@oakfield.test')
		expect((await zebedee.request('/professional/home')).status).toBe(200)

		// Before: their name is on every page, and these are the scores.
		for (const [page, path] of Object.entries(pages)) expect(await html(senco, path), page).toContain('Zebedee Quillfeather')
		const scores = tableRows(await html(senco, pages.analysis), 'Domain scores, round 1')
		const severity = tableRows(await html(senco, pages.analysis), 'Questions by severity, round 1')
		const answers = async () =>
			(await app.sql<{ n: number }>('select count(*)::int as n from answer where feedback_id = ?', [assessed.theirs]))[0]!.n
		expect(await answers()).toBe(25)

		const modal = await html(office, `/school-admin/directory?modal=delete-person&id=${memberId}`)
		expect(modal).toContain('Former staff member')
		const deleted = await office.post('/school-admin/directory', { intent: 'delete', id: memberId })
		const toast = await after(office, deleted)
		expect(toast).toContain('Zebedee Quillfeather deleted')
		expect(toast).toContain('Their submitted feedback stays, shown as from “Former staff member”.')

		// Their membership and (with no other school) their account are gone; their session ended; no sign-in.
		expect(await app.sql('select id from school_membership where id = ?', [memberId])).toEqual([])
		expect(await app.sql("select id from users where email = 'quillfeather@oakfield.test'")).toEqual([])
		expect((await zebedee.request('/professional/home')).headers.get('Location')).toMatch(/^\/auth\/login/)
		await expect(new Browser(app).signIn('quillfeather@oakfield.test')).rejects.toThrow()

		// The submitted feedback and its answers stay, under a key; the unsubmitted one and their respondent place go.
		const [kept] = await app.sql<{ respondent_id: string | null; former_respondent_key: string | null; status: string }>(
			'select respondent_id, former_respondent_key, status from feedback where id = ?',
			[assessed.theirs],
		)
		expect(kept).toMatchObject({ respondent_id: null, status: 'complete' })
		expect(kept!.former_respondent_key).toMatch(/^[0-9a-f-]{36}$/)
		expect(kept!.former_respondent_key).not.toBe(memberId)
		expect(await answers()).toBe(25)
		expect(await app.sql('select id from feedback where id = ?', [assessed.theirsPending])).toEqual([])
		expect(await app.sql('select 1 from profile_respondent where membership_id = ?', [memberId])).toEqual([])

		// Scores unchanged; "Former staff member" where their name was; their name and address nowhere.
		const analysis = await html(senco, pages.analysis)
		expect(tableRows(analysis, 'Domain scores, round 1')).toEqual(scores)
		expect(tableRows(analysis, 'Questions by severity, round 1')).toEqual(severity)
		expect(analysis).toContain('Submitted by Sarah Collins, Former staff member.')
		for (const [page, path] of Object.entries(pages)) {
			const text = await html(senco, path)
			expect(text, page).toContain('Former staff member')
			expect(text, page).not.toMatch(/Quillfeather|Zebedee/i)
		}
		const list = tableRows(await html(senco, pages.feedbackList), 'Feedback')
		expect(list.some((row) => row.includes('Former staff member'))).toBe(true)
		expect(await html(senco, pages.feedbackAnswers)).toMatch(/by (<!-- -->)?Former staff member/)
		// The professional who may read the student's submitted feedback sees the same.
		await app.sql("insert into student_professional (id, created_at, updated_at, student_id, membership_id, is_key) values (gen_random_uuid(), now(), now(), ?, ?, false)", [
			assessed.studentId,
			(await membershipOf('teacher@oakfield.test'))!,
		])
		const teachers = await html(teacher, `/professional/feedback/${assessed.theirs}`)
		expect(teachers).toContain('Former staff member')
		expect(teachers).not.toMatch(/Quillfeather/i)

		const actions = await app.sql<{ action: string; entity_id: string }>(
			"select action, entity_id from audit_event where action in ('membership.delete', 'feedback.anonymise', 'user.delete') and actor_id = (select id from users where email = 'office@oakfield.test') and at > now() - interval '5 minutes' order by action",
		)
		expect(actions.filter((event) => event.action === 'membership.delete').map((event) => event.entity_id)).toContain(memberId)
		expect(actions.filter((event) => event.action === 'feedback.anonymise').map((event) => event.entity_id)).toEqual([assessed.theirs])
		expect(actions.some((event) => event.action === 'user.delete')).toBe(true)
	})

	test('[13.13] two former staff members on one student stay two respondents in the comparison', async () => {
		const first = await addStaff('Ione', 'Marchbank', 'marchbank@oakfield.test')
		const assessed = await assess(first, 'Perpetua')
		const second = await addStaff('Ivo', 'Trelawney', 'trelawney@oakfield.test')
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [assessed.profileId, second])
		await app.sql(
			"insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values (gen_random_uuid(), now(), now(), ?, ?, 'complete', now())",
			[assessed.rounds[0], second],
		)
		for (const id of [first, second]) expect((await office.post('/school-admin/directory', { intent: 'delete', id })).status).toBe(302)
		const keys = await app.sql<{ key: string }>('select distinct former_respondent_key as key from feedback where round_id = ? and respondent_id is null', [assessed.rounds[0]])
		expect(keys).toHaveLength(2)
		const comparison = await html(senco, pagesOf(assessed, 'Perpetua').comparison)
		expect(comparison).toContain('Former staff member 1')
		expect(comparison).toContain('Former staff member 2')
		expect(comparison).not.toMatch(/Marchbank|Trelawney/)
	})

	test('[13.13] someone who also works at another school: only this school’s access and sessions go', async () => {
		const [mentor] = await app.sql<{ id: string }>("select id from users where email = 'mentor@riverside.test'")
		const riversideMembership = (await membershipOf('mentor@riverside.test', (await app.sql<{ id: string }>("select id from school where subdomain = 'riverside'"))[0]!.id))!
		const [added] = await app.sql<{ id: string }>(
			`insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access)
			values (gen_random_uuid(), now(), now(), ?, ?, 'Dara', 'Okonkwo', 'professional', 'active') returning id`,
			[mentor!.id, schoolId],
		)
		const assessed = await assess(added!.id, 'Quentin')
		const here = new Browser(app)
		await here.signIn('mentor@riverside.test')
		const switched = await here.post('/switch-school', { membershipId: added!.id })
		expect(switched.status).toBe(302)
		expect(await html(here, '/professional/questionnaires')).toContain('Quentin')
		const there = new Browser(app)
		await there.signIn('mentor@riverside.test')

		expect((await office.post('/school-admin/directory', { intent: 'delete', id: added!.id })).status).toBe(302)
		// The session acting at Oakfield has ended; the one at Riverside goes on; the account and its Riverside place stay.
		expect((await here.request('/professional/home')).headers.get('Location')).toMatch(/^\/auth\/login/)
		expect((await there.request('/professional/home')).status).toBe(200)
		expect(await app.sql('select id from school_membership where id = ?', [riversideMembership])).toHaveLength(1)
		expect(await app.sql('select id from users where id = ?', [mentor!.id])).toHaveLength(1)
		// Signing in again reaches Riverside only: Oakfield cannot be switched to.
		const again = new Browser(app)
		await again.signIn('mentor@riverside.test')
		expect((await again.post('/switch-school', { membershipId: added!.id })).status).toBe(404)
		expect(await html(again, '/professional/questionnaires')).not.toContain('Quentin')
		// Their Oakfield feedback reads "Former staff member" at Oakfield.
		const list = await html(senco, `/need-manager/feedback/${assessed.theirs}`)
		expect(list).toContain('Former staff member')
		expect(list).not.toMatch(/Dara|Okonkwo/)
	})
})

describe('[13.13] who may delete', () => {
	test("[13.13] another school's school admin gets 404, need managers and professionals are sent home, hostile ids 400: nothing written", async () => {
		const memberId = await addStaff('Wilhelmina', 'Stayput', 'stayput@oakfield.test')
		const assessed = await assess(memberId, 'Rosalind')
		const riversideSenco = new Browser(app)
		await riversideSenco.signIn('senco@riverside.test')
		expect((await riversideOffice.request(`/school-admin/directory?modal=delete-person&id=${memberId}`)).status).toBe(404)
		expect((await riversideOffice.post('/school-admin/directory', { intent: 'delete', id: memberId })).status).toBe(404)
		for (const [browser, home] of [
			[senco, '/need-manager'],
			[teacher, '/professional'],
			[riversideSenco, '/need-manager'],
		] as const) {
			const response = await browser.post('/school-admin/directory', { intent: 'delete', id: memberId })
			expect(response.status).toBe(302)
			expect(response.headers.get('Location')).toBe(home)
		}
		for (const id of ['not-an-id', `${memberId}' or 1=1 --`, '']) {
			const response = await office.post('/school-admin/directory', { intent: 'delete', id })
			expect(response.status, id).toBe(400)
		}
		expect((await office.post('/school-admin/directory', { intent: 'delete', id: randomUUID() })).status).toBe(404)
		expect(await app.sql('select id from school_membership where id = ?', [memberId])).toHaveLength(1)
		expect(await app.sql('select respondent_id from feedback where id = ?', [assessed.theirs])).toEqual([{ respondent_id: memberId }])
		expect(await app.sql("select id from audit_event where action in ('membership.delete', 'feedback.anonymise') and entity_id in (?, ?)", [memberId, assessed.theirs])).toEqual([])
	})
})

describe("a transferred student's feedback from the school before (ADR 092)", () => {
	test('the new school reads its authors as another school’s staff, told apart, and never by name; the scores are kept', async () => {
		const memberId = await addStaff('Philippa', 'Marchbanks', 'marchbanks@oakfield.test')
		const assessed = await assess(memberId, 'Percival')
		const [oakfieldSenco] = await app.sql<{ name: string }>(
			"select m.first_name || ' ' || m.last_name as name from school_membership m join users u on u.id = m.user_id where u.email = 'senco@oakfield.test' and m.school_id = ?",
			[schoolId],
		)
		const pages = pagesOf(assessed, 'Percival')
		const scores = tableRows(await html(senco, pages.analysis), 'Domain scores, round 1')
		expect(await html(senco, pages.feedbackAnswers)).toContain('Philippa Marchbanks')

		// Oakfield sends the student; Riverside approves.
		const sent = await office.post(`/school-admin/students/list/${assessed.studentId}?modal=transfer-student`, { intent: 'transfer', destination: 'riverside', note: 'Moving house.' })
		expect(sent.status).toBe(302)
		const [request] = await app.sql<{ id: string }>("select id from transfer_request where student_id = ? and status = 'created'", [assessed.studentId])
		expect((await riversideOffice.post('/school-admin/students/transfer-students/incoming', { intent: 'approve', id: request!.id })).status).toBe(302)

		const riversideSenco = new Browser(app)
		await riversideSenco.signIn('senco@riverside.test')
		const withheld = /Staff member( [12])? of another school \(name withheld\)/
		for (const [page, path] of Object.entries(pages).filter(([page]) => page !== 'home')) {
			const text = await html(riversideSenco, path)
			expect(text, page).not.toContain('Marchbanks')
			expect(text, page).not.toContain(oakfieldSenco!.name)
			if (page !== 'analysis') expect(text, page).toMatch(withheld)
		}
		// Two people of the other school are two respondents a comparison can pick between.
		const comparison = await html(riversideSenco, pages.comparison)
		expect(comparison).toContain('Staff member 1 of another school (name withheld)')
		expect(comparison).toContain('Staff member 2 of another school (name withheld)')
		expect(tableRows(await html(riversideSenco, pages.analysis), 'Domain scores, round 1')).toEqual(scores)
	})
})
