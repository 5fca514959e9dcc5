import { sql } from 'kysely'
import { CONFIRMATION_MISMATCH, ERASURE_REASON_MAX, erasureReason, REASON_REQUIRED } from '#app/lib/erasure-schema.ts'
import { normaliseUpn } from '#app/lib/upn.ts'
import { StudentTombstone } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/** A field of the erasure form the service refuses (the confirmation that does not match, a reason that is not one). */
export class ErasureFieldError extends Error {
	readonly field: 'confirmation' | 'reason'
	constructor(field: 'confirmation' | 'reason', message: string) {
		super(message)
		this.name = 'ErasureFieldError'
		this.field = field
	}
}

/**
 * Erases a student of the acting school on request (issue 17, ADR 063), in one transaction: every row Spencer holds
 * about them goes — their profiles with respondents, rounds, feedback and answers, their plan, group memberships,
 * professional links, transfer requests in either direction (with the names and UPN they copied), the student row —
 * and finished student imports that carry their UPN lose their upload (the file was read long ago; nothing shows it).
 * What stays is a tombstone that names nobody (the school's statistics count it) and the `student.erase` audit line.
 * The audit trail's older lines about the student hold ids only and stay (ADR 061).
 *
 * The confirmation is the student's UPN, typed: a UPN is unique and shown on the page, where names are neither. Another
 * school's student, or no student, answers 404 whatever was typed.
 */
export async function eraseStudent(app: SignedIn, studentId: string, input: { reason: string; confirmation: string }): Promise<void> {
	const schoolId = actingSchool(app)
	const id = recordId(studentId)
	const reason = erasureReason(input.reason)
	await app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		// Locked: an edit, a transfer or a second erasure of this student waits for this one.
		const student = await db
			.selectFrom('student')
			.select(['id', 'upn', 'year_group', 'sen_status'])
			.where('id', '=', id)
			.where('school_id', '=', schoolId)
			.forUpdate()
			.executeTakeFirst()
		if (!student) throw notFound()
		if (normaliseUpn(input.confirmation) !== student.upn) throw new ErasureFieldError('confirmation', CONFIRMATION_MISMATCH)
		if (!reason) throw new ErasureFieldError('reason', REASON_REQUIRED)
		if (reason.length > ERASURE_REASON_MAX) throw new ErasureFieldError('reason', `Use at most ${ERASURE_REASON_MAX} characters`)

		// Each table by name, children first, rather than through the foreign keys' cascades: what an erasure removes is
		// read here, and a cascade changed one day cannot make it remove less.
		// Exports are copies of the student's records: theirs, and the school's whole exports (made to offboard), which hold them too.
		const exports = db
			.selectFrom('data_export')
			.select('id')
			.where((w) => w.or([w('student_id', '=', id), w.and([w('school_id', '=', schoolId), w('kind', '=', 'school')])]))
		await db.deleteFrom('data_export_chunk').where('export_id', 'in', exports).execute()
		await db.deleteFrom('data_export').where('id', 'in', exports).execute()
		const profiles = db.selectFrom('profile').select('id').where('student_id', '=', id)
		const rounds = db.selectFrom('round').select('id').where('profile_id', 'in', profiles)
		const feedback = db.selectFrom('feedback').select('id').where('round_id', 'in', rounds)
		await db.deleteFrom('answer').where('feedback_id', 'in', feedback).execute()
		await db.deleteFrom('feedback').where('round_id', 'in', rounds).execute()
		await db.deleteFrom('round').where('profile_id', 'in', profiles).execute()
		await db.deleteFrom('profile_respondent').where('profile_id', 'in', profiles).execute()
		await db.deleteFrom('student_recommendation').where('student_id', '=', id).execute()
		await db.deleteFrom('profile').where('student_id', '=', id).execute()
		await db.deleteFrom('group_student').where('student_id', '=', id).execute()
		await db.deleteFrom('student_professional').where('student_id', '=', id).execute()
		// Both directions, whichever school sent or received them: each copied the student's name and UPN.
		await db.deleteFrom('transfer_request').where('student_id', '=', id).execute()
		await db.deleteFrom('student').where('id', '=', id).execute()
		// Any school's finished student import whose file has the UPN (in any case: imports read it so). Unfinished ones
		// still need their file; an import still running creates the student again, as the school asked it to.
		await db
			.updateTable('import_job')
			.set({ upload: Buffer.alloc(0), updated_at: sql`now()` })
			.where('kind', '=', 'students')
			.where('status', 'in', ['completed', 'completed_with_errors', 'failed'])
			.where(sql<boolean>`position(${student.upn} in upper(encode(upload, 'escape'))) > 0`)
			.execute()

		tx.create(StudentTombstone, {
			school: schoolId,
			studentId: id,
			kind: 'erasure',
			yearGroup: student.year_group,
			hadSenStatus: student.sen_status !== 'none',
			removedAt: new Date(),
			reason,
		})
		audit(tx, app.auth, 'student.erase', { type: 'Student', id, schoolId })
		await tx.flush()
	})
}
