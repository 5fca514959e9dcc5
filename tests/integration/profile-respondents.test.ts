import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formatDate } from '#app/lib/format.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { createBareStudent, membershipOf, oakfieldId } from './assessment-fixtures.ts'
import { page, postAndFollow } from './pages.ts'

/**
 * Issue 13 item 9 (ADR 027): the need manager of a student's school adds and
 * removes respondents of the student's profiles on the student's profile
 * screen; the next round asks whoever is a respondent then.
 */
let app: TestApp
let senco: Browser
let teacher: Browser
let office: Browser
let riversideSenco: Browser
let oakfield: string
let questionnaireId: string
const member: Record<'senco' | 'teacher' | 'ta' | 'office' | 'mentor' | 'riversideSenco', string> = {
	senco: '',
	teacher: '',
	ta: '',
	office: '',
	mentor: '',
	riversideSenco: '',
}

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	;[senco, teacher, office, riversideSenco] = [new Browser(app), new Browser(app), new Browser(app), new Browser(app)]
	await senco.signIn('senco@oakfield.test')
	await teacher.signIn('teacher@oakfield.test')
	await office.signIn('office@oakfield.test')
	await riversideSenco.signIn('senco@riverside.test')
	oakfield = await oakfieldId(app)
	questionnaireId = (await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by title limit 1"))[0]!.id
	member.senco = await membershipOf(app, 'senco@oakfield.test')
	member.teacher = await membershipOf(app, 'teacher@oakfield.test')
	member.ta = await membershipOf(app, 'ta@oakfield.test')
	member.office = await membershipOf(app, 'office@oakfield.test')
	member.mentor = await membershipOf(app, 'mentor@riverside.test')
	member.riversideSenco = await membershipOf(app, 'senco@riverside.test')
	seeded = await app.sql<SeededStudent>(
		`select s.id as student_id, p.id as profile_id, s.first_name, s.last_name from student s join profile p on p.student_id = s.id
		where s.school_id = ? order by s.upn desc, p.id limit 5`,
		[oakfield],
	)
})
afterAll(() => app?.close())

const profilePath = (studentId: string) => `/students/profile/${studentId}`
const modalPath = (studentId: string, profileId: string) => `${profilePath(studentId)}?modal=profile-respondents&profile=${profileId}`
const add = (profileId: string, membershipId: string) => ({ intent: 'add-respondent', profileId, membershipId })
const remove = (profileId: string, membershipId: string) => ({ intent: 'remove-respondent', profileId, membershipId })

const respondentsOf = async (profileId: string) =>
	(await app.sql<{ membership_id: string }>('select membership_id from profile_respondent where profile_id = ? order by membership_id', [profileId])).map(
		(row) => row.membership_id,
	)
/** Every feedback of the profile with its answers counted: what a write must leave alone. */
const feedbackOf = (profileId: string) =>
	app.sql<{ id: string; index: number; respondent_id: string; status: string; answers: number }>(
		`select f.id, r.index, f.respondent_id, f.status, (select count(*)::int from answer a where a.feedback_id = f.id) as answers
		from feedback f join round r on r.id = f.round_id where r.profile_id = ? order by r.index, f.respondent_id`,
		[profileId],
	)
const audited = async (action: string, profileId: string) =>
	(await app.sql('select id from audit_event where action = ? and entity_id = ?', [action, profileId])).length

/** Today in the UK, as the rounds job counts it, moved by whole days. */
function ukDay(offsetDays = 0) {
	const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
	const day = new Date(`${today}T00:00:00Z`)
	day.setUTCDate(day.getUTCDate() + offsetDays)
	return day.toISOString().slice(0, 10)
}

type SeededStudent = { student_id: string; profile_id: string; first_name: string; last_name: string }
let seeded: SeededStudent[] = []

