import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AppError } from '#app/lib/errors.ts'
import {
	Profile,
	Question,
	Questionnaire,
	Domain,
	Theme,
	StudentProfessional,
	TransferRequest,
	School,
	Student,
	User,
} from '#app/models/index.ts'
import { mapConstraintErrors } from '#app/services/db-errors.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createMember, createSchool, createStudent, snapshotOf } from './factories.ts'

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(() => db?.close())

async function expectCode(write: () => Promise<unknown>, code: number, field?: string) {
	const error = await mapConstraintErrors(write).then(
		() => null,
		(caught: unknown) => caught,
	)
	expect(error).toBeInstanceOf(AppError)
	expect((error as AppError).code).toBe(code)
	if (field) expect((error as AppError).field).toBe(field)
}

describe('each unique constraint maps to its catalogue code', () => {
	test('a second school with the same subdomain → 1001 on the subdomain field', async () => {
		await createSchool(db.em(), { subdomain: 'duplicate-sub' })
		const em = db.em()
		em.create(School, { name: 'Another', subdomain: 'duplicate-sub', type: 'Secondary' })
		await expectCode(() => em.flush(), 1001, 'subdomain')
		expect(await db.em().count(School, { subdomain: 'duplicate-sub' })).toBe(1)
	})

	test('a second student with the same UPN, even in another school → 1003', async () => {
		const first = await createSchool(db.em())
		const second = await createSchool(db.em())
		const student = await createStudent(db.em(), first)
		const em = db.em()
		em.create(Student, {
			school: em.getReference(School, second.id),
			upn: student.upn,
			firstName: 'Other',
			lastName: 'Child',
			dateOfBirth: '2016-01-01',
			gender: 'Male',
			yearGroup: 'Year 5',
		})
		await expectCode(() => em.flush(), 1003, 'upn')
	})

	test('a second key professional for one student → 1004, while connected ones are fine', async () => {
		const school = await createSchool(db.em())
		const student = await createStudent(db.em(), school)
		const [a, b, c] = [
			await createMember(db.em(), school),
			await createMember(db.em(), school),
			await createMember(db.em(), school),
		]
		const em = db.em()
		em.create(StudentProfessional, { student: student.id, membership: a.id, isKey: true })
		em.create(StudentProfessional, { student: student.id, membership: c.id, isKey: false })
		await em.flush()
		const next = db.em()
		next.create(StudentProfessional, { student: student.id, membership: b.id, isKey: true })
		await expectCode(() => next.flush(), 1004)
		expect(await db.em().count(StudentProfessional, { student: student.id })).toBe(2)
	})

	test('a second pending transfer for one student → 1006; once decided, a new one is allowed', async () => {
		const from = await createSchool(db.em())
		const to = await createSchool(db.em())
		const student = await createStudent(db.em(), from)
		const em = db.em()
		const first = em.create(TransferRequest, { ...snapshotOf(student), fromSchool: from.id, toSchool: to.id })
		await em.flush()
		const second = db.em()
		second.create(TransferRequest, { ...snapshotOf(student), fromSchool: from.id, toSchool: to.id })
		await expectCode(() => second.flush(), 1006)

		first.status = 'rejected'
		await em.flush()
		const third = db.em()
		third.create(TransferRequest, { ...snapshotOf(student), fromSchool: from.id, toSchool: to.id })
		await third.flush()
		expect(await db.em().count(TransferRequest, { student: student.id })).toBe(2)
	})
})

describe('references that forbid deletion map to their codes', () => {
	test('deleting a theme a question refers to → 1002', async () => {
		const em = db.em()
		const theme = em.create(Theme, { name: 'Referenced theme' })
		const questionnaire = em.create(Questionnaire, { title: 'Q' })
		const domain = em.create(Domain, { questionnaire, position: 0, name: 'D' })
		em.create(Question, { domain, position: 0, text: 'A question', theme })
		await em.flush()
		const next = db.em()
		await expectCode(() => next.nativeDelete(Theme, { id: theme.id }), 1002)
	})

	test('deleting a questionnaire with connected profiles → 1005', async () => {
		const school = await createSchool(db.em())
		const student = await createStudent(db.em(), school)
		const em = db.em()
		const questionnaire = em.create(Questionnaire, { title: 'With a profile' })
		em.create(Profile, { school: school.id, student: student.id, questionnaire, kind: 'one-time', startDate: '2026-09-01' })
		await em.flush()
		await expectCode(() => db.em().nativeDelete(Questionnaire, { id: questionnaire.id }), 1005)
	})

	test('a constraint without a catalogue code is passed on unchanged', async () => {
		const em = db.em()
		em.create(User, { email: 'Same@Example.test', firstName: 'A', lastName: 'B' })
		await em.flush()
		const next = db.em()
		next.create(User, { email: 'same@example.test', firstName: 'C', lastName: 'D' })
		const error = await mapConstraintErrors(() => next.flush()).catch((caught: unknown) => caught)
		expect(error).not.toBeInstanceOf(AppError)
		expect(String(error)).toMatch(/user_email_unique/)
	})
})
