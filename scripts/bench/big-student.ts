import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { withCheckLetter } from '#app/lib/upn.ts'

/**
 * One student of the demo's Oakfield with the demo questionnaire answered in every one of `rounds` rounds by each of
 * the `respondents` (e-mails of Oakfield's staff): the student of issue 6's analysis bench and of issue 17's export
 * bench. Returns its id and a demo student's, for comparison.
 */
export async function createBigStudent(databaseUrl: string, rounds: number, respondents: string[]): Promise<{ big: string; demo: string }> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		const one = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0] as T
		const school = await one<{ id: string }>("select id from school where subdomain = 'oakfield'")
		const questionnaire = await one<{ id: string }>("select id from questionnaire where status = 'published' order by created_at limit 1")
		const { rows: members } = await client.query(
			'select m.id from school_membership m join users u on u.id = m.user_id where u.email = any($1) and m.school_id = $2',
			[respondents, school.id],
		)
		const { rows: questions } = await client.query(
			'select q.id from question q join domain d on d.id = q.domain_id where d.questionnaire_id = $1 order by d.position, q.position',
			[questionnaire.id],
		)
		if (questions.length !== 25 || members.length !== respondents.length) throw new Error('the demo seed is not what the benchmark expects')
		const student = randomUUID()
		const profile = randomUUID()
		await client.query('begin')
		await client.query(
			`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
			values ($1, now(), now(), $2, $3, 'Bench', 'Mark', '2016-05-01', 'Male', 'Year 4', 'none', false)`,
			[student, school.id, withCheckLetter('777240000001')],
		)
		await client.query(
			`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status)
			values ($1, now(), now(), $2, $3, $4, 'recurring', 2, current_date - 280, 'active')`,
			[profile, school.id, student, questionnaire.id],
		)
		for (const member of members) await client.query('insert into profile_respondent (profile_id, membership_id) values ($1, $2)', [profile, member.id])
		for (let index = 0; index < rounds; index++) {
			const round = randomUUID()
			await client.query(`insert into round (id, created_at, updated_at, profile_id, index, opens_on) values ($1, now(), now(), $2, $3, current_date - 280 + $3 * 14)`, [
				round,
				profile,
				index,
			])
			for (const [r, member] of members.entries()) {
				const feedback = randomUUID()
				await client.query(
					"insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at) values ($1, now(), now(), $2, $3, 'complete', now())",
					[feedback, round, member.id],
				)
				const values = questions.map((question, q) => `('${randomUUID()}', now(), now(), '${feedback}', '${question.id}', ${(index * 7 + r * 3 + q) % 5})`)
				await client.query(`insert into answer (id, created_at, updated_at, feedback_id, question_id, value) values ${values.join(', ')}`)
			}
		}
		await client.query('commit')
		const demo = await one<{ id: string }>(
			'select p.student_id as id from profile p where p.school_id = $1 and p.student_id <> $2 order by p.created_at limit 1',
			[school.id, student],
		)
		return { big: student, demo: demo.id }
	} finally {
		await client.end()
	}
}

