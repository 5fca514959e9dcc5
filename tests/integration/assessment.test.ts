import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

let app: TestApp
let senco: Browser
let teacher: Browser
let oakfieldId: string
let questionnaireId: string
/** An Oakfield student the teacher is not linked to (neither as a professional nor through a group). */
let unlinkedStudentId: string
/** An Oakfield student the teacher is linked to. */
let linkedStudentId: string
/** An Oakfield student the teacher has no need to know: not linked, in no group of theirs, respondent of none of their profiles. */
let strangerStudentId: string
let sencoMember: string
let teacherMember: string
let domainIds: string[]

const one = async <T>(query: string, params: unknown[] = []) => (await app.sql<T>(query, params))[0]!

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	teacher = new Browser(app)
	await teacher.signIn('teacher@oakfield.test')
	oakfieldId = (await one<{ id: string }>("select id from school where subdomain = 'oakfield'")).id
	questionnaireId = (await one<{ id: string }>("select id from questionnaire where status = 'published' order by title limit 1")).id
	domainIds = (await app.sql<{ id: string }>('select id from domain where questionnaire_id = ? order by position', [questionnaireId])).map((row) => row.id)
	const member = async (email: string) =>
		(await one<{ id: string }>('select m.id from school_membership m join users u on u.id = m.user_id where u.email = ?', [email])).id
	sencoMember = await member('senco@oakfield.test')
	teacherMember = await member('teacher@oakfield.test')
	unlinkedStudentId = (
		await one<{ id: string }>(
			`select s.id from student s where s.school_id = ?
			and not exists (select 1 from student_professional sp where sp.student_id = s.id and sp.membership_id = ?)
			and not exists (select 1 from group_student gs join group_staff gf on gf.group_id = gs.group_id where gs.student_id = s.id and gf.membership_id = ?)
			order by s.upn limit 1`,
			[oakfieldId, teacherMember, teacherMember],
		)
	).id
	strangerStudentId = (
		await one<{ id: string }>(
			`select s.id from student s where s.school_id = ? and s.id <> ?
			and not exists (select 1 from student_professional sp where sp.student_id = s.id and sp.membership_id = ?)
			and not exists (select 1 from group_student gs join group_staff gf on gf.group_id = gs.group_id where gs.student_id = s.id and gf.membership_id = ?)
			order by s.upn limit 1`,
			[oakfieldId, unlinkedStudentId, teacherMember, teacherMember],
		)
	).id
	// The demo makes the teacher a respondent of every profile: not of this student's.
	await app.sql('delete from profile_respondent where membership_id = ? and profile_id in (select id from profile where student_id = ?)', [
		teacherMember,
		strangerStudentId,
	])
	linkedStudentId = (
		await one<{ id: string }>(
			'select s.id from student s join student_professional sp on sp.student_id = s.id where s.school_id = ? and sp.membership_id = ? order by s.upn limit 1',
			[oakfieldId, teacherMember],
		)
	).id
})
afterAll(() => app?.close())

/** A form post with repeated fields (checkbox lists). */
function postForm(browser: Browser, path: string, fields: [string, string][]) {
	return browser.request(path, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url },
	})
}

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

function profileForm(studentId: string, overrides: Record<string, string> = {}, respondents = [teacherMember]): [string, string][] {
	const fields: Record<string, string> = {
		intent: 'create-profile',
		id: studentId,
		questionnaireId,
		kind: 'recurring',
		intervalWeeks: '2',
		startDate: isoDaysAgo(35),
		...overrides,
	}
	return [...Object.entries(fields), ...respondents.map((id): [string, string] => ['respondents', id])]
}

const MANAGE = '/need-manager/students/manage-students'

async function createProfile(studentId: string, overrides: Record<string, string> = {}, respondents = [teacherMember]) {
	const before = (await one<{ count: number }>('select count(*)::int as count from profile where student_id = ?', [studentId])).count
	const response = await postForm(senco, `${MANAGE}?modal=add-profile&id=${studentId}`, profileForm(studentId, overrides, respondents))
	expect(response.status).toBe(302)
	const rows = await app.sql<{ id: string }>('select id from profile where student_id = ? order by created_at desc', [studentId])
	expect(rows.length).toBe(before + 1)
	return rows[0]!.id
}

const feedbackOf = async (profileId: string, membershipId: string, index = 0) =>
	(
		await one<{ id: string }>(
			'select f.id from feedback f join round r on r.id = f.round_id where r.profile_id = ? and f.respondent_id = ? and r.index = ?',
			[profileId, membershipId, index],
		)
	).id

