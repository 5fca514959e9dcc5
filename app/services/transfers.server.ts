import { sql, type Kysely } from 'kysely'
import { AppError } from '#app/lib/errors.ts'
import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import type { TransferStatus } from '#app/models/enums.ts'
import { School, TransferRequest } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { getStudent } from './students.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { pageAndTotal, typedSql, type Database } from './typed-sql.server.ts'

/** A refusal that belongs beside one field of the transfer form. */
export class TransferFieldError extends Error {
	readonly field: string
	constructor(field: string, message: string) {
		super(message)
		this.name = 'TransferFieldError'
		this.field = field
	}
}

/** How a school is offered in the destination combo box: its label is also what the form posts. */
export function schoolLabel(school: { name: string; subdomain: string; urn: string | null }): string {
	return `${school.name} (${school.subdomain}${school.urn ? `, URN ${school.urn}` : ''})`
}

/** The schools a student can be sent to: every other school that is not archived. */
export async function listDestinationOptions(app: SignedIn): Promise<{ value: string; label: string }[]> {
	const rows = await typedSql(app.em)
		.selectFrom('school')
		.select(['name', 'subdomain', 'urn'])
		.where('archived', '=', false)
		.where('id', '<>', actingSchool(app))
		.orderBy((eb) => eb.fn('lower', ['name']))
		.limit(1000)
		.execute()
	return rows.map((row) => ({ value: schoolLabel(row), label: schoolLabel(row) }))
}

/**
 * The school that typed text names: an option's label, or a school's exact
 * name, subdomain or URN, or else the one school whose name contains the text.
 * None, or more than one, is a field error (the form works without JavaScript,
 * so the text is all the server gets).
 */
export async function resolveDestination(app: SignedIn, text: string): Promise<School> {
	const typed = text.trim()
	if (!typed) throw new TransferFieldError('destination', 'Choose the school to send the student to.')
	const lower = typed.toLowerCase()
	const like = containsPattern(lower)
	const candidates = await typedSql(app.em)
		.selectFrom('school')
		.select(['id', 'name', 'subdomain', 'urn'])
		.where('archived', '=', false)
		.where((eb) =>
			eb.or([
				eb(eb.fn('lower', ['name']), 'like', like),
				eb('subdomain', '=', lower),
				eb('urn', '=', typed),
				// An option's label ("Name (subdomain, URN …)") holds "(subdomain".
				eb(eb.fn<number>('strpos', [eb.val(lower), sql<string>`'(' || ${eb.ref('subdomain')}`]), '>', 0),
			]),
		)
		.orderBy((eb) => eb.fn('lower', ['name']))
		.limit(50)
		.execute()
	const exact =
		candidates.filter((school) => schoolLabel(school).toLowerCase() === lower).at(0) ??
		candidates.filter((school) => school.subdomain === lower || school.urn === typed).at(0)
	const byName = candidates.filter((school) => school.name.toLowerCase() === lower)
	const contains = candidates.filter((school) => school.name.toLowerCase().includes(lower))
	const chosen = exact ?? (byName.length === 1 ? byName[0] : undefined) ?? (contains.length === 1 ? contains[0] : undefined)
	if (!chosen) {
		throw new TransferFieldError(
			'destination',
			contains.length > 1
				? `${contains.length} schools match “${typed}”. Type more of the name, or the school’s subdomain or URN.`
				: `No school matches “${typed}”. Check the name, subdomain or URN.`,
		)
	}
	if (chosen.id === actingSchool(app)) throw new TransferFieldError('destination', 'The student is already at this school. Choose another school.')
	return app.em.getReference(School, chosen.id)
}

/**
 * Sends a request to move a student of the acting user's school to another
 * school. A student with a pending request answers 1006 — found here, or,
 * when two requests race, by the partial unique index.
 */
