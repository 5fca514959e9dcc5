import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from './database.ts'

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase()
})
afterAll(() => db?.close())

test('every migration applies and none is left pending', async () => {
	expect(await db.orm.migrator.getPending()).toEqual([])
	const executed = await db.orm.migrator.getExecuted()
	expect(executed.length).toBeGreaterThan(0)
})

test('the migrations build exactly the schema the entities describe', async () => {
	const diff = await db.orm.schema.getUpdateSchemaSQL({ wrap: false })
	expect(diff.trim()).toBe('')
})

test('the tables of the whole domain model exist', async () => {
	const rows = await db
		.em()
		.execute<{ table_name: string }[]>(
			"select table_name from information_schema.tables where table_schema = 'public' order by table_name",
		)
	const tables = rows.map((row) => row.table_name)
	for (const table of [
		'school',
		'users',
		'school_membership',
		'student',
		'student_professional',
		'student_group',
		'group_student',
		'group_staff',
		'transfer_request',
		'import_job',
		'theme',
		'questionnaire',
		'domain',
		'question',
		'recommendation',
		'profile',
		'profile_respondent',
		'round',
		'feedback',
		'answer',
		'student_recommendation',
		'session',
		'password_token',
		'impersonation',
		'audit_event',
	]) {
		expect(tables).toContain(table)
	}
})