const questionsOf = async (domainId: string) =>
	(await app.sql<{ id: string }>('select id from question where domain_id = ? order by position', [domainId])).map((row) => row.id)

describe('guards', () => {
	const paths = (area: string) => [
		`${area}`,
		`${area}/home`,
		`${area}/home/feedback`,
		`${area}/home/students`,
		`${area}/questionnaires`,
		`${area}/feedback`,
		`${area}/questionnaires/00000000-0000-4000-8000-000000000000/domains`,
		`${area}/feedback/00000000-0000-4000-8000-000000000000`,
	]

	test.each([
		{ email: 'office@oakfield.test', home: '/school-admin' },
		{ email: 'admin@spencer.test', home: '/spencer-admin' },
	])('$email is sent home from every screen of both areas, for loaders and actions', async ({ email, home }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const path of [...paths('/need-manager'), ...paths('/professional'), MANAGE]) {
			const read = await browser.request(path)
			expect(read.status, path).toBe(302)
			expect(read.headers.get('Location'), path).toBe(home)
			const write = await postForm(browser, path, profileForm(linkedStudentId))
			expect(write.status, path).toBe(302)
			expect(write.headers.get('Location'), path).toBe(home)
		}
	})

	test('a professional cannot reach manage-students (loader or action), nor the need manager’s area', async () => {
		const before = await app.sql('select id from profile')
		expect((await teacher.request(MANAGE)).headers.get('Location')).toBe('/professional')
		const write = await postForm(teacher, MANAGE, profileForm(linkedStudentId))
		expect(write.headers.get('Location')).toBe('/professional')
		expect(await app.sql('select id from profile')).toEqual(before)
		expect((await teacher.request('/professional/students/manage-students')).status).toBe(302)
	})

	test('the areas open on their home; the sidebar has Home, Questionnaires, Feedback and (need managers) Manage students', async () => {
		expect((await senco.request('/need-manager')).headers.get('Location')).toBe('/need-manager/home')
		expect((await teacher.request('/professional')).headers.get('Location')).toBe('/professional/home')
		const nm = await (await senco.request('/need-manager/home')).text()
		for (const href of ['/need-manager/home', '/need-manager/questionnaires', '/need-manager/feedback', MANAGE]) expect(nm).toContain(`href="${href}"`)
		const pro = await (await teacher.request('/professional/home')).text()
		for (const href of ['/professional/home', '/professional/questionnaires', '/professional/feedback']) expect(pro).toContain(`href="${href}"`)
		expect(pro).not.toContain('manage-students')
	})
})

