import { randomUUID } from 'node:crypto'
import { withCheckLetter } from '#app/lib/upn.ts'
import { Browser, type TestApp } from './app.ts'

/**
 * Data for the student views and recommendations tests, written straight into
 * the app's database: one Oakfield student assessed with the demo questionnaire
 * (5 domains × 5 questions; 12 reverse-scored) in two rounds, answers chosen so
 * every score can be worked out by hand:
 *
 * - round 1 (index 0): the need manager answers Always (0) to everything,
 *   the teacher Sometimes (2);
 * - round 2 (index 1): the need manager answers Very Often (1), the teacher
 *   Sometimes (2), and a third respondent (the invited TA) has answered
 *   Never (4) to five questions without submitting: that feedback must not count.
 */
export type HandStudent = {
	studentId: string
	profileId: string
	rounds: [string, string]
	sencoMembershipId: string
	teacherMembershipId: string
}

export const membershipOf = async (app: TestApp, email: string) =>
	(await app.sql<{ id: string }>('select m.id from school_membership m join users u on u.id = m.user_id where u.email = ?', [email]))[0]!.id

export async function oakfieldId(app: TestApp): Promise<string> {
	return (await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'"))[0]!.id
}

let serial = 0

/** A student of Oakfield with no professional, group or profile: nobody but admins and need managers may see them. */
export async function createBareStudent(app: TestApp, name = 'Unlinked'): Promise<string> {
	const id = randomUUID()
	serial++
	await app.sql(
		`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
		values (?, now(), now(), ?, ?, ?, 'Pupil', '2017-03-04', 'Female', 'Year 3', 'none', false)`,
		[id, await oakfieldId(app), withCheckLetter(`88824${String(Date.now() % 1e5).padStart(5, '0')}${String(serial).padStart(2, '0')}`), name],
	)
	return id
}

export async function createHandStudent(app: TestApp): Promise<HandStudent> {
	const schoolId = await oakfieldId(app)
	const studentId = await createBareStudent(app, 'Hand')
	const senco = await membershipOf(app, 'senco@oakfield.test')
	const teacher = await membershipOf(app, 'teacher@oakfield.test')
	const ta = await membershipOf(app, 'ta@oakfield.test')
	const questionnaireId = (await app.sql<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1"))[0]!.id
	const profileId = randomUUID()
	await app.sql(
		`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
		values (?, now(), now(), ?, ?, ?, 'recurring', 6, '2026-09-07', 'active')`,
		[profileId, schoolId, studentId, questionnaireId],
	)
	await app.sql('insert into profile_respondent (profile_id, membership_id) values (?, ?), (?, ?)', [profileId, senco, profileId, teacher])
	const rounds: [string, string] = [randomUUID(), randomUUID()]
	await app.sql(
		`insert into round (id, created_at, updated_at, profile_id, index, opens_on) values (?, now(), now(), ?, 0, '2026-09-07'), (?, now(), now(), ?, 1, '2026-10-19')`,
		[rounds[0], profileId, rounds[1], profileId],
	)
	const answerAll = async (roundId: string, membershipId: string, value: number, status = 'complete', limit = 25) => {
		const feedbackId = randomUUID()
		await app.sql(
			`insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values (?, now(), now(), ?, ?, ?, ${status === 'complete' ? 'now()' : 'null'})`,
			[feedbackId, roundId, membershipId, status],
		)
		await app.sql(
			`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
			select gen_random_uuid(), now(), now(), ?::uuid, q.id, ?::smallint
			from question q join domain d on d.id = q.domain_id
			where d.questionnaire_id = ? and q.reverse = false
			union all
			select gen_random_uuid(), now(), now(), ?::uuid, q.id, ?::smallint
			from question q join domain d on d.id = q.domain_id
			where d.questionnaire_id = ? and q.reverse = true
			limit ?`,
			[feedbackId, value, questionnaireId, feedbackId, value, questionnaireId, limit],
		)
	}
	await answerAll(rounds[0], senco, 0)
	await answerAll(rounds[0], teacher, 2)
	await answerAll(rounds[1], senco, 1)
	await answerAll(rounds[1], teacher, 2)
	await answerAll(rounds[1], ta, 4, 'inProgress', 5)
	return { studentId, profileId, rounds, sencoMembershipId: senco, teacherMembershipId: teacher }
}

/** A form post with repeated names (checkboxes), as a browser sends it. */
export function postPairs(browser: Browser, path: string, pairs: [string, string][]) {
	return browser.request(path, {
		method: 'POST',
		body: new URLSearchParams(pairs),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: browser.app.url },
	})
}

/** The rows of the HTML table with this caption, each as its cells' text. */
export function tableRows(html: string, caption: string): string[][] {
	const start = html.indexOf(`>${caption}</caption>`)
	if (start === -1) throw new Error(`no table captioned "${caption}"`)
	const table = html.slice(start, html.indexOf('</table>', start))
	const body = table.slice(table.indexOf('<tbody'))
	return body
		.split(/<tr[\s>]/)
		.slice(1)
		.map((row) =>
			[...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
				cell[1]!
					.replace(/<[^>]+>/g, ' ')
					.replace(/&#x27;|&#39;/g, "'")
					.replace(/&amp;/g, '&')
					.replace(/\s+/g, ' ')
					.trim(),
			),
		)
}

/**
 * The people of the recommendation tests, signed in: Oakfield's need manager, a teacher and the office, and Riverside's
 * need manager (another school); and a student made by hand for them to plan for.
 */
export async function recommendationCast(app: TestApp) {
	const [senco, teacher, office, riverside] = [new Browser(app), new Browser(app), new Browser(app), new Browser(app)]
	await senco.signIn('senco@oakfield.test')
	await teacher.signIn('teacher@oakfield.test')
	await office.signIn('office@oakfield.test')
	await riverside.signIn('senco@riverside.test')
	return { senco, teacher, office, riverside, hand: await createHandStudent(app) }
}