export async function requestTransfer(app: SignedIn, studentId: string, input: { destination: string; note: string | null }): Promise<TransferRequest> {
	const schoolId = actingSchool(app)
	const student = await getStudent(app, studentId)
	const destination = await resolveDestination(app, input.destination)
	if (await app.em.count(TransferRequest, { student, status: 'created' })) throw new AppError(1006)
	return mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			const request = tx.create(TransferRequest, {
				student: student.id,
				studentFirstName: student.firstName,
				studentLastName: student.lastName,
				studentUpn: student.upn,
				studentYearGroup: student.yearGroup,
				fromSchool: schoolId,
				toSchool: destination.id,
				requestedBy: app.auth.userId,
				note: input.note,
				status: 'created',
			})
			audit(tx, app.auth, 'transfer.request', { type: 'TransferRequest', id: request.id, schoolId })
			await tx.flush()
			return request
		}),
	)
}

export const TRANSFER_SORTS = ['created', 'student', 'status'] as const
export type TransferSort = (typeof TRANSFER_SORTS)[number]

export type TransferRow = {
	id: string
	student: string
	upn: string
	yearGroup: string
	/** The other school: the destination for outgoing requests, the sender for incoming ones. */
	school: string
	requestedBy: string | null
	note: string | null
	status: TransferStatus
	reason: string | null
	createdAt: string
	decidedAt: string | null
}

/**
 * One page of the school's outgoing (sent) or incoming (received) requests,
 * pending first by default: two queries whatever the number of requests.
 * The student is shown as the request recorded them, never read live: after
 * an approval the sender's student belongs to the destination, and after a
 * rejection the destination has no business with the sender's student.
 * Who sent it is named as the sending school names them (ADR 016).
 */
export async function listTransfers(
	app: SignedIn,
	direction: 'incoming' | 'outgoing',
	query: ListQuery<TransferSort>,
): Promise<{ rows: TransferRow[]; total: number }> {
	const schoolId = actingSchool(app)
	const [own, other] = direction === 'incoming' ? (['t.to_school_id', 't.from_school_id'] as const) : (['t.from_school_id', 't.to_school_id'] as const)
	let matching = typedSql(app.em).selectFrom('transfer_request as t').innerJoin('school as o', 'o.id', other).where(own, '=', schoolId)
	if (query.q) {
		const search = containsPattern(query.q)
		matching = matching.where((eb) =>
			eb.or([
				eb(eb.fn('lower', [sql<string>`${eb.ref('t.student_first_name')} || ' ' || ${eb.ref('t.student_last_name')}`]), 'like', search),
				eb(eb.fn('lower', ['t.student_upn']), 'like', search),
				eb(eb.fn('lower', ['o.name']), 'like', search),
			]),
		)
	}
	const dir = query.dir === 'desc' ? 'desc' : 'asc'
	const unsorted = matching
		.leftJoin('school_membership as rm', (join) => join.onRef('rm.user_id', '=', 't.requested_by_id').onRef('rm.school_id', '=', 't.from_school_id'))
		.select([
			't.id',
			't.student_first_name as first_name',
			't.student_last_name as last_name',
			't.student_upn as upn',
			't.student_year_group as year_group',
			'o.name as school',
			'rm.first_name as requested_first',
			'rm.last_name as requested_last',
			't.note',
			't.status',
			't.reason',
			't.created_at',
			't.decided_at',
		])
	const sorted =
		query.sort === 'created'
			? unsorted.orderBy('t.created_at', dir)
			: query.sort === 'student'
				? unsorted.orderBy((eb) => eb.fn('lower', ['t.student_last_name']), dir).orderBy((eb) => eb.fn('lower', ['t.student_first_name']), dir)
				: unsorted.orderBy((eb) => eb.case('t.status').when('created').then(eb.lit(0)).when('approved').then(eb.lit(1)).else(eb.lit(2)).end(), dir)
	const { rows, total } = await pageAndTotal(matching, sorted.orderBy('t.created_at', 'desc').orderBy('t.id'), query)
	const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
	return {
		total,
		rows: rows.map((row) => ({
			id: row.id,
			student: `${row.first_name} ${row.last_name}`,
			upn: row.upn,
			yearGroup: row.year_group,
			school: row.school,
			requestedBy: row.requested_first ? `${row.requested_first} ${row.requested_last}` : null,
			note: row.note,
			status: row.status,
			reason: row.reason,
			createdAt: iso(row.created_at)!,
			decidedAt: iso(row.decided_at),
		})),
	}
}