describe('profiles and rounds', () => {
	test('a recurring profile from five weeks ago every two weeks has rounds 0, 1, 2, each with feedback for each respondent', async () => {
		const profileId = await createProfile(linkedStudentId, {}, [teacherMember, sencoMember])
		const rounds = await app.sql<{ index: number; opens_on: string }>(
			"select index, to_char(opens_on, 'YYYY-MM-DD') as opens_on from round where profile_id = ? order by index",
			[profileId],
		)
		expect(rounds).toEqual([
			{ index: 0, opens_on: isoDaysAgo(35) },
			{ index: 1, opens_on: isoDaysAgo(21) },
			{ index: 2, opens_on: isoDaysAgo(7) },
		])
		const feedback = await app.sql('select f.id from feedback f join round r on r.id = f.round_id where r.profile_id = ?', [profileId])
		expect(feedback).toHaveLength(6)
		const [event] = await app.sql<{ entity_id: string }>("select entity_id from audit_event where action = 'profile.create' order by at desc limit 1")
		expect(event?.entity_id).toBe(profileId)
	})

	test('a one-time profile has one round; an end date stops a recurring one', async () => {
		const oneTime = await createProfile(unlinkedStudentId, { kind: 'one-time', intervalWeeks: '' })
		expect(await app.sql('select index from round where profile_id = ?', [oneTime])).toEqual([{ index: 0 }])
		const ended = await createProfile(unlinkedStudentId, { startDate: isoDaysAgo(70), endDate: isoDaysAgo(50) })
		expect(await app.sql('select index from round where profile_id = ? order by index', [ended])).toEqual([{ index: 0 }, { index: 1 }])
	})

	test('rounds fall due by the scheduled job, each once however many runs go at once (ADR 019)', async () => {
		const profileId = await createProfile(linkedStudentId, { startDate: isoDaysAgo(0) })
		// The post that creates the profile makes the round due today.
		expect(await app.sql('select index from round where profile_id = ? order by index', [profileId])).toEqual([{ index: 0 }])
		// Move the profile back in time so two more rounds fall due; pages read meanwhile (no page makes them: get-never-writes.test.ts).
		await app.sql("update profile set start_date = start_date - interval '29 days' where id = ?", [profileId])
		const responses = await Promise.all([
			...Array.from({ length: 4 }, () => teacher.request('/professional/questionnaires')),
			...Array.from({ length: 4 }, () => senco.request(MANAGE)),
		])
		expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200))
		await Promise.all(Array.from({ length: 4 }, () => app.jobs.send('rounds-due')))
		await app.jobs.settled()
		await app.jobs.send('rounds-due')
		await app.jobs.settled()
		expect(await app.sql('select index from round where profile_id = ? order by index', [profileId])).toEqual([{ index: 0 }, { index: 1 }, { index: 2 }])
		const [feedback] = await app.sql<{ count: number }>(
			'select count(*)::int as count from feedback f join round r on r.id = f.round_id where r.profile_id = ?',
			[profileId],
		)
		expect(feedback?.count).toBe(3)
	})

	test('bad input: messages beside the fields, status 400, nothing written', async () => {
		const before = await app.sql('select id from profile')
		const cases: [Record<string, string>, string[], string][] = [
			[{ intervalWeeks: '' }, [teacherMember], 'Enter how many weeks between rounds (1 to 26)'],
			[{ intervalWeeks: '27' }, [teacherMember], 'Enter a whole number of weeks from 1 to 26'],
			[{ endDate: isoDaysAgo(40) }, [teacherMember], 'The end date cannot be before the start date'],
			// A mistyped year would otherwise make ~95,000 weekly rounds in one request.
			[{ startDate: '0201-09-01', intervalWeeks: '1' }, [teacherMember], 'The start date cannot be more than a year ago'],
			[{ startDate: isoDaysAgo(0), endDate: '2999-01-01' }, [teacherMember], 'The end date cannot be more than 5 years after the start date'],
			[{}, [], 'Choose at least one respondent'],
			// Days that do not exist, in the right shape: a message, never the server's error (new Date('2026-13-01') is invalid).
			[{ startDate: '2026-13-01' }, [teacherMember], 'Enter a real date'],
			[{ startDate: '2026-02-30' }, [teacherMember], 'Enter a real date'],
			[{ endDate: '2026-00-10' }, [teacherMember], 'Enter a real date'],
		]
		for (const [overrides, respondents, message] of cases) {
			const response = await postForm(senco, `${MANAGE}?modal=add-profile&id=${linkedStudentId}`, profileForm(linkedStudentId, overrides, respondents))
			expect(response.status, message).toBe(400)
			const html = await response.text()
			expect(html, message).toContain(message)
			if (message === 'Choose at least one respondent') {
				// Every box of the group is marked invalid, and the message is announced (WCAG 3.3.1, 4.1.3).
				const boxes = html.match(/<input[^>]*name="respondents"[^>]*>/g) ?? []
				expect(boxes.length).toBeGreaterThan(0)
				for (const box of boxes) expect(box).toContain('aria-invalid="true"')
				expect(html).toContain(`<span role="alert">${message}</span>`)
			}
		}
		expect(await app.sql('select id from profile')).toEqual(before)
	})

	test('a draft questionnaire is refused with a toast; a respondent from another school is nobody (404)', async () => {
		const before = await app.sql('select id from profile')
		const [draft] = await app.sql<{ id: string }>(
			"insert into questionnaire (id, created_at, updated_at, title, status) values (gen_random_uuid(), now(), now(), 'Draft one', 'draft') returning id",
		)
		const refused = await postForm(senco, MANAGE, profileForm(linkedStudentId, { questionnaireId: draft!.id }))
		expect(refused.status).toBe(302)
		expect(refused.headers.get('Location')).toBe(MANAGE)
		expect(await (await senco.request(MANAGE)).text()).toContain('Only a published questionnaire can be used for a profile.')
		const mentor = (await one<{ id: string }>("select m.id from school_membership m join users u on u.id = m.user_id where u.email = 'mentor@riverside.test'")).id
		expect((await postForm(senco, MANAGE, profileForm(linkedStudentId, {}, [mentor]))).status).toBe(404)
		expect(await app.sql('select id from profile')).toEqual(before)
	})

	test('closing a profile stops new rounds and is audited', async () => {
		const profileId = await createProfile(unlinkedStudentId, { startDate: isoDaysAgo(1), intervalWeeks: '1' })
		const closed = await postForm(senco, MANAGE, [
			['intent', 'close-profile'],
			['id', profileId],
		])
		expect(closed.status).toBe(302)
		await app.sql("update profile set start_date = start_date - interval '30 days' where id = ?", [profileId])
		await senco.request(MANAGE)
		expect(await app.sql('select index from round where profile_id = ?', [profileId])).toEqual([{ index: 0 }])
		expect(await app.sql("select entity_id from audit_event where action = 'profile.close' and entity_id = ?", [profileId])).toHaveLength(1)
	})

	test('the need manager sets a student’s key and connected professionals', async () => {
		const response = await postForm(senco, `${MANAGE}?modal=student-professionals&id=${unlinkedStudentId}`, [
			['intent', 'professionals'],
			['id', unlinkedStudentId],
			['keyProfessional', sencoMember],
			['connectedProfessionals', teacherMember],
		])
		expect(response.status).toBe(302)
		expect(
			await app.sql('select membership_id, is_key from student_professional where student_id = ? order by is_key desc', [unlinkedStudentId]),
		).toEqual([
			{ membership_id: sencoMember, is_key: true },
			{ membership_id: teacherMember, is_key: false },
		])
		// Put it back: the student is the one the teacher is not linked to.
		await postForm(senco, MANAGE, [
			['intent', 'professionals'],
			['id', unlinkedStudentId],
			['keyProfessional', 'none'],
		])
		expect(await app.sql('select id from student_professional where student_id = ?', [unlinkedStudentId])).toEqual([])
	})

	test('the manage-students list costs the same number of queries for one student and for a full page', async () => {
		const page = await senco.request(MANAGE)
		expect(page.status).toBe(200)
		const [student] = await app.sql<{ last_name: string; first_name: string }>('select first_name, last_name from student where id = ?', [linkedStudentId])
		const filtered = await senco.request(`${MANAGE}?q=${encodeURIComponent(`${student!.first_name} ${student!.last_name}`)}`)
		expect(await filtered.text()).toContain(`${student!.first_name} ${student!.last_name}`)
		expect(page.headers.get('X-Query-Count')).toBeTruthy()
		expect(filtered.headers.get('X-Query-Count')).toBe(page.headers.get('X-Query-Count'))
	})
})

