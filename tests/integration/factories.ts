import { randomBytes } from 'node:crypto'
import { withCheckLetter } from '#app/lib/upn.ts'
import { School, SchoolMembership, Student, User, type SchoolRole } from '#app/models/index.ts'
import type { Em } from '#app/services/database.server.ts'

let serial = 0
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}${randomBytes(2).toString('hex')}`

/** A valid UPN no other test uses. */
export function uniqueUpn(): string {
	const digits = String(Number.parseInt(randomBytes(5).toString('hex'), 16)).padStart(12, '0').slice(-11)
	return withCheckLetter(`${digits}${serial++ % 10}`)
}

export async function createSchool(em: Em, data: Partial<{ name: string; subdomain: string }> = {}) {
	const id = unique()
	const school = em.create(School, {
		name: data.name ?? `School ${id}`,
		subdomain: data.subdomain ?? `school-${id}`,
		type: 'Primary',
	})
	await em.flush()
	return school
}

export async function createMember(em: Em, school: School, role: SchoolRole = 'professional') {
	const id = unique()
	const name = { firstName: 'Test', lastName: `Staff ${id}` }
	const user = em.create(User, { email: `staff-${id}@example.test`, ...name })
	const membership = em.create(SchoolMembership, { user, school, ...name, role, access: 'active' })
	await em.flush()
	return membership
}

export async function createStudent(em: Em, school: School, data: Partial<{ upn: string }> = {}) {
	const student = em.create(Student, {
		school,
		upn: data.upn ?? uniqueUpn(),
		firstName: 'Test',
		lastName: `Student ${unique()}`,
		dateOfBirth: '2017-03-14',
		gender: 'Female',
		yearGroup: 'Year 4',
	})
	await em.flush()
	return student
}

/** A transfer request's student and the snapshot of them it keeps. */
export function snapshotOf(student: Student) {
	return {
		student: student.id,
		studentFirstName: student.firstName,
		studentLastName: student.lastName,
		studentUpn: student.upn,
		studentYearGroup: student.yearGroup,
	}
}