/**
 * A seeded Oakfield student with their one demo profile (respondents: the SENCo and the teacher; the latest round not
 * started), one per test. The five are read once, before any test writes: read later, the offsets would move whenever a
 * test's writes (or a scheduled round) change which students sort first, and two tests could get the same profile.
 */
function seededStudent(offset: number) {
	const row = seeded[offset]
	if (!row) throw new Error(`no seeded student at ${offset}`)
	return row
}

describe('[13.9] the need manager changes who answers a profile', () => {
	test('[13.9] adds and removes a respondent on the student’s profile; each write audited; "Asked next round" follows', async () => {
		const { student_id: studentId, profile_id: profileId } = seededStudent(0)
		const before = await page(senco, profilePath(studentId))
		expect(before).toMatch(/Asked next round \(opens \d{2}\/\d{2}\/\d{4}\): Sarah Collins, Tom Harris Change respondents/)

		// The modal offers the school's need managers and professionals with access who are not asked yet: the invited TA, not the office.
		const modal = await page(senco, modalPath(studentId, profileId))
		expect(modal).toContain('Respondents: ')
		expect(modal).toContain('Priya Shah (Teaching Assistant)')
		expect(modal).not.toContain('Olivia Bennett')
		expect(modal).toContain('Remove Tom Harris')

		const feedbackBefore = await feedbackOf(profileId)
		const latest = Math.max(...feedbackBefore.map((row) => row.index))
		const added = await postAndFollow(senco, modalPath(studentId, profileId), add(profileId, member.ta))
		expect(added.location).toBe(modalPath(studentId, profileId))
		expect(added.text).toContain('Priya Shah added')
		expect(added.text).toMatch(/Asked next round \(opens [\d/]+\): Sarah Collins, Tom Harris, Priya Shah/)
		expect(await respondentsOf(profileId)).toEqual([member.senco, member.teacher, member.ta].toSorted())
		// She joins the round open now, not started; earlier rounds are history.
		const feedbackAdded = await feedbackOf(profileId)
		expect(feedbackAdded.filter((row) => row.respondent_id === member.ta)).toEqual([
			{ id: expect.any(String), index: latest, respondent_id: member.ta, status: 'incomplete', answers: 0 },
		])
		expect(feedbackAdded.filter((row) => row.respondent_id !== member.ta)).toEqual(feedbackBefore)
		expect(await audited('profile.respondent.add', profileId)).toBe(1)
		// Adding her again (a double post) changes nothing, is not a second event, and says so.
		const again = await postAndFollow(senco, profilePath(studentId), add(profileId, member.ta))
		expect(again.location).toBe(modalPath(studentId, profileId))
		expect(again.text).toContain('Priya Shah is already asked Nothing was changed.')
		expect(await feedbackOf(profileId)).toEqual(feedbackAdded)
		expect(await audited('profile.respondent.add', profileId)).toBe(1)

		// Removal is confirmed first: a second modal over the respondents.
		const confirm = await page(senco, `${modalPath(studentId, profileId)}&modal=remove-respondent&respondent=${member.teacher}`)
		expect(confirm).toContain('Remove Tom Harris from the ')
		expect(confirm).toContain('The answers they have given are kept.')

		const removed = await postAndFollow(senco, `${profilePath(studentId)}?profile=${profileId}`, remove(profileId, member.teacher))
		expect(removed.location).toBe(modalPath(studentId, profileId))
		expect(removed.text).toContain('Tom Harris removed')
		expect(removed.text).toMatch(/Asked next round \(opens [\d/]+\): Sarah Collins, Priya Shah/)
		expect(await respondentsOf(profileId)).toEqual([member.senco, member.ta].toSorted())
		// His submitted feedback stays with every answer; his not-started feedback of the open round is withdrawn.
		const feedbackRemoved = await feedbackOf(profileId)
		const his = feedbackAdded.filter((row) => row.respondent_id === member.teacher)
		expect(his.some((row) => row.status === 'complete' && row.answers > 0)).toBe(true)
		expect(his.some((row) => row.status === 'incomplete')).toBe(true)
		expect(feedbackRemoved.filter((row) => row.respondent_id === member.teacher)).toEqual(his.filter((row) => row.status !== 'incomplete'))
		expect(feedbackRemoved.filter((row) => row.respondent_id !== member.teacher)).toEqual(feedbackAdded.filter((row) => row.respondent_id !== member.teacher))
		expect(await audited('profile.respondent.remove', profileId)).toBe(1)
		// Removing him again (a second tab, a double post) changes nothing and says so; someone of another school is still 404.
		const removedAgain = await postAndFollow(senco, profilePath(studentId), remove(profileId, member.teacher))
		expect(removedAgain.location).toBe(modalPath(studentId, profileId))
		expect(removedAgain.text).toContain('Tom Harris already removed Nothing was changed.')
		expect(await feedbackOf(profileId)).toEqual(feedbackRemoved)
		expect(await audited('profile.respondent.remove', profileId)).toBe(1)
		expect((await senco.post(profilePath(studentId), remove(profileId, member.riversideSenco))).status).toBe(404)
	})

	test('[13.9] removal keeps the answers given (feedback, analysis, comparison); the next due round asks the removed no more and the added from then on', async () => {
		const studentId = await createBareStudent(app, 'Rounds')
		// A weekly profile made today (round 1 and its feedback come with the post), both answered in full.
		const created = await senco.request('/need-manager/students/manage-students', {
			method: 'POST',
			body: new URLSearchParams([
				['intent', 'create-profile'],
				['id', studentId],
				['questionnaireId', questionnaireId],
				['kind', 'recurring'],
				['intervalWeeks', '1'],
				['startDate', ukDay(0)],
				['respondents', member.senco],
				['respondents', member.teacher],
			]),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: app.url },
		})
		expect(created.status).toBe(302)
		const [{ id: profileId } = { id: '' }] = await app.sql<{ id: string }>('select id from profile where student_id = ?', [studentId])
		const first = await feedbackOf(profileId)
		expect(first.map((row) => [row.index, row.respondent_id])).toEqual([[0, member.senco], [0, member.teacher]].toSorted())
		for (const [feedback, value] of first.map((row, i) => [row, i * 2] as const)) {
			await app.sql(
				`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
				select gen_random_uuid(), now(), now(), ?::uuid, q.id, ?::smallint from question q join domain d on d.id = q.domain_id where d.questionnaire_id = ?`,
				[feedback.id, value, questionnaireId],
			)
			await app.sql("update feedback set status = 'complete', submitted_at = now() where id = ?", [feedback.id])
		}
		const teacherFeedback = first.find((row) => row.respondent_id === member.teacher)!.id

		// The next round opens in a week, asking both.
		expect(await page(senco, profilePath(studentId))).toContain(`Asked next round (opens ${formatDate(ukDay(7))}): Sarah Collins, Tom Harris`)
		expect((await senco.post(profilePath(studentId), remove(profileId, member.teacher))).status).toBe(302)
		expect((await senco.post(profilePath(studentId), add(profileId, member.ta))).status).toBe(302)
		const profileText = await page(senco, profilePath(studentId))
		expect(profileText).toContain(`Asked next round (opens ${formatDate(ukDay(7))}): Sarah Collins, Priya Shah`)
		// Round 1's record still names him, complete.
		expect(profileText).toContain('Tom Harris: Complete')

		// His answers: still his feedback to read, still scored in the analysis, still a side of the comparison.
		expect(await page(senco, `/need-manager/feedback/${teacherFeedback}`)).toContain('Tom Harris')
		const analysis = await page(senco, `${profilePath(studentId)}/analysis?profile=${profileId}`)
		expect(analysis).toContain('Domain scores, round 1')
		expect(analysis).toContain('averaged over the 2 respondents')
		const comparison = await page(senco, `${profilePath(studentId)}/comparison?profile=${profileId}&mode=respondents&first=${member.teacher}&second=${member.senco}`)
		expect(comparison).toContain('Tom Harris against Sarah Collins')
		expect((await feedbackOf(profileId)).filter((row) => row.respondent_id === member.teacher)).toEqual([
			{ id: teacherFeedback, index: 0, respondent_id: member.teacher, status: 'complete', answers: 25 },
		])

		// A week passes: the due-rounds job makes round 2 for the SENCo and the TA only.
		await app.sql("update profile set start_date = start_date - interval '7 days' where id = ?", [profileId])
		await app.sql("update round set opens_on = opens_on - interval '7 days' where profile_id = ?", [profileId])
		await app.jobs.send('rounds-due')
		await app.jobs.settled()
		const second = (await feedbackOf(profileId)).filter((row) => row.index === 1)
		expect(second.map((row) => row.respondent_id)).toEqual([member.senco, member.ta].toSorted())
	})

	test('[13.9] a transferred student’s profile shows no respondents, and the new school’s need manager adds one', async () => {
		const { student_id: studentId, profile_id: profileId, first_name, last_name } = seededStudent(1)
		const riversideOffice = new Browser(app)
		await riversideOffice.signIn('office@riverside.test')
		expect((await office.post(`/school-admin/students/list/${studentId}?modal=transfer-student`, { intent: 'transfer', destination: 'riverside', note: 'Moving.' })).status).toBe(302)
		const [request] = await app.sql<{ id: string }>("select id from transfer_request where student_id = ? and status = 'created'", [studentId])
		expect((await riversideOffice.post('/school-admin/students/transfer-students/incoming', { intent: 'approve', id: request!.id })).status).toBe(302)

		// Oakfield's staff were its respondents: none is left, and the open round asks nobody.
		expect(await respondentsOf(profileId)).toEqual([])
		const moved = await page(riversideSenco, profilePath(studentId))
		expect(moved).toContain(`${first_name} ${last_name}`)
		expect(moved).toMatch(/Asked next round \(opens [\d/]+\): nobody Change respondents/)
		expect(moved).toContain('No respondents')
		const modal = await page(riversideSenco, modalPath(studentId, profileId))
		expect(modal).toContain('Nobody is asked yet')
		expect(modal).toContain('Daniel Reid (Learning Mentor)')
		expect(modal).not.toContain('Tom Harris (Class Teacher)')

		// Oakfield no longer has the student: its need manager cannot add anyone; Oakfield's teacher is nobody to Riverside.
		expect((await senco.post(profilePath(studentId), add(profileId, member.teacher))).status).toBe(404)
		expect((await riversideSenco.post(profilePath(studentId), add(profileId, member.teacher))).status).toBe(404)
		expect(await respondentsOf(profileId)).toEqual([])

		const added = await postAndFollow(riversideSenco, modalPath(studentId, profileId), add(profileId, member.mentor))
		expect(added.text).toContain('Daniel Reid added')
		expect(added.text).toMatch(/Asked next round \(opens [\d/]+\): Daniel Reid/)
		expect(added.text).toContain('Daniel Reid: Not started')
		expect(await respondentsOf(profileId)).toEqual([member.mentor])
		// The mentor finds it among what he must answer.
		const mentor = new Browser(app)
		await mentor.signIn('mentor@riverside.test')
		expect(await page(mentor, '/professional/questionnaires')).toContain(`${first_name} ${last_name}`)
	})
})