describe('answering', () => {
	let profileId: string
	let feedbackId: string
	let base: string

	beforeAll(async () => {
		profileId = await createProfile(linkedStudentId, { kind: 'one-time', intervalWeeks: '', startDate: isoDaysAgo(0) }, [teacherMember])
		feedbackId = await feedbackOf(profileId, teacherMember)
		base = `/professional/questionnaires/${feedbackId}/domains`
	})

	test('the round is listed under Questionnaires as Not started, due two weeks after it opens', async () => {
		const [student] = await app.sql<{ name: string }>("select first_name || ' ' || last_name as name from student where id = ?", [linkedStudentId])
		const html = await (await teacher.request(`/professional/questionnaires?status=incomplete&q=${encodeURIComponent(student!.name)}`)).text()
		expect(html).toContain(`${base}`)
		expect(html).toContain('Not started')
		const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/')
		expect(html).toContain(due)
	})

	test('an answer saved as the user goes: In progress, audited, and there after signing in again', async () => {
		const [first] = await questionsOf(domainIds[0]!)
		const saved = await teacher.post(`${base}/${domainIds[0]}`, { intent: 'answer', questionId: first!, value: '1' })
		expect(saved.status).toBe(200)
		expect(await app.sql('select status from feedback where id = ?', [feedbackId])).toEqual([{ status: 'inProgress' }])
		expect(await app.sql("select id from audit_event where action = 'feedback.answer' and entity_id = ?", [feedbackId])).not.toHaveLength(0)

		const again = new Browser(app)
		await again.signIn('teacher@oakfield.test')
		const html = await (await again.request(`${base}/${domainIds[0]}`)).text()
		const checked = (html.match(/<input[^>]*>/g) ?? []).filter((input) => input.includes(`name="answer-${first}"`) && /\schecked/.test(input))
		expect(checked).toHaveLength(1)
		expect(checked[0]).toContain('value="1"')
	})

	test('the domain’s form saves all its answers in one go and moves to the next domain (no JavaScript)', async () => {
		const questions = await questionsOf(domainIds[0]!)
		const response = await teacher.post(`${base}/${domainIds[0]}`, {
			intent: 'next',
			...Object.fromEntries(questions.map((id) => [`answer-${id}`, '4'])),
		})
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`${base}/${domainIds[1]}`)
		const [row] = await app.sql<{ count: number }>('select count(*)::int as count from answer where feedback_id = ? and value = 4', [feedbackId])
		expect(row?.count).toBe(questions.length)
		// Previous domain goes back.
		expect((await teacher.post(`${base}/${domainIds[1]}`, { intent: 'previous' })).headers.get('Location')).toBe(`${base}/${domainIds[0]}`)
	})

	test('a question of another questionnaire, or an out-of-scale value, is ignored', async () => {
		const [foreign] = await app.sql<{ id: string }>(
			'select qu.id from question qu join domain d on d.id = qu.domain_id where d.questionnaire_id <> ? limit 1',
			[questionnaireId],
		)
		const [own] = await questionsOf(domainIds[1]!)
		await teacher.post(`${base}/${domainIds[1]}`, { intent: 'review', ...(foreign ? { [`answer-${foreign.id}`]: '2' } : {}), [`answer-${own}`]: '9' })
		expect(await app.sql('select value from answer where feedback_id = ? and question_id = any(?::uuid[])', [feedbackId, `{${[foreign?.id ?? own, own].join(',')}}`])).toEqual([])
	})

	test('submit is refused, listing the unanswered questions, while any is unanswered', async () => {
		const response = await teacher.post(base, { intent: 'submit' })
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain('still unanswered')
		expect(html).toMatch(/question 1<\/a>/)
		expect(await app.sql('select status, submitted_at from feedback where id = ?', [feedbackId])).toEqual([{ status: 'inProgress', submitted_at: null }])
	})

	test('[14.4] the review step lists each unanswered question with a link to it, and offers Submit only when none is left', async () => {
		const overview = await (await teacher.request(base)).text()
		expect(overview).toContain(`${base}?step=review`)
		expect(overview).not.toContain('value="submit"')
		const [unanswered] = await questionsOf(domainIds[2]!)
		const review = await (await teacher.request(`${base}?step=review`)).text()
		expect(review).toContain('Review and submit')
		expect(review).toContain('still unanswered')
		expect(review).toContain(`${base}/${domainIds[2]}#question-${unanswered}`)
		expect(review).not.toContain('value="submit"')
	})

	test('once every question is answered, submit completes it; afterwards it is read-only', async () => {
		for (const domainId of domainIds) {
			const questions = await questionsOf(domainId)
			const saved = await teacher.post(`${base}/${domainId}`, { intent: 'review', ...Object.fromEntries(questions.map((id, index) => [`answer-${id}`, String(index % 5)])) })
			expect(saved.headers.get('Location')).toBe(`${base}?step=review`)
		}
		// The review is the confirmation: its Submit is the only one.
		const review = await (await teacher.request(`${base}?step=review`)).text()
		expect(review).not.toContain('still unanswered')
		expect(review).toContain('value="submit"')
		const submitted = await teacher.post(base, { intent: 'submit' })
		expect(submitted.status).toBe(302)
		expect(submitted.headers.get('Location')).toBe('/professional/questionnaires')
		const [row] = await app.sql<{ status: string; submitted_at: Date | null }>('select status, submitted_at from feedback where id = ?', [feedbackId])
		expect(row?.status).toBe('complete')
		expect(row?.submitted_at).not.toBeNull()
		const [first] = await questionsOf(domainIds[0]!)
		const before = await app.sql('select value from answer where feedback_id = ? and question_id = ?', [feedbackId, first])
		const late = await teacher.post(`${base}/${domainIds[0]}`, { intent: 'answer', questionId: first!, value: '3' })
		expect(late.status).toBe(302)
		expect(await app.sql('select value from answer where feedback_id = ? and question_id = ?', [feedbackId, first])).toEqual(before)
		expect((await teacher.post(base, { intent: 'submit' })).status).toBe(302)
	})

	test('feedback/:id shows the answers by domain with each severity in words, and the read is audited', async () => {
		const html = await (await senco.request(`/need-manager/feedback/${feedbackId}`)).text()
		expect(html).toContain('High need')
		expect(html).toContain('Low need')
		expect(html).toContain(`/students/profile/${linkedStudentId}`)
		expect(await app.sql("select id from audit_event where action = 'feedback.read' and entity_id = ?", [feedbackId])).not.toHaveLength(0)
		expect((await teacher.request(`/professional/feedback/${feedbackId}`)).status).toBe(200)
		const list = await (await senco.request(`/need-manager/feedback?status=complete&questionnaire=${questionnaireId}`)).text()
		expect(list).toContain(`/need-manager/feedback/${feedbackId}`)
		const home = await (await senco.request('/need-manager/home/feedback')).text()
		expect(home).toContain(`/need-manager/feedback/${feedbackId}`)
		// Submitted first (not submitted, with no date, last), newest first: the feedback submitted just now leads the list.
		const all = await (await senco.request('/need-manager/feedback')).text()
		expect(all.match(/\/need-manager\/feedback\/([0-9a-f-]{36})/)?.[1]).toBe(feedbackId)
		expect(await (await senco.request('/need-manager/feedback?status=incomplete')).text()).not.toContain(`/need-manager/feedback/${feedbackId}`)
	})

	test('someone who is not the respondent gets 404 on the domains, the stepper and their posts', async () => {
		const sencosOwn = await createProfile(strangerStudentId, { kind: 'one-time', intervalWeeks: '', startDate: isoDaysAgo(0) }, [sencoMember])
		const sencoFeedback = await feedbackOf(sencosOwn, sencoMember)
		const [question] = await questionsOf(domainIds[0]!)
		const paths = [`/professional/questionnaires/${sencoFeedback}/domains`, `/professional/questionnaires/${sencoFeedback}/domains?step=review`, `/professional/questionnaires/${sencoFeedback}/domains/${domainIds[0]}`]
		for (const path of paths) {
			expect((await teacher.request(path)).status, path).toBe(404)
			expect((await teacher.post(path, { intent: 'answer', questionId: question!, value: '2' })).status, path).toBe(404)
			expect((await teacher.post(path, { intent: 'submit' })).status, path).toBe(404)
		}
		expect((await senco.request(`/need-manager/questionnaires/${feedbackId}/domains`)).status).toBe(404)
		expect(await app.sql('select id from answer where feedback_id = ?', [sencoFeedback])).toEqual([])
		// The teacher has no need to know the student and is not its respondent: its answers are not theirs to read either.
		expect((await teacher.request(`/professional/feedback/${sencoFeedback}`)).status).toBe(404)
		expect(await (await teacher.request('/professional/feedback')).text()).not.toContain(sencoFeedback)
	})
})

