import { afterAll, beforeAll, expect, test } from 'vitest'
import {
	Answer,
	Feedback,
	Profile,
	Question,
	Questionnaire,
	Recommendation,
	Round,
	School,
	SchoolMembership,
	Student,
	User,
} from '#app/models/index.ts'
import { verifyPassword } from '#app/services/password.server.ts'
import { DEMO_PASSWORD } from '#app/services/seed-content.server.ts'
import { seedDemo } from '#app/services/seed.server.ts'
import { isValidUpn } from '#app/lib/upn.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

let db: TestDatabase
let first: boolean
beforeAll(async () => {
	db = await createTestDatabase()
	first = await seedDemo(db.em(), { today: new Date('2026-11-21T09:00:00Z') })
})
afterAll(() => db?.close())

async function counts() {
	const em = db.em()
	return {
		schools: await em.count(School, {}),
		users: await em.count(User, {}),
		students: await em.count(Student, {}),
		profiles: await em.count(Profile, {}),
		rounds: await em.count(Round, {}),
		feedback: await em.count(Feedback, {}),
		answers: await em.count(Answer, {}),
	}
}

test('seeds the three named schools', async () => {
	expect(first).toBe(true)
	const schools = await db.em().find(School, {}, { orderBy: { name: 'asc' } })
	expect(schools.map((school) => [school.name, school.subdomain, school.type])).toEqual([
		['Meadow View School', 'meadowview', 'SEND School'],
		['Oakfield Primary School', 'oakfield', 'Primary'],
		['Riverside Academy', 'riverside', 'Secondary'],
	])
})

test('each documented account exists with its role and the documented password', async () => {
	const em = db.em()
	const expected: [string, string | null, string | null][] = [
		['admin@spencer.test', null, null],
		['office@oakfield.test', 'oakfield', 'schoolAdmin'],
		['senco@oakfield.test', 'oakfield', 'needManager'],
		['teacher@oakfield.test', 'oakfield', 'professional'],
		['office@riverside.test', 'riverside', 'schoolAdmin'],
	]
	for (const [email, subdomain, role] of expected) {
		const user = await em.findOneOrFail(User, { email }, { populate: ['passwordHash'] })
		expect(await verifyPassword(user.passwordHash!, DEMO_PASSWORD)).toBe(true)
		if (role === null) {
			expect(user.systemRole).toBe('spencerAdmin')
			expect(user.mfaEnabled).toBe(true)
			continue
		}
		const membership = await em.findOneOrFail(SchoolMembership, { user }, { populate: ['school'] })
		expect([membership.school.subdomain, membership.role, membership.access]).toEqual([subdomain, role, 'active'])
	}
})

test('one account is on the staff of two schools, to try the school switcher: Meadow View first, then Riverside', async () => {
	const em = db.em()
	const user = await em.findOneOrFail(User, { email: 'cover@meadowview.test' }, { populate: ['passwordHash'] })
	expect(await verifyPassword(user.passwordHash!, DEMO_PASSWORD)).toBe(true)
	const memberships = await em.find(SchoolMembership, { user }, { populate: ['school'], orderBy: { createdAt: 'asc', id: 'asc' } })
	expect(memberships.map((membership) => [membership.school.subdomain, membership.role, membership.access])).toEqual([
		['meadowview', 'needManager', 'active'],
		['riverside', 'schoolAdmin', 'active'],
	])
})

test('one published questionnaire of 5 domains × 5 questions, with themes and 10+ recommendations', async () => {
	const em = db.em()
	const [questionnaire, ...others] = await em.find(Questionnaire, {}, { populate: ['domains.questions'] })
	expect(others).toHaveLength(0)
	if (!questionnaire) throw new Error('no questionnaire')
	expect(questionnaire.status).toBe('published')
	expect(questionnaire.domains.length).toBe(5)
	for (const domain of questionnaire.domains) expect(domain.questions.length).toBe(5)
	expect(await em.count(Question, { theme: { $ne: null } })).toBe(25)
	expect(await em.count(Question, { reverse: true })).toBeGreaterThan(0)
	expect(await em.count(Recommendation, {})).toBeGreaterThanOrEqual(10)
})

test('60 students on roll with valid UPNs, each with a profile, rounds and complete answers', async () => {
	const em = db.em()
	const students = await em.find(Student, { archived: false })
	expect(students).toHaveLength(60)
	expect(students.every((student) => isValidUpn(student.upn))).toBe(true)
	const withoutAnswers = await em.execute(
		`select s.id from student s where not s.archived and not exists (
			select 1 from profile p join round r on r.profile_id = p.id join feedback f on f.round_id = r.id
			join answer a on a.feedback_id = f.id where p.student_id = s.id and f.status = 'complete')`,
	)
	expect(withoutAnswers).toEqual([])
	// Every complete feedback answers all 25 questions.
	const partial = await em.execute(
		`select f.id from feedback f left join answer a on a.feedback_id = f.id
		where f.status = 'complete' group by f.id having count(a.id) <> 25`,
	)
	expect(partial).toEqual([])
})

test('and three who left Meadow View, archived years ago: two whose records are due within 30 days under the default period (ADR 070)', async () => {
	const leavers = await db.em().execute<{ name: string; upn: string; due: string; school: string }[]>(
		`select s.first_name || ' ' || s.last_name as name, s.upn, sc.subdomain as school,
			to_char(((s.archived_at at time zone 'Europe/London')::date + make_interval(years => sc.retention_years))::date, 'YYYY-MM-DD') as due
		from student s join school sc on sc.id = s.school_id where s.archived order by s.archived_at`,
	)
	expect(leavers.map(({ name, school, due }) => [name, school, due])).toEqual([
		['Nadia Farrow', 'meadowview', '2026-12-03'],
		['Callum Pryce', 'meadowview', '2026-12-11'],
		['Esme Lockwood', 'meadowview', '2030-12-06'],
	])
	expect(leavers.every((leaver) => isValidUpn(leaver.upn))).toBe(true)
})

test('is idempotent: a second run writes nothing', async () => {
	const before = await counts()
	expect(await seedDemo(db.em())).toBe(false)
	expect(await counts()).toEqual(before)
})
