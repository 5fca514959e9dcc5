import { sql, type Kysely } from 'kysely'
import type { StudentRemovalKind } from '#app/models/enums.ts'
import type { Database } from './typed-sql.server.ts'

export type Purge = {
	kind: StudentRemovalKind
	/** The erasure's reason, kept on the tombstone (ADR 063); none for retention. */
	reason: string | null
	/** The audit line each student gets: `student.erase` by the school admin, `student.purge` by no one (the nightly job). */
	audit: { action: string; actorId: string | null; impersonatedUserId: string | null }
}

/**
 * Deletes every row Spencer holds about `studentIds` — their profiles with respondents, rounds, feedback and answers,
 * their plan, group memberships, professional links, retention hold, transfer requests in either direction (with the
 * names and UPN they copied), the student rows — and empties the files of finished student imports that hold their
 * UPNs. Each student leaves a tombstone that names nobody (school, year group, whether an SEN status was set) and one
 * audit line (ids only, ADR 061). Shared by erasure on request (one student, ADR 063) and the retention purge (a batch
 * of students of any school, ADR 070).
 *
 * Set-based: one statement per table for the whole batch, whatever its size. Run it inside the caller's transaction,
 * with the students locked and already checked: it purges whatever ids it is given.
 */
export async function purgeStudents(db: Kysely<Database>, studentIds: readonly string[], purge: Purge): Promise<void> {
	if (studentIds.length === 0) return
	const ids = [...studentIds]
	const students = () => db.selectFrom('student').where('id', 'in', ids)
	const upns = (await students().select('upn').execute()).map((row) => row.upn)

	// What stays, written first from the rows about to go: the tombstone and the audit line, one each per student.
	await db
		.insertInto('student_tombstone')
		.columns(['id', 'created_at', 'updated_at', 'school_id', 'student_id', 'kind', 'year_group', 'had_sen_status', 'removed_at', 'reason'])
		.expression(
			students().select((eb) => [
				sql<string>`gen_random_uuid()`.as('id'),
				sql<Date>`now()`.as('created_at'),
				sql<Date>`now()`.as('updated_at'),
				'school_id',
				'id as student_id',
				eb.cast<StudentRemovalKind>(eb.val(purge.kind), 'text').as('kind'),
				'year_group',
				eb('sen_status', '<>', 'none').as('had_sen_status'),
				sql<Date>`now()`.as('removed_at'),
				eb.cast<string | null>(eb.val(purge.reason), 'text').as('reason'),
			]),
		)
		.execute()
	await db
		.insertInto('audit_event')
		.columns(['id', 'created_at', 'updated_at', 'actor_id', 'impersonated_user_id', 'action', 'entity_type', 'entity_id', 'school_id', 'at'])
		.expression(
			students().select((eb) => [
				sql<string>`gen_random_uuid()`.as('id'),
				sql<Date>`now()`.as('created_at'),
				sql<Date>`now()`.as('updated_at'),
				eb.cast<string | null>(eb.val(purge.audit.actorId), 'uuid').as('actor_id'),
				eb.cast<string | null>(eb.val(purge.audit.impersonatedUserId), 'uuid').as('impersonated_user_id'),
				eb.cast<string>(eb.val(purge.audit.action), 'text').as('action'),
				eb.cast<string>(eb.val('Student'), 'text').as('entity_type'),
				eb.cast<string>('id', 'text').as('entity_id'),
				'school_id',
				sql<Date>`now()`.as('at'),
			]),
		)
		.execute()

	// Each table by name, children first, rather than through the foreign keys' cascades: what a purge removes is read
	// here, and a cascade changed one day cannot make it remove less.
	// Exports are copies of the students' records: theirs, and their schools' whole exports (made to offboard, ADR 071).
	const exports = db
		.selectFrom('data_export')
		.select('id')
		.where((w) => w.or([w('student_id', 'in', ids), w.and([w('kind', '=', 'school'), w('school_id', 'in', students().select('school_id'))])]))
	await db.deleteFrom('data_export_chunk').where('export_id', 'in', exports).execute()
	await db.deleteFrom('data_export').where('id', 'in', exports).execute()
	const profiles = db.selectFrom('profile').select('id').where('student_id', 'in', ids)
	const rounds = db.selectFrom('round').select('id').where('profile_id', 'in', profiles)
	const feedback = db.selectFrom('feedback').select('id').where('round_id', 'in', rounds)
	await db.deleteFrom('answer').where('feedback_id', 'in', feedback).execute()
	await db.deleteFrom('feedback').where('round_id', 'in', rounds).execute()
	await db.deleteFrom('round').where('profile_id', 'in', profiles).execute()
	await db.deleteFrom('profile_respondent').where('profile_id', 'in', profiles).execute()
	await db
		.deleteFrom('recommendation_review')
		.where('entry_id', 'in', db.selectFrom('student_recommendation').select('id').where('student_id', 'in', ids))
		.execute()
	await db.deleteFrom('student_recommendation').where('student_id', 'in', ids).execute()
	await db.deleteFrom('profile').where('student_id', 'in', ids).execute()
	await db.deleteFrom('group_student').where('student_id', 'in', ids).execute()
	await db.deleteFrom('student_professional').where('student_id', 'in', ids).execute()
	await db.deleteFrom('retention_hold').where('student_id', 'in', ids).execute()
	// Both directions, whichever school sent or received them: each copied the student's name and UPN.
	await db.deleteFrom('transfer_request').where('student_id', 'in', ids).execute()
	await db.deleteFrom('student').where('id', 'in', ids).execute()

	// Any school's finished student import whose file has one of the UPNs (in any case: imports read it so), each file
	// read once. Unfinished ones still need their file; an import still running creates the student again, as the
	// school asked it to. A UPN is letters and digits only, so the pattern is the UPNs as they are.
	const pattern = upns.filter((upn) => /^[A-Z0-9]+$/.test(upn)).join('|')
	if (!pattern) return
	await db
		.updateTable('import_job')
		.set({ upload: Buffer.alloc(0), updated_at: sql`now()` })
		.where('kind', '=', 'students')
		.where('status', 'in', ['completed', 'completed_with_errors', 'failed'])
		.where(sql<boolean>`upper(encode(upload, 'escape')) ~ ${pattern}`)
		.execute()
}