describe('answers are refused when they must not be saved', () => {
	const newFeedback = async () => {
		const profileId = await createProfile(linkedStudentId, { kind: 'one-time', intervalWeeks: '', startDate: isoDaysAgo(0) }, [teacherMember])
		const feedbackId = await feedbackOf(profileId, teacherMember)
		return { profileId, feedbackId, base: `/professional/questionnaires/${feedbackId}/domains` }
	}
	const answerCount = async (feedbackId: string) =>
		(await one<{ count: number }>('select count(*)::int as count from answer where feedback_id = ?', [feedbackId])).count

	test('a single answer without a value on the 0–4 scale is a bad request (400), nothing saved', async () => {
		const { feedbackId, base } = await newFeedback()
		const [question] = await questionsOf(domainIds[0]!)
		for (const value of [undefined, '', '2.5', '5', '-1', 'x']) {
			const form: Record<string, string> = { intent: 'answer', questionId: question! }
			if (value !== undefined) form.value = value
			expect((await teacher.post(`${base}/${domainIds[0]}`, form)).status, String(value)).toBe(400)
		}
		expect((await teacher.post(`${base}/${domainIds[0]}`, { intent: 'next', [`answer-${question}`]: '' })).status).toBe(302)
		expect(await answerCount(feedbackId)).toBe(0)
		expect(await app.sql('select status from feedback where id = ?', [feedbackId])).toEqual([{ status: 'incomplete' }])
	})

	test('a post that repeats a question keeps one answer, its last value, rather than failing', async () => {
		const { feedbackId, base } = await newFeedback()
		const [question, other] = await questionsOf(domainIds[0]!)
		const response = await postForm(teacher, `${base}/${domainIds[0]}`, [
			['intent', 'next'],
			[`answer-${question}`, '1'],
			[`answer-${other}`, '3'],
			[`answer-${question!.toUpperCase()}`, '2'],
		])
		expect(response.status).toBe(302)
		expect(await app.sql('select question_id, value from answer where feedback_id = ? order by value', [feedbackId])).toEqual([
			{ question_id: question, value: 2 },
			{ question_id: other, value: 3 },
		])
	})

	test('a closed profile’s feedback refuses answers and submit with a toast; nothing saved', async () => {
		const { profileId, feedbackId, base } = await newFeedback()
		const [question] = await questionsOf(domainIds[0]!)
		expect((await teacher.post(`${base}/${domainIds[0]}`, { intent: 'answer', questionId: question!, value: '1' })).status).toBe(200)
		expect((await postForm(senco, MANAGE, [['intent', 'close-profile'], ['id', profileId]])).status).toBe(302)
		const answered = await teacher.post(`${base}/${domainIds[0]}`, { intent: 'answer', questionId: question!, value: '3' })
		expect(answered.status).toBe(302)
		expect(await (await teacher.request(answered.headers.get('Location')!)).text()).toContain('This feedback cannot be changed')
		const saved = await teacher.post(`${base}/${domainIds[0]}`, { intent: 'review', [`answer-${question}`]: '4' })
		expect(saved.status).toBe(302)
		expect(await app.sql('select value from answer where feedback_id = ?', [feedbackId])).toEqual([{ value: 1 }])
		expect((await teacher.post(base, { intent: 'submit' })).status).toBe(302)
		expect(await app.sql('select status, submitted_at from feedback where id = ?', [feedbackId])).toEqual([{ status: 'inProgress', submitted_at: null }])
	})

	test('after submit, neither a single answer nor the domain’s form changes an answer', async () => {
		const { feedbackId, base } = await newFeedback()
		for (const domainId of domainIds) {
			const questions = await questionsOf(domainId)
			await teacher.post(`${base}/${domainId}`, { intent: 'review', ...Object.fromEntries(questions.map((id) => [`answer-${id}`, '2'])) })
		}
		expect((await teacher.post(base, { intent: 'submit' })).status).toBe(302)
		const [question] = await questionsOf(domainIds[0]!)
		const late = await teacher.post(`${base}/${domainIds[0]}`, { intent: 'answer', questionId: question!, value: '0' })
		expect(late.status).toBe(302)
		expect(await (await teacher.request(late.headers.get('Location')!)).text()).toContain('This feedback cannot be changed')
		await teacher.post(`${base}/${domainIds[0]}`, { intent: 'review', [`answer-${question}`]: '0' })
		expect(await app.sql('select distinct value from answer where feedback_id = ?', [feedbackId])).toEqual([{ value: 2 }])
	})
})

