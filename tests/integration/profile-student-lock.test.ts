import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { Profile, Questionnaire } from '#app/models/index.ts'
import { loadAuth } from '#app/services/auth.server.ts'
import { createProfile } from '#app/services/profiles.server.ts'
import { typedSql } from '#app/services/typed-sql.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createMember, createSchool, createStudent } from './factories.ts'

// A profile is written for a student who is still the school's as it is written: its transaction locks the student's
// row, so a transfer committing meanwhile (which locks the same row) is waited for, and then seen: 404, nothing written.
// On PostgreSQL the two overlap for real: the transfer holds the row while the profile's request reads, and commits
// once that request is waiting on the row. On PGlite (one connection) the profile's request waits for the transfer as a
// whole and finds the student gone the same way.

let db: TestDatabase
beforeAll(async () => {
	db = await createTestDatabase({ pool: { min: 0, max: 10 } })
})
afterAll(() => db?.close())

test('a profile created while its student’s transfer commits answers 404 and writes nothing', async () => {
	const em = db.em()
	const from = await createSchool(em)
	const to = await createSchool(em)
	const student = await createStudent(em, from)
	const manager = await createMember(em, from, 'needManager')
	const questionnaire = em.create(Questionnaire, { title: 'Wellbeing', status: 'published' })
	await em.flush()
	const asManager = db.em()
	const app = {
		em: asManager,
		auth: await loadAuth(asManager, manager.user, randomUUID()),
		sessionExpired: false,
		sessionEnds: null,
		clientAddress: '127.0.0.1',
	}
	expect(app.auth.schoolId).toBe(from.id)

	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	let moved = () => {}
	const hasMoved = new Promise<void>((resolve) => (moved = resolve))
	// The transfer: the student's row locked and moved to the other school, committed when released.
	const transfer = db.em().transactional(async (tx) => {
		await typedSql(tx).updateTable('student').set({ school_id: to.id }).where('id', '=', student.id).execute()
		moved()
		await held
	})
	await hasMoved
	const created = createProfile(app as never, student.id, {
		questionnaireId: questionnaire.id,
		kind: 'one-time',
		intervalWeeks: null,
		startDate: '2026-12-01',
		endDate: null,
		respondents: [],
	}).then(
		() => 'created',
		(error: unknown) => (error instanceof Response ? error.status : error),
	)
	if (db.engine === 'postgresql') {
		// The profile's request is waiting on the student's row before the transfer commits.
		const waiting = async () =>
			(await db.em().execute<{ n: number }[]>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()"))[0]!.n
		for (let tries = 0; (await waiting()) === 0; tries++) {
			if (tries > 400) throw new Error('the profile’s request never waited on the student’s row')
			await new Promise((resolve) => setTimeout(resolve, 25))
		}
	}
	release()
	await transfer
	expect(await created).toBe(404)
	expect(await db.em().count(Profile, { student: student.id })).toBe(0)
})
