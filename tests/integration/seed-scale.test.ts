import { afterAll, beforeAll, expect, test } from 'vitest'
import { isValidUpn } from '#app/lib/upn.ts'
import { Student } from '#app/models/index.ts'
import { seedScale } from '#app/services/seed-scale.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(() => db?.close())

test('the scale seed builds schools of students with answered rounds, and can run again', async () => {
	const first = await seedScale(db.em(), { schools: 2, studentsPerSchool: 30, rounds: 2 })
	expect(first).toEqual({ schoolsCreated: 2, students: 60, answers: 60 * 2 * 25 })
	const students = await db.em().find(Student, {}, { limit: 60 })
	expect(students.every((student) => isValidUpn(student.upn))).toBe(true)

	const again = await seedScale(db.em(), { schools: 3, studentsPerSchool: 30, rounds: 2 })
	expect(again).toEqual({ schoolsCreated: 1, students: 90, answers: 90 * 2 * 25 })
	const incomplete = await db
		.em()
		.execute(
			`select f.id from feedback f left join answer a on a.feedback_id = f.id group by f.id having count(a.id) <> 25`,
		)
	expect(incomplete).toEqual([])
})