describe('another school’s records are 404 on every route of both areas', () => {
	let profileId: string
	let feedbackId: string
	beforeAll(async () => {
		profileId = await createProfile(linkedStudentId, { kind: 'one-time', intervalWeeks: '', startDate: isoDaysAgo(0) }, [teacherMember, sencoMember])
		feedbackId = await feedbackOf(profileId, teacherMember)
	})

	const routes = (): { method: string; path: (area: string) => string; form?: Record<string, string> }[] => [
		{ method: 'GET', path: (area: string) => `${area}/questionnaires/${feedbackId}/domains` },
		{ method: 'GET', path: (area: string) => `${area}/questionnaires/${feedbackId}/domains?step=review` },
		{ method: 'GET', path: (area: string) => `${area}/questionnaires/${feedbackId}/domains/${domainIds[0]}` },
		{ method: 'GET', path: (area: string) => `${area}/feedback/${feedbackId}` },
		{ method: 'POST', path: (area: string) => `${area}/questionnaires/${feedbackId}/domains`, form: { intent: 'submit' } },
		{ method: 'POST', path: (area: string) => `${area}/questionnaires/${feedbackId}/domains/${domainIds[0]}`, form: { intent: 'next' } },
	]
	const manageRoutes = (): { method: string; path: string; form?: Record<string, string> }[] => [
		{ method: 'GET', path: `${MANAGE}?modal=add-profile&id=${linkedStudentId}` },
		{ method: 'GET', path: `${MANAGE}?modal=student-professionals&id=${linkedStudentId}` },
		{ method: 'POST', path: MANAGE, form: { intent: 'close-profile', id: profileId } },
		{ method: 'POST', path: MANAGE, form: { intent: 'professionals', id: linkedStudentId, keyProfessional: 'none' } },
	]

	test.each([
		{ email: 'senco@riverside.test', area: '/need-manager' },
		{ email: 'mentor@riverside.test', area: '/professional' },
	])('$email', async ({ email, area }) => {
		const browser = new Browser(app)
		await browser.signIn(email)
		for (const route of routes()) {
			const response = route.form ? await browser.post(route.path(area), route.form) : await browser.request(route.path(area))
			expect(response.status, `${route.method} ${route.path(area)}`).toBe(404)
		}
		if (area === '/need-manager') {
			for (const route of manageRoutes()) {
				const response = route.form ? await browser.post(route.path, route.form) : await browser.request(route.path)
				expect(response.status, `${route.method} ${route.path}`).toBe(404)
			}
			const created = await postForm(browser, MANAGE, profileForm(linkedStudentId))
			expect(created.status).toBe(404)
		}
		expect(await (await browser.request(`${area}/feedback`)).text()).not.toContain(feedbackId)
		expect(await (await browser.request(`${area}/questionnaires`)).text()).not.toContain(feedbackId)
		expect(await app.sql('select status from profile where id = ?', [profileId])).toEqual([{ status: 'active' }])
	})
})

