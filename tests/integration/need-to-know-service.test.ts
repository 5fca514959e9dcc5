import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Group, Profile, Questionnaire, StudentProfessional, type SchoolMembership, type Student } from '#app/models/index.ts'
import type { Auth } from '#app/lib/auth.ts'
import type { SignedIn } from '#app/services/guards.server.ts'
import { canSeeStudent, requireVisibleStudent, visibleStudent, visibleStudentsQuery } from '#app/services/need-to-know.server.ts'
import { typedSql } from '#app/services/typed-sql.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createMember, createSchool, createStudent } from './factories.ts'

// The need-to-know module on its own, as the student views and feedback screens call it.
let db: TestDatabase
let students: Student[]
let elsewhere: Student
let professional: SchoolMembership
let needManager: SchoolMembership
let schoolAdmin: SchoolMembership
let otherProfessional: SchoolMembership

beforeAll(async () => {
	db = await createTestDatabase()
	const em = db.em()
	const school = await createSchool(em)
	const otherSchool = await createSchool(em)
	professional = await createMember(em, school, 'professional')
	otherProfessional = await createMember(em, school, 'professional')
	needManager = await createMember(em, school, 'needManager')
	schoolAdmin = await createMember(em, school, 'schoolAdmin')
	students = [await createStudent(em, school), await createStudent(em, school), await createStudent(em, school), await createStudent(em, school)]
	elsewhere = await createStudent(em, otherSchool)

	// Linked three ways: key professional of 0, respondent of a profile of 1, group staff with 2. Student 3 is someone else's.
	em.create(StudentProfessional, { student: students[0]!, membership: professional, isKey: true })
	em.create(StudentProfessional, { student: students[3]!, membership: otherProfessional, isKey: true })
	const questionnaire = em.create(Questionnaire, { title: 'Wellbeing' })
	const profile = em.create(Profile, { school, student: students[1]!, questionnaire, kind: 'one-time', startDate: '2026-01-05' })
	profile.respondents.add(professional)
	const group = em.create(Group, { school, name: 'Nurture' })
	group.staff.add(professional)
	group.students.add(students[2]!)
	// A group the professional does not support: its student stays out of sight.
	const other = em.create(Group, { school, name: 'Other' })
	other.staff.add(otherProfessional)
	other.students.add(students[3]!, students[0]!)
	// The same professional linked to another school's student through a row that should never exist: still invisible.
	em.create(StudentProfessional, { student: elsewhere, membership: professional, isKey: false })
	await em.flush()
})
afterAll(() => db?.close())

function as(member: SchoolMembership | null, role: Auth['role']): SignedIn {
	return {
		em: db.em(),
		sessionExpired: false,
		clientAddress: '127.0.0.1',
		auth: {
			userId: member?.user.id ?? '00000000-0000-4000-8000-000000000000',
			email: 'someone@example.test',
			firstName: 'Some',
			lastName: 'One',
			systemRole: role === 'spencerAdmin' ? 'spencerAdmin' : 'schoolStaff',
			mfaEnabled: false,
			sessionId: '00000000-0000-4000-8000-000000000001',
			role,
			schoolId: member?.school.id ?? null,
			membershipId: member?.id ?? null,
			memberships: member ? [{ id: member.id, schoolId: member.school.id, schoolName: member.school.name, role: member.role }] : [],
			impersonatorId: null,
		},
	} as SignedIn
}

const visibleIds = async (app: SignedIn) => {
	const rows = await typedSql(app.em)
		.selectFrom('student as s')
		.select('s.id')
		.where((eb) => visibleStudent(app.auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))
		.execute()
	const ids = rows.map((row) => row.id).sort()
	// The same rule as SQL text (for the queries not yet typed) finds the same students.
	const visible = visibleStudentsQuery(app.auth)
	const textRows = await app.em.execute<{ id: string }[]>(`select s.id from student s where ${visible.sql}`, visible.params)
	expect(textRows.map((row) => row.id).sort()).toEqual(ids)
	return ids
}

describe('need-to-know', () => {
	test('a professional sees the students they are key/connected to, respond about, or support in a group', async () => {
		const app = as(professional, 'professional')
		expect(await visibleIds(app)).toEqual(students.slice(0, 3).map((student) => student.id).sort())
		for (const student of students.slice(0, 3)) expect(await canSeeStudent(app, student.id)).toBe(true)
		expect(await canSeeStudent(app, students[3]!.id)).toBe(false)
		expect(await canSeeStudent(app, elsewhere.id)).toBe(false)
		expect(await canSeeStudent(app, 'not-a-uuid')).toBe(false)
		expect((await requireVisibleStudent(app, students[1]!.id)).id).toBe(students[1]!.id)
		const refused = await requireVisibleStudent(app, students[3]!.id).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(Response)
		expect((refused as Response).status).toBe(404)
	})

	test('need managers and school admins see the whole school, never another', async () => {
		for (const app of [as(needManager, 'needManager'), as(schoolAdmin, 'schoolAdmin')]) {
			expect(await visibleIds(app)).toEqual(students.map((student) => student.id).sort())
			expect(await canSeeStudent(app, elsewhere.id)).toBe(false)
		}
	})

	test('a platform admin (not impersonating) and a user with no school see nobody', async () => {
		for (const app of [as(null, 'spencerAdmin'), as(null, null)]) {
			expect(visibleStudentsQuery(app.auth).sql).toBe('false')
			expect(await canSeeStudent(app, students[0]!.id)).toBe(false)
		}
	})
})