/**
 * A request sent to (incoming) or by (outgoing) the acting user's school; any
 * other answers 404. The student is not loaded: callers show the snapshot the
 * request keeps (studentFirstName…), which stays right whoever owns the student now.
 */
export async function getTransfer(app: SignedIn, id: string, direction: 'incoming' | 'outgoing'): Promise<TransferRequest> {
	const schoolId = actingSchool(app)
	const requestId = recordId(id)
	const request = await app.em.findOne(TransferRequest, direction === 'incoming' ? { id: requestId, toSchool: schoolId } : { id: requestId, fromSchool: schoolId })
	if (!request) throw notFound()
	return request
}

/** The student's name as the request recorded it. */
export function transferStudentName(request: TransferRequest): string {
	return `${request.studentFirstName} ${request.studentLastName}`
}

const alreadyDecided = () => new Refusal('Request already decided', 'This transfer request is no longer pending, so it cannot be changed.')

/**
 * Approves an incoming request: in one transaction the student, with its
 * profiles, rounds, feedback and answers, moves to this school; its links to
 * the old school's groups, professionals and profile respondents go, and
 * the old school's staff's feedback not yet submitted (started or not) is
 * dropped; submitted feedback stays as the student's history. The request row
 * is locked first, so two admins approving at once move the student once.
 */
export async function approveTransfer(app: SignedIn, id: string): Promise<void> {
	const schoolId = actingSchool(app)
	await getTransfer(app, id, 'incoming')
	await mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			const db = typedSql(tx)
			const locked = await lockUndecided(db, id, schoolId)
			const student = await db.selectFrom('student').select(['upn', 'school_id']).where('id', '=', locked.student_id).forUpdate().executeTakeFirst()
			if (!student || student.school_id !== locked.from_school_id) throw alreadyDecided()
			// UPNs are unique on the whole platform, so this never finds one today; it keeps the rule where the move is.
			const clash = await db
				.selectFrom('student')
				.select(sql<number>`count(*)::int`.as('n'))
				.where('upn', '=', student.upn)
				.where('school_id', '=', schoolId)
				.where('id', '<>', locked.student_id)
				.executeTakeFirst()
			if (clash && clash.n > 0) throw new AppError(1003)

			const studentId = locked.student_id
			const oldSchool = locked.from_school_id
			const staffHere = db.selectFrom('school_membership').select('id').where('school_id', '=', schoolId)
			await db
				.deleteFrom('group_student')
				.where('student_id', '=', studentId)
				.where('group_id', 'in', db.selectFrom('student_group').select('id').where('school_id', '=', oldSchool))
				.execute()
			await db.deleteFrom('student_professional').where('student_id', '=', studentId).execute()
			// A retention hold is the old school's decision about its records: the new school's own period applies (ADR 070).
			await db.deleteFrom('retention_hold').where('student_id', '=', studentId).execute()
			await db
				.deleteFrom('profile_respondent')
				.where('profile_id', 'in', db.selectFrom('profile').select('id').where('student_id', '=', studentId))
				.where('membership_id', 'not in', staffHere)
				.execute()
			// Feedback the old school's staff had not submitted would never be: it goes, with any answers
			// started, so nothing of theirs is left open at the new school (and the old school deleting
			// them later cannot reach into the new school's rounds).
			await db
				.deleteFrom('feedback')
				.where('status', '<>', 'complete')
				.where('round_id', 'in', db.selectFrom('round as r').innerJoin('profile as p', 'p.id', 'r.profile_id').select('r.id').where('p.student_id', '=', studentId))
				.where('respondent_id', 'not in', staffHere)
				.execute()
			await db.updateTable('profile').set({ school_id: schoolId, updated_at: sql`now()` }).where('student_id', '=', studentId).execute()
			// The plan moves with its reviews (ADR 072); its owners were the old school's staff, so the new school names its own.
			await db
				.updateTable('recommendation_review')
				.set({ school_id: schoolId, updated_at: sql`now()` })
				.where('entry_id', 'in', db.selectFrom('student_recommendation').select('id').where('student_id', '=', studentId))
				.execute()
			await db.updateTable('student_recommendation').set({ owner_id: null, updated_at: sql`now()` }).where('student_id', '=', studentId).execute()
			await db.updateTable('student').set({ school_id: schoolId, updated_at: sql`now()` }).where('id', '=', studentId).execute()
			await db
				.updateTable('transfer_request')
				.set({ status: 'approved', decided_by_id: app.auth.userId, decided_at: sql`now()`, updated_at: sql`now()` })
				.where('id', '=', id)
				.execute()
			audit(tx, app.auth, 'transfer.approve', { type: 'TransferRequest', id, schoolId })
			audit(tx, app.auth, 'student.transfer', { type: 'Student', id: studentId, schoolId })
			await tx.flush()
		}),
	)
	// The identity map may hold the student as it was; nothing after this reads it, but clear it to be sure.
	app.em.clear()
}