describe('lists cost a constant number of queries', () => {
	test.each([
		{ who: 'senco', path: '/need-manager/feedback', narrow: '/need-manager/feedback?q=zzzz-nobody' },
		{ who: 'teacher', path: '/professional/feedback', narrow: '/professional/feedback?q=zzzz-nobody' },
		{ who: 'teacher', path: '/professional/questionnaires', narrow: '/professional/questionnaires?q=zzzz-nobody' },
		{ who: 'senco', path: '/need-manager/home/students', narrow: '/need-manager/home/students?page=2' },
		{ who: 'senco', path: MANAGE, narrow: `${MANAGE}?page=2` },
	])('$path', async ({ who, path, narrow }) => {
		const browser = who === 'senco' ? senco : teacher
		const full = await browser.request(path)
		const empty = await browser.request(narrow)
		expect(full.status).toBe(200)
		expect(Number(full.headers.get('X-Query-Count'))).toBeGreaterThan(0)
		expect(empty.headers.get('X-Query-Count')).toBe(full.headers.get('X-Query-Count'))
	})
})

describe('need-to-know of feedback: a respondent of one of the student’s profiles', () => {
	test('sees the student on the home students tab and reads a colleague’s submitted feedback; with no link, 404', async () => {
		const [student] = await app.sql<{ id: string; last_name: string }>(
			`select s.id, s.last_name from student s where s.school_id = ? and s.id not in (?, ?) and s.archived = false
			and not exists (select 1 from student_professional sp where sp.student_id = s.id and sp.membership_id = ?)
			and not exists (select 1 from group_student gs join group_staff gf on gf.group_id = gs.group_id where gs.student_id = s.id and gf.membership_id = ?)
			order by s.upn desc limit 1`,
			[oakfieldId, unlinkedStudentId, strangerStudentId, teacherMember, teacherMember],
		)
		const studentId = student!.id
		await app.sql('delete from profile_respondent where membership_id = ? and profile_id in (select id from profile where student_id = ?)', [
			teacherMember,
			studentId,
		])
		const profileId = await createProfile(studentId, { kind: 'one-time', intervalWeeks: '', startDate: isoDaysAgo(0) }, [sencoMember])
		const colleagues = await feedbackOf(profileId, sencoMember)
		await app.sql("update feedback set status = 'complete', submitted_at = now() where id = ?", [colleagues])
		/** Every page of the professional's home students tab, joined. */
		const homeStudents = async () => {
			let html = ''
			for (let page = 1; page <= 10; page++) {
				const text = await (await teacher.request(`/professional/home/students?page=${page}`)).text()
				html += text
				if (!text.includes(`page=${page + 1}`)) break
			}
			return html
		}

		// No link of any kind: the feedback is 404 and the student is not on the home.
		expect((await teacher.request(`/professional/feedback/${colleagues}`)).status).toBe(404)
		expect(await homeStudents()).not.toContain(`/students/profile/${studentId}`)

		// A respondent of the student's profile (and of nothing else about the student).
		await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?)', [profileId, teacherMember])
		expect(await homeStudents()).toContain(`/students/profile/${studentId}`)
		const read = await teacher.request(`/professional/feedback/${colleagues}`)
		expect(read.status).toBe(200)
		expect(await read.text()).toContain(student!.last_name)
		expect(await (await teacher.request(`/professional/feedback?q=${encodeURIComponent(student!.last_name)}`)).text()).toContain(`/professional/feedback/${colleagues}`)

		// A colleague's draft stays theirs.
		await app.sql("update feedback set status = 'inProgress', submitted_at = null where id = ?", [colleagues])
		expect((await teacher.request(`/professional/feedback/${colleagues}`)).status).toBe(404)
	})
})
