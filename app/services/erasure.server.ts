import { CONFIRMATION_MISMATCH, ERASURE_REASON_MAX, erasureReason, REASON_REQUIRED } from '#app/lib/erasure-schema.ts'
import { normaliseUpn } from '#app/lib/upn.ts'
import type { SignedIn } from './guards.server.ts'
import { purgeStudents } from './student-purge.server.ts'
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
 * The audit trail's older lines about the student hold ids only and stay (ADR 061). The purge itself is the one the
 * retention job runs (`purgeStudents`, ADR 070).
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
			.select(['id', 'upn'])
			.where('id', '=', id)
			.where('school_id', '=', schoolId)
			.forUpdate()
			.executeTakeFirst()
		if (!student) throw notFound()
		if (normaliseUpn(input.confirmation) !== student.upn) throw new ErasureFieldError('confirmation', CONFIRMATION_MISMATCH)
		if (!reason) throw new ErasureFieldError('reason', REASON_REQUIRED)
		if (reason.length > ERASURE_REASON_MAX) throw new ErasureFieldError('reason', `Use at most ${ERASURE_REASON_MAX} characters`)

		await purgeStudents(db, [id], {
			kind: 'erasure',
			reason,
			// As audit() records it: under impersonation the actor is the platform admin, the user acted as beside.
			audit: {
				action: 'student.erase',
				actorId: app.auth.impersonatorId ?? app.auth.userId,
				impersonatedUserId: app.auth.impersonatorId ? app.auth.userId : null,
			},
		})
	})
}
