import { afterAll, beforeAll, expect, test } from 'vitest'
import { AppError } from '#app/lib/errors.ts'
import { TransferRequest } from '#app/models/index.ts'
import { mapConstraintErrors } from '#app/services/db-errors.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createSchool, createStudent, snapshotOf } from './factories.ts'

let db: TestDatabase
beforeAll(async () => {
	// Enough connections on PostgreSQL for the attempts to really overlap.
	db = await createTestDatabase({ pool: { min: 0, max: 50 } })
})
afterAll(() => db?.close())

test('50 concurrent requests to transfer one student create exactly one; the others get 1006', async () => {
	const from = await createSchool(db.em())
	const to = await createSchool(db.em())
	const student = await createStudent(db.em(), from)

	const attempts = await Promise.allSettled(
		Array.from({ length: 50 }, () =>
			mapConstraintErrors(async () => {
				const em = db.em()
				em.create(TransferRequest, { ...snapshotOf(student), fromSchool: from.id, toSchool: to.id })
				await em.flush()
			}),
		),
	)

	const created = attempts.filter((attempt) => attempt.status === 'fulfilled')
	const refused = attempts.filter((attempt) => attempt.status === 'rejected')
	expect(created).toHaveLength(1)
	expect(refused).toHaveLength(49)
	for (const attempt of refused) {
		const reason = (attempt as PromiseRejectedResult).reason as AppError
		expect(reason).toBeInstanceOf(AppError)
		expect(reason.code).toBe(1006)
	}
	expect(await db.em().count(TransferRequest, { student: student.id })).toBe(1)
})
