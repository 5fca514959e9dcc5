import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
// One file per function: the package's index loads its whole library (~200 MB of resident memory on Node 24).
import { format } from 'date-fns/format'
import { addDays } from 'date-fns/addDays'
import { subWeeks } from 'date-fns/subWeeks'
import { withCheckLetter } from '#app/lib/upn.ts'
import { Answer, School, SchoolMembership, Student, User, YEAR_GROUPS } from '#app/models/index.ts'
import { jsonRecords, type Em } from './database.server.ts'
import { hashPassword } from './password.server.ts'
import { DEMO_PASSWORD, FIRST_NAMES, LAST_NAMES } from './seed-content.server.ts'
import { ensureDemoQuestionnaire } from './seed.server.ts'
import { typedSql } from './typed-sql.server.ts'

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
					// 12 digits after the check letter: the school's number in 3 (up to 999 schools), the student's in 7.
					upn: withCheckLetter(`9${String(n).padStart(3, '0')}2${String(i).padStart(7, '0')}`),
					first_name: FIRST_NAMES[i % FIRST_NAMES.length]!,
					last_name: LAST_NAMES[(i * 7 + n) % LAST_NAMES.length]!,
					date_of_birth: `${2015 - (i % 5)}-0${1 + (i % 9)}-1${i % 10}`,
					gender: i % 2 === 0 ? 'Female' : 'Male',
					year_group: yearGroup,
				}
			})
			const db = typedSql(tx)
			const now = sql<Date>`now()`
			const newId = sql<string>`gen_random_uuid()`
			await db
				.insertInto('student')
				.columns(['id', 'created_at', 'updated_at', 'school_id', 'upn', 'first_name', 'last_name', 'date_of_birth', 'gender', 'year_group', 'sen_status', 'archived'])
				.expression(
					db.selectFrom(jsonRecords('student', students).as('s')).select((eb) => [
						's.id',
						now.as('created_at'),
						now.as('updated_at'),
						eb.cast<string>(eb.val(school.id), 'uuid').as('school_id'),
						's.upn',
						's.first_name',
						's.last_name',
						's.date_of_birth',
						's.gender',
						's.year_group',
						eb.val('none').as('sen_status'),
						eb.lit(false).as('archived'),
					]),
				)
				.execute()
			await db
				.insertInto('profile')
				.columns(['id', 'created_at', 'updated_at', 'school_id', 'student_id', 'questionnaire_id', 'kind', 'interval_weeks', 'start_date', 'status', 'created_by_id'])
				.expression(
					db
						.selectFrom('student as s')
						.select((eb) => [
							newId.as('id'),
							now.as('created_at'),
							now.as('updated_at'),
							's.school_id',
							's.id as student_id',
							eb.cast<string>(eb.val(questionnaire.id), 'uuid').as('questionnaire_id'),
							eb.val('recurring').as('kind'),
							eb.lit(INTERVAL_WEEKS).as('interval_weeks'),
							eb.cast<string>(eb.val(isoDate(start)), 'date').as('start_date'),
							eb.val('active').as('status'),
							eb.cast<string>(eb.val(staff[0]!.user.id), 'uuid').as('created_by_id'),
						])
						.where('s.school_id', '=', school.id),
				)
				.execute()
			await db
				.insertInto('profile_respondent')
				.columns(['profile_id', 'membership_id'])
				.expression(
					db
						.selectFrom('profile as p')
						.crossJoin('school_membership as m')
						.select(['p.id as profile_id', 'm.id as membership_id'])
						.where('p.school_id', '=', school.id)
						.where('m.school_id', '=', school.id),
				)
				.execute()
			await db
				.insertInto('round')
				.columns(['id', 'created_at', 'updated_at', 'profile_id', 'index', 'opens_on'])
				.expression(
					db
						.selectFrom('profile as p')
						.crossJoin(sql<{ i: number }>`generate_series(0, ${options.rounds - 1})`.as<'r'>(sql`r(i)`))
						.select((eb) => [
							newId.as('id'),
							now.as('created_at'),
							now.as('updated_at'),
							'p.id as profile_id',
							'r.i as index',
							// A date plus whole days is a date.
							sql<string>`${eb.ref('p.start_date')} + ${eb(eb.ref('r.i'), '*', INTERVAL_WEEKS * 7)}`.as('opens_on'),
						])
						.where('p.school_id', '=', school.id),
				)
				.execute()
			await db
				.insertInto('feedback')
				.columns(['id', 'created_at', 'updated_at', 'round_id', 'respondent_id', 'status', 'submitted_at'])
				.expression(
					db
						.selectFrom('round as r')
						.innerJoin('profile as p', 'p.id', 'r.profile_id')
						.select((eb) => [
							newId.as('id'),
							now.as('created_at'),
							now.as('updated_at'),
							'r.id as round_id',
							eb.cast<string>(eb.val(professional.id), 'uuid').as('respondent_id'),
							eb.val('complete').as('status'),
							sql<Date>`${eb.ref('r.opens_on')} + 7`.as('submitted_at'),
						])
						.where('p.school_id', '=', school.id),
				)
				.execute()
			await db
				.insertInto('answer')
				.columns(['id', 'created_at', 'updated_at', 'feedback_id', 'question_id', 'value'])
				.expression(
					db
						.selectFrom('feedback as f')
						.innerJoin('round as r', 'r.id', 'f.round_id')
						.innerJoin('profile as p', 'p.id', 'r.profile_id')
						.innerJoin('domain as d', 'd.questionnaire_id', 'p.questionnaire_id')
						.innerJoin('question as q', 'q.domain_id', 'd.id')
						.select((eb) => [
							newId.as('id'),
							now.as('created_at'),
							now.as('updated_at'),
							'f.id as feedback_id',
							'q.id as question_id',
							eb.cast<number>(eb.fn('floor', [eb(eb.fn('random'), '*', 5)]), 'integer').as('value'),
						])
						.where('p.school_id', '=', school.id),
				)
				.execute()
		})
		result.schoolsCreated++
	}
	const [students, answers] = await Promise.all([
		em.count(Student, { school: { subdomain: { $like: 'scale-%' } } }),
		em.count(Answer, { feedback: { round: { profile: { school: { subdomain: { $like: 'scale-%' } } } } } }),
	])
	result.students = students
	result.answers = answers
	return result
}