describe('[13.9] who may change respondents, and whom', () => {
	test('[13.9] another school’s need manager gets 404; a professional and a school admin are sent home; nothing is written', async () => {
		const { student_id: studentId, profile_id: profileId } = seededStudent(2)
		const before = { respondents: await respondentsOf(profileId), feedback: await feedbackOf(profileId) }
		for (const form of [add(profileId, member.ta), remove(profileId, member.teacher)]) {
			expect((await riversideSenco.post(profilePath(studentId), form)).status).toBe(404)
			const byTeacher = await teacher.post(profilePath(studentId), form)
			expect(byTeacher.headers.get('Location')).toBe('/professional')
			const byOffice = await office.post(profilePath(studentId), form)
			expect(byOffice.headers.get('Location')).toBe('/school-admin')
		}
		expect({ respondents: await respondentsOf(profileId), feedback: await feedbackOf(profileId) }).toEqual(before)
		expect(await audited('profile.respondent.add', profileId)).toBe(0)
		expect(await audited('profile.respondent.remove', profileId)).toBe(0)
		// They see no way to change them either.
		expect(await page(teacher, modalPath(studentId, profileId))).not.toContain('Add a respondent')
		expect(await page(office, modalPath(studentId, profileId))).not.toContain('Change respondents')
		expect(await page(office, profilePath(studentId))).toMatch(/Asked next round \(opens [\d/]+\): Sarah Collins, Tom Harris/)
	})

	test('[13.9] hostile ids are refused with 4xx and nothing is written', async () => {
		const { student_id: studentId, profile_id: profileId } = seededStudent(3)
		const other = seededStudent(4)
		// A member of Oakfield without access: in the directory, but nobody who can answer.
		const userId = randomUUID()
		const noAccess = randomUUID()
		await app.sql("insert into users (id, created_at, updated_at, email, first_name, last_name) values (?, now(), now(), 'no-access@oakfield.test', 'Nora', 'Access')", [userId])
		await app.sql(
			`insert into school_membership (id, created_at, updated_at, user_id, school_id, role, access, first_name, last_name)
			values (?, now(), now(), ?, ?, 'professional', 'none', 'Nora', 'Access')`,
			[noAccess, userId, oakfield],
		)
		const [riversideProfile] = await app.sql<{ id: string }>("select p.id from profile p join school s on s.id = p.school_id where s.subdomain = 'riverside' limit 1")
		const before = { respondents: await respondentsOf(profileId), feedback: await feedbackOf(profileId), other: await respondentsOf(other.profile_id) }
		const cases: [string, Record<string, string>, number][] = [
			['malformed profile id', add('not-a-uuid', member.ta), 400],
			['malformed member id', add(profileId, `${member.ta}x`), 400],
			['malformed member id (remove)', remove(profileId, "1' or '1'='1"), 400],
			['no member chosen', add(profileId, ''), 400],
			['another school’s member', add(profileId, member.mentor), 404],
			['another school’s need manager', add(profileId, member.riversideSenco), 404],
			['a school admin', add(profileId, member.office), 404],
			['a member without access', add(profileId, noAccess), 404],
			['a made-up member', add(profileId, randomUUID()), 404],
			['another student’s profile', add(other.profile_id, member.ta), 404],
			['another school’s profile', add(riversideProfile!.id, member.ta), 404],
			['removing a colleague who is not a respondent (nothing to do, as after a double post)', remove(profileId, member.ta), 302],
			['removing another school’s member', remove(profileId, member.mentor), 404],
			['removing a made-up member', remove(profileId, randomUUID()), 404],
			['removing from another student’s profile', remove(other.profile_id, member.teacher), 404],
		]
		for (const [name, form, status] of cases) {
			expect((await senco.post(profilePath(studentId), form)).status, name).toBe(status)
		}
		expect({ respondents: await respondentsOf(profileId), feedback: await feedbackOf(profileId), other: await respondentsOf(other.profile_id) }).toEqual(before)
		expect(await audited('profile.respondent.add', profileId)).toBe(0)

		// A closed profile keeps its respondents: an error toast, nothing written.
		await app.sql("update profile set status = 'closed' where id = ?", [profileId])
		const closed = await postAndFollow(senco, profilePath(studentId), add(profileId, member.ta))
		expect(closed.text).toContain('Profile closed')
		expect(closed.text).not.toContain('Change respondents')
		expect(await respondentsOf(profileId)).toEqual(before.respondents)
	})
})
