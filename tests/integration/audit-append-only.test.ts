import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createSchool } from './factories.ts'

/**
 * The audit trail is append-only for the application's database role, on both engines (ADR 061): rows go in, and
 * never change or go, except past the trail's 7 years and with their school gone.
 */
let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(() => db?.close())

async function auditRow(options: { schoolId?: string | null; age?: string } = {}): Promise<string> {
	const id = randomUUID()
	await db
		.em()
		.execute(
			`insert into audit_event (id, created_at, updated_at, action, entity_type, entity_id, school_id, at) values (?, now(), now(), 'student.view', 'Student', ?, ?, now() - ?::interval)`,
			[id, randomUUID(), options.schoolId ?? null, options.age ?? '0 seconds'],
		)
	return id
}

const count = async (id: string) => (await db.em().execute<{ n: number }[]>('select count(*)::int as n from audit_event where id = ?', [id]))[0]!.n

test('an UPDATE, a DELETE and a TRUNCATE of the audit trail are refused, and the row stays as written', async () => {
	const school = await createSchool(db.em())
	const id = await auditRow({ schoolId: school.id })
	await expect(db.em().execute(`update audit_event set action = 'student.edit' where id = ?`, [id])).rejects.toThrow(/append-only: UPDATE of audit_event refused/)
	await expect(db.em().execute('delete from audit_event where id = ?', [id])).rejects.toThrow(/append-only: DELETE of audit_event refused/)
	await expect(db.em().execute('truncate audit_event')).rejects.toThrow(/append-only: TRUNCATE of audit_event refused/)
	const [row] = await db.em().execute<{ action: string }[]>('select action from audit_event where id = ?', [id])
	expect(row).toEqual({ action: 'student.view' })
})

test('the purge of the trail itself deletes rows past 7 years, and only those', async () => {
	const old = await auditRow({ age: '7 years 1 day' })
	const young = await auditRow({ age: '6 years 364 days' })
	await db.em().execute(`delete from audit_event where id = ?`, [old])
	expect(await count(old)).toBe(0)
	await expect(db.em().execute('delete from audit_event where id = ?', [young])).rejects.toThrow(/append-only/)
	expect(await count(young)).toBe(1)
})

test('a school that is gone takes its trail with it (offboarding), in the same transaction; another school’s stays', async () => {
	const [leaving, staying] = [await createSchool(db.em()), await createSchool(db.em())]
	const [left, kept] = [await auditRow({ schoolId: leaving.id }), await auditRow({ schoolId: staying.id })]
	await db.em().transactional(async (em) => {
		await em.execute('delete from school where id = ?', [leaving.id])
		await em.execute('delete from audit_event where school_id = ?', [leaving.id])
	})
	expect([await count(left), await count(kept)]).toEqual([0, 1])
	await expect(db.em().execute('delete from audit_event where school_id = ?', [staying.id])).rejects.toThrow(/append-only/)
})
