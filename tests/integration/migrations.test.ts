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

test('transfer_snapshot fills the snapshot of requests made before it from their students', async () => {
	const em = db.em()
	const [school] = await em.execute<{ id: string }[]>(
		"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Backfill School', 'backfill', 'Primary', false) returning id",
	)
	const [other] = await em.execute<{ id: string }[]>(
		"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Backfill Other', 'backfill-other', 'Primary', false) returning id",
	)
	const [student] = await em.execute<{ id: string }[]>(
		`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
		values (gen_random_uuid(), now(), now(), ?, 'A123456789012', 'Ada', 'Byron', '2015-01-01', 'Female', 'Year 4', 'none', false) returning id`,
		[school!.id],
	)
	await db.orm.migrator.down({ to: 'Migration20261122001900_import_queue' })
	await em.execute(
		"insert into transfer_request (id, created_at, updated_at, student_id, from_school_id, to_school_id, status) values (gen_random_uuid(), now(), now(), ?, ?, ?, 'created')",
		[student!.id, school!.id, other!.id],
	)
	await db.orm.migrator.up()
	expect(await db.em().execute('select student_first_name, student_last_name, student_upn, student_year_group from transfer_request where student_id = ?', [student!.id])).toEqual([
		{ student_first_name: 'Ada', student_last_name: 'Byron', student_upn: 'A123456789012', student_year_group: 'Year 4' },
	])
	expect(await db.orm.migrator.getPending()).toEqual([])
})

test('membership_names gives each membership its account’s names and stores addresses in lower case', async () => {
	const em = db.em()
	await db.orm.migrator.down({ to: 'Migration20261122034652_student_name_order' })
	const [school] = await em.execute<{ id: string }[]>(
		"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Names School', 'names', 'Primary', false) returning id",
	)
	const [user] = await em.execute<{ id: string }[]>(
		"insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled) values (gen_random_uuid(), now(), now(), 'Grace.Hopper@Names.test', 'Grace', 'Hopper', 'schoolStaff', false) returning id",
	)
	await em.execute(
		"insert into school_membership (id, created_at, updated_at, user_id, school_id, role, access) values (gen_random_uuid(), now(), now(), ?, ?, 'professional', 'none')",
		[user!.id, school!.id],
	)
	await db.orm.migrator.up()
	expect(await db.em().execute('select first_name, last_name from school_membership where user_id = ?', [user!.id])).toEqual([{ first_name: 'Grace', last_name: 'Hopper' }])
	expect(await db.em().execute('select email from users where id = ?', [user!.id])).toEqual([{ email: 'grace.hopper@names.test' }])
	expect(await db.orm.migrator.getPending()).toEqual([])
})

test('retention gives each archived student the time of their last archiving: from the audit trail, else their last change (ADR 070)', async () => {
	const em = db.em()
	await db.orm.migrator.down({ to: 'Migration20261125040852_student_tombstone' })
	const [school] = await em.execute<{ id: string }[]>(
		"insert into school (id, created_at, updated_at, name, subdomain, type, archived) values (gen_random_uuid(), now(), now(), 'Leavers School', 'leavers', 'Primary', false) returning id",
	)
	const student = async (upn: string, archived: boolean, updatedAt: string) =>
		(
			await em.execute<{ id: string }[]>(
				`insert into student (id, created_at, updated_at, school_id, upn, first_name, last_name, date_of_birth, gender, year_group, sen_status, archived)
				values (gen_random_uuid(), '2015-09-01', ?, ?, ?, 'Left', 'Pupil', '2012-01-01', 'Female', 'Year 6', 'none', ?) returning id`,
				[updatedAt, school!.id, upn, archived],
			)
		)[0]!.id
	const audited = await student('R000000000011', true, '2024-03-01T10:00:00Z')
	const unaudited = await student('R000000000012', true, '2023-07-20T10:00:00Z')
	const onRoll = await student('R000000000013', false, '2024-03-01T10:00:00Z')
	// Archived twice: the last one counts. A restore in between leaves its own line, which is not an archiving.
	for (const [action, at] of [
		['student.archive', '2021-07-16T15:00:00Z'],
		['student.unarchive', '2021-09-01T09:00:00Z'],
		['student.archive', '2022-07-22T15:00:00Z'],
	]) {
		await em.execute(
			"insert into audit_event (id, created_at, updated_at, action, entity_type, entity_id, school_id, at) values (gen_random_uuid(), ?, ?, ?, 'Student', ?, ?, ?)",
			[at, at, action, audited, school!.id, at],
		)
	}
	await db.orm.migrator.up()
	const rows = await db.em().execute<{ id: string; at: Date | string | null }[]>('select id, archived_at as at from student where school_id = ?', [school!.id])
	const at = (id: string) => {
		const value = rows.find((row) => row.id === id)!.at
		return value === null ? null : new Date(value).toISOString()
	}
	expect([at(audited), at(unaudited), at(onRoll)]).toEqual(['2022-07-22T15:00:00.000Z', '2023-07-20T10:00:00.000Z', null])
	expect(await db.em().execute('select retention_years from school where id = ?', [school!.id])).toEqual([{ retention_years: 6 }])
	expect(await db.orm.migrator.getPending()).toEqual([])
})