/** Rejects an incoming request with a reason; the student stays where it is. */
export async function rejectTransfer(app: SignedIn, id: string, reason: string): Promise<void> {
	const schoolId = actingSchool(app)
	await getTransfer(app, id, 'incoming')
	await app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		await lockUndecided(db, id, schoolId)
		await db
			.updateTable('transfer_request')
			.set({ status: 'rejected', reason, decided_by_id: app.auth.userId, decided_at: sql`now()`, updated_at: sql`now()` })
			.where('id', '=', id)
			.execute()
		audit(tx, app.auth, 'transfer.reject', { type: 'TransferRequest', id, schoolId })
		await tx.flush()
	})
	app.em.clear()
}

/**
 * The sender withdraws a pending request. There is no "cancelled" status: the
 * request is deleted (ADR 010), and the audit event keeps that it existed.
 */
export async function cancelTransfer(app: SignedIn, id: string): Promise<void> {
	const schoolId = actingSchool(app)
	await getTransfer(app, id, 'outgoing')
	await app.em.transactional(async (tx) => {
		const deleted = await typedSql(tx)
			.deleteFrom('transfer_request')
			.where('id', '=', id)
			.where('from_school_id', '=', schoolId)
			.where('status', '=', 'created')
			.returning('id')
			.execute()
		if (!deleted.length) throw alreadyDecided()
		audit(tx, app.auth, 'transfer.cancel', { type: 'TransferRequest', id, schoolId })
		await tx.flush()
	})
	app.em.clear()
}

/** The student's pending request, if any, for the details screen. */
export async function pendingTransferOf(app: SignedIn, studentId: string): Promise<{ id: string; school: string } | null> {
	const row = await typedSql(app.em)
		.selectFrom('transfer_request as t')
		.innerJoin('school as o', 'o.id', 't.to_school_id')
		.select(['t.id', 'o.name as school'])
		.where('t.student_id', '=', studentId)
		.where('t.from_school_id', '=', actingSchool(app))
		.where('t.status', '=', 'created')
		.executeTakeFirst()
	return row ?? null
}

/**
 * Locks an incoming request of the school until the transaction ends, so that two decisions cannot both pass: 404 when
 * it is not the school's, "already decided" when it is no longer waiting.
 */
async function lockUndecided(db: Kysely<Database>, id: string, schoolId: string) {
	const locked = await db
		.selectFrom('transfer_request')
		.select(['status', 'student_id', 'from_school_id'])
		.where('id', '=', id)
		.where('to_school_id', '=', schoolId)
		.forUpdate()
		.executeTakeFirst()
	if (!locked) throw notFound()
	if (locked.status !== 'created') throw alreadyDecided()
	return locked
}
