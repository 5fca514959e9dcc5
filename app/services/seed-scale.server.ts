import { randomUUID } from 'node:crypto'
// One file per function: the package's index loads its whole library (~200 MB of resident memory on Node 24).
import { format } from 'date-fns/format'
import { addDays } from 'date-fns/addDays'
import { subWeeks } from 'date-fns/subWeeks'
import { withCheckLetter } from '#app/lib/upn.ts'
import { School, SchoolMembership, User, YEAR_GROUPS } from '#app/models/index.ts'
import type { Em } from './database.server.ts'
import { hashPassword } from './password.server.ts'
import { DEMO_PASSWORD, FIRST_NAMES, LAST_NAMES } from './seed-content.server.ts'
import { ensureDemoQuestionnaire } from './seed.server.ts'

export type ScaleOptions = { schools: number; studentsPerSchool: number; rounds: number; today?: Date }
export type ScaleResult = { schoolsCreated: number; students: number; answers: number }

const isoDate = (date: Date) => format(date, 'yyyy-MM-dd')
const INTERVAL_WEEKS = 6

/**
 * The benchmark data set: schools `scale-01…` each with a need manager, a
 * professional and `studentsPerSchool` students, each student with a
 * recurring profile whose rounds are answered in full by the professional.
 * Rows go in with set-based SQL, one school per transaction; a school that
 * already exists is left alone, so the command can be run again.
 */
export async function seedScale(em: Em, options: ScaleOptions): Promise<ScaleResult> {
	const { questionnaire } = await ensureDemoQuestionnaire(em)
	const passwordHash = await hashPassword(DEMO_PASSWORD)
	const today = options.today ?? new Date()
	// The next round opens tomorrow: nothing is due that the data set has not made, so the first start of a server on it
	// does not make 50,000 rounds in the middle of a measurement (the due-rounds job, ADR 019).
	const start = addDays(subWeeks(today, INTERVAL_WEEKS * options.rounds), 1)
	const result: ScaleResult = { schoolsCreated: 0, students: 0, answers: 0 }

	for (let n = 1; n <= options.schools; n++) {
		const subdomain = `scale-${String(n).padStart(2, '0')}`
		if (await em.count(School, { subdomain })) continue
		await em.transactional(async (tx) => {
			const school = tx.create(School, { name: `Scale School ${n}`, subdomain, type: 'Secondary' })
			const staff = (['needManager', 'professional'] as const).map((role) => {
				const name = { firstName: 'Scale', lastName: role === 'needManager' ? 'SENCo' : 'Teacher' }
				return tx.create(SchoolMembership, {
					school,
					role,
					access: 'active',
					...name,
					user: tx.create(User, { email: `${role === 'needManager' ? 'senco' : 'teacher'}@${subdomain}.test`, ...name, passwordHash }),
				})
			})
			await tx.flush()
			const professional = staff[1]!

			const students = Array.from({ length: options.studentsPerSchool }, (_, i) => {
				const yearGroup = YEAR_GROUPS[8 + (i % 5)]!
				return {
					id: randomUUID(),
					upn: withCheckLetter(`9${String(n).padStart(2, '0')}26${String(i).padStart(7, '0')}`),
					first_name: FIRST_NAMES[i % FIRST_NAMES.length]!,
					last_name: LAST_NAMES[(i * 7 + n) % LAST_NAMES.length]!,
					date_of_birth: `${2015 - (i % 5)}-0${1 + (i % 9)}-1${i % 10}`,
					gender: i % 2 === 0 ? 'Female' : 'Male',
					year_group: yearGroup,
				}
			})
			const json = JSON.stringify(students)
			await tx.execute(
				`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
				select (s->>'id')::uuid, now(), now(), ?, s->>'upn', s->>'first_name', s->>'last_name', (s->>'date_of_birth')::date,
					s->>'gender', s->>'year_group', 'none', false
				from jsonb_array_elements(?::jsonb) s`,
				[school.id, json],
			)
			await tx.execute(
				`insert into profile (id, created_at, updated_at, school_id, student_id, questionnaire_id, kind, interval_weeks, start_date, status, created_by_id)
				select gen_random_uuid(), now(), now(), s.school_id, s.id, ?, 'recurring', ?, ?::date, 'active', ?
				from student s where s.school_id = ?`,
				[questionnaire.id, INTERVAL_WEEKS, isoDate(start), staff[0]!.user.id, school.id],
			)
			await tx.execute(
				`insert into profile_respondent (profile_id, membership_id)
				select p.id, m.id from profile p cross join school_membership m where p.school_id = ? and m.school_id = ?`,
				[school.id, school.id],
			)
			await tx.execute(
				`insert into round (id, created_at, updated_at, profile_id, index, opens_on)
				select gen_random_uuid(), now(), now(), p.id, r.i, p.start_date + (r.i * ? * 7)
				from profile p cross join generate_series(0, ?) as r(i) where p.school_id = ?`,
				[INTERVAL_WEEKS, options.rounds - 1, school.id],
			)
			await tx.execute(
				`insert into feedback (id, created_at, updated_at, round_id, respondent_id, status, submitted_at)
				select gen_random_uuid(), now(), now(), r.id, ?, 'complete', r.opens_on + 7
				from round r join profile p on p.id = r.profile_id where p.school_id = ?`,
				[professional.id, school.id],
			)
			await tx.execute(
				`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
				select gen_random_uuid(), now(), now(), f.id, q.id, floor(random() * 5)::int
				from feedback f
				join round r on r.id = f.round_id
				join profile p on p.id = r.profile_id
				join domain d on d.questionnaire_id = p.questionnaire_id
				join question q on q.domain_id = d.id
				where p.school_id = ?`,
				[school.id],
			)
		})
		result.schoolsCreated++
	}
	const [totals] = await em.execute<{ students: number; answers: number }[]>(
		`select (select count(*)::int from student s join school sc on sc.id = s.school_id where sc.subdomain like 'scale-%') as students,
			(select count(*)::int from answer a join feedback f on f.id = a.feedback_id join round r on r.id = f.round_id
			 join profile p on p.id = r.profile_id join school sc on sc.id = p.school_id where sc.subdomain like 'scale-%') as answers`,
	)
	result.students = totals?.students ?? 0
	result.answers = totals?.answers ?? 0
	return result
}

