import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { OFFBOARD_CONFIRMATION_MISMATCH } from '#app/lib/offboarding-schema.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { notFound, recordId } from './tenancy.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

/** What stops a school from being offboarded now; the screen says it beside the form. */
export type OffboardingBlocker = 'not-archived' | 'import-running'

/** One line of the dry run: what goes (or, for `kept`, what stays changed), and how many. */
export type OffboardingCount = { key: string; label: string; n: number; kept?: boolean }

export class OffboardingRefusal extends Error {
	readonly field: 'confirmation' | null
	constructor(message: string, field: 'confirmation' | null = null) {
		super(message)
		this.name = 'OffboardingRefusal'
		this.field = field
	}
}

/**
 * The rows a school owns, as subqueries (issue 17, item 4; ADR 069): its students and what hangs from them, its staff
 * memberships and what hangs from those, its groups, imports, tombstones, retention holds and audit trail. The dry run counts them and
 * the offboarding deletes them, from the same definitions, so the two cannot disagree.
 */
function owned(db: Kysely<Database>, schoolId: string) {
	const students = () => db.selectFrom('student').select('id').where('school_id', '=', schoolId)
	// A profile moves with its student (ADR 010): by either column, so a row the school owns is never left to block it.
	const profiles = () =>
		db
			.selectFrom('profile')
			.select('id')
			.where((eb) => eb.or([eb('school_id', '=', schoolId), eb('student_id', 'in', students())]))
	const rounds = () => db.selectFrom('round').select('id').where('profile_id', 'in', profiles())
	const feedback = () => db.selectFrom('feedback').select('id').where('round_id', 'in', rounds())
	const memberships = () => db.selectFrom('school_membership').select('id').where('school_id', '=', schoolId)
	const groups = () => db.selectFrom('student_group').select('id').where('school_id', '=', schoolId)
	// Feedback this school's staff gave on another school's profile (a student who moved on): the other school's record.
	const feedbackElsewhere = () =>
		db
			.selectFrom('feedback')
			.select('id')
			.where('respondent_id', 'in', memberships())
			.where('round_id', 'not in', rounds())
	// Accounts with no school but this one go with it; a platform admin never has a membership (ADR 016).
	const usersOnlyHere = () =>
		db
			.selectFrom('users as u')
			.select('u.id')
			.where('u.id', 'in', db.selectFrom('school_membership').select('user_id').where('school_id', '=', schoolId))
			.where('u.system_role', '<>', 'spencerAdmin')
			.where(({ not, exists, selectFrom }) =>
				not(exists(selectFrom('school_membership as o').select('o.id').whereRef('o.user_id', '=', 'u.id').where('o.school_id', '<>', schoolId))),
			)
	return { students, profiles, rounds, feedback, memberships, groups, feedbackElsewhere, usersOnlyHere }
}

const count = sql<number>`count(*)::int`

/** The dry run: every kind of row the offboarding removes or changes, counted in one query, in the order the screen lists them. */
async function countOwned(db: Kysely<Database>, schoolId: string): Promise<OffboardingCount[]> {
	const o = owned(db, schoolId)
	const row = await db
		.selectNoFrom((eb) => [
			eb.selectFrom('student').select(count.as('n')).where('school_id', '=', schoolId).as('students'),
			eb.selectFrom('profile').select(count.as('n')).where('id', 'in', o.profiles()).as('profiles'),
			eb.selectFrom('round').select(count.as('n')).where('id', 'in', o.rounds()).as('rounds'),
			eb.selectFrom('feedback').select(count.as('n')).where('id', 'in', o.feedback()).as('feedback'),
			eb
				.selectFrom('answer')
				.select(count.as('n'))
				.where((w) => w.or([w('feedback_id', 'in', o.feedback()), w('feedback_id', 'in', o.feedbackElsewhere().where('status', '<>', 'complete'))]))
				.as('answers'),
			eb.selectFrom('student_recommendation').select(count.as('n')).where('student_id', 'in', o.students()).as('plan'),
			eb
				.selectFrom('profile_respondent')
				.select(count.as('n'))
				.where((w) => w.or([w('profile_id', 'in', o.profiles()), w('membership_id', 'in', o.memberships())]))
				.as('respondents'),
			eb.selectFrom('student_group').select(count.as('n')).where('school_id', '=', schoolId).as('groups'),
			eb
				.selectFrom('group_student')
				.select(count.as('n'))
				.where((w) => w.or([w('group_id', 'in', o.groups()), w('student_id', 'in', o.students())]))
				.as('groupStudents'),
			eb
				.selectFrom('group_staff')
				.select(count.as('n'))
				.where((w) => w.or([w('group_id', 'in', o.groups()), w('membership_id', 'in', o.memberships())]))
				.as('groupStaff'),
			eb
				.selectFrom('student_professional')
				.select(count.as('n'))
				.where((w) => w.or([w('student_id', 'in', o.students()), w('membership_id', 'in', o.memberships())]))
				.as('professionals'),
			eb
				.selectFrom('transfer_request')
				.select(count.as('n'))
				.where((w) => w.or([w('from_school_id', '=', schoolId), w('to_school_id', '=', schoolId), w('student_id', 'in', o.students())]))
				.as('transfers'),
			eb.selectFrom('import_job').select(count.as('n')).where('school_id', '=', schoolId).as('imports'),
			eb.selectFrom('student_tombstone').select(count.as('n')).where('school_id', '=', schoolId).as('tombstones'),
			eb.selectFrom('data_export').select(count.as('n')).where('school_id', '=', schoolId).as('exports'),
			eb.selectFrom('recommendation_review').select(count.as('n')).where('school_id', '=', schoolId).as('reviews'),
			eb
				.selectFrom('retention_hold')
				.select(count.as('n'))
				.where((w) => w.or([w('school_id', '=', schoolId), w('student_id', 'in', o.students())]))
				.as('holds'),
			eb.selectFrom('school_membership').select(count.as('n')).where('school_id', '=', schoolId).as('memberships'),
			eb.selectFrom('users').select(count.as('n')).where('id', 'in', o.usersOnlyHere()).as('users'),
			eb.selectFrom('audit_event').select(count.as('n')).where('school_id', '=', schoolId).as('audit'),
			eb.selectFrom('feedback').select(count.as('n')).where('id', 'in', o.feedbackElsewhere()).where('status', '<>', 'complete').as('unfinishedElsewhere'),
			eb.selectFrom('feedback').select(count.as('n')).where('id', 'in', o.feedbackElsewhere()).where('status', '=', 'complete').as('submittedElsewhere'),
			eb
				.selectFrom('school_membership')
				.select(count.as('n'))
				.where('school_id', '=', schoolId)
				.where('user_id', 'not in', o.usersOnlyHere())
				.as('usersKept'),
		])
		.executeTakeFirstOrThrow()
	const n = (value: number | null) => value ?? 0
	return [
		{ key: 'students', label: 'Students', n: n(row.students) },
		{ key: 'profiles', label: 'Profiles', n: n(row.profiles) },
		{ key: 'rounds', label: 'Rounds', n: n(row.rounds) },
		{ key: 'feedback', label: 'Feedback (respondents’ questionnaires)', n: n(row.feedback) },
		{ key: 'answers', label: 'Answers', n: n(row.answers) },
		{ key: 'plan', label: 'Plan entries', n: n(row.plan) },
		{ key: 'respondents', label: 'Profile respondents', n: n(row.respondents) },
		{ key: 'groups', label: 'Groups', n: n(row.groups) },
		{ key: 'groupStudents', label: 'Students in groups', n: n(row.groupStudents) },
		{ key: 'groupStaff', label: 'Staff in groups', n: n(row.groupStaff) },
		{ key: 'professionals', label: 'Professional links', n: n(row.professionals) },
		{ key: 'transfers', label: 'Transfer requests, either way', n: n(row.transfers) },
		{ key: 'imports', label: 'Imports', n: n(row.imports) },
		{ key: 'tombstones', label: 'Tombstones of erased students', n: n(row.tombstones) },
		{ key: 'exports', label: 'Exports (subject access and this school’s own)', n: n(row.exports) },
		{ key: 'reviews', label: 'Reviews of plan entries', n: n(row.reviews) },
		{ key: 'holds', label: 'Retention holds', n: n(row.holds) },
		{ key: 'memberships', label: 'Staff directory entries', n: n(row.memberships) },
		{ key: 'users', label: 'Staff accounts with no other school', n: n(row.users) },
		{ key: 'audit', label: 'Audit trail lines', n: n(row.audit) },
		{ key: 'unfinishedElsewhere', label: 'Unfinished feedback at other schools', n: n(row.unfinishedElsewhere) },
		{ key: 'submittedElsewhere', label: 'Submitted feedback at other schools, kept as “Former staff member”', n: n(row.submittedElsewhere), kept: true },
		{ key: 'usersKept', label: 'Staff accounts kept (they work at another school)', n: n(row.usersKept), kept: true },
	]
}

async function blockers(db: Kysely<Database>, schoolId: string, archived: boolean): Promise<OffboardingBlocker[]> {
	const running = await db
		.selectFrom('import_job')
		.select(count.as('n'))
		.where('school_id', '=', schoolId)
		.where('status', 'in', ['queued', 'processing'])
		.executeTakeFirst()
	return [...(archived ? [] : (['not-archived'] as const)), ...(running?.n ? (['import-running'] as const) : [])]
}

export type OffboardingPreview = {
	school: { id: string; name: string; subdomain: string; archived: boolean }
	counts: OffboardingCount[]
	blockers: OffboardingBlocker[]
}

/** The dry run a platform admin sees before offboarding a school: nothing is written. */
export async function previewOffboarding(app: SignedIn, schoolId: string): Promise<OffboardingPreview> {
	const id = recordId(schoolId)
	const db = typedSql(app.em)
	const school = await db.selectFrom('school').select(['id', 'name', 'subdomain', 'archived']).where('id', '=', id).executeTakeFirst()
	if (!school) throw notFound()
	const [counts, blocked] = await Promise.all([countOwned(db, id), blockers(db, id, school.archived)])
	return { school, counts, blockers: blocked }
}

/**
 * Offboards a school (issue 17, item 4; ADR 069): in one transaction, deletes everything it owns — students and all
 * that hangs from them, groups, imports, tombstones, its staff directory, the accounts of staff with no other school,
 * transfer requests either way, its audit trail (ADR 061 allows it once the school row is gone) — and then records one
 * `school.offboard` line outside any school. Feedback its staff gave at another school (on a student who moved there)
 * is that school's record: submitted feedback stays as a former staff member's (ADR 029), unfinished feedback goes.
 *
 * The school must be archived first (no one works in it any more) with no import queued or running, and the platform
 * admin types its subdomain. Returns what was deleted, counted before, in the same transaction.
 */
export async function offboardSchool(app: SignedIn, schoolId: string, input: { confirmation: string }): Promise<{ id: string; name: string; counts: OffboardingCount[] }> {
	const id = recordId(schoolId)
	return app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		// Locked: an import's insert of a student (which checks the school row) waits, then fails, rather than slip in.
		const school = await db.selectFrom('school').select(['id', 'name', 'subdomain', 'archived']).where('id', '=', id).forUpdate().executeTakeFirst()
		if (!school) throw notFound()
		if (input.confirmation.trim().toLowerCase() !== school.subdomain) throw new OffboardingRefusal(OFFBOARD_CONFIRMATION_MISMATCH, 'confirmation')
		const blocked = await blockers(db, id, school.archived)
		if (blocked.includes('not-archived')) throw new OffboardingRefusal('Archive the school first: its staff must have stopped working in it.')
		if (blocked.includes('import-running')) throw new OffboardingRefusal('An import of this school is queued or running. Offboard the school once it has finished.')
		const counts = await countOwned(db, id)
		const o = owned(db, id)
		const doomedUsers = (await o.usersOnlyHere().execute()).map((user) => user.id)

		// Other schools' records first: what this school's staff gave there. Submitted feedback stays under one random key
		// per person (ADR 029), so it still reads as one respondent's; unfinished feedback goes with its answers.
		const unfinished = () => o.feedbackElsewhere().where('status', '<>', 'complete')
		await db.deleteFrom('answer').where('feedback_id', 'in', unfinished()).execute()
		await db.deleteFrom('feedback').where('id', 'in', unfinished()).execute()
		await db
			.updateTable('feedback')
			.set({ respondent_id: null, former_respondent_key: sql`md5(respondent_id::text || ${randomUUID()})::uuid`, updated_at: sql`now()` })
			.where('id', 'in', o.feedbackElsewhere())
			.execute()

		// Then the school's own rows, each table by name and children first, as erasure does (ADR 063): what goes is read
		// here, not in the foreign keys' cascades.
		// Exports first (a student's names the student): each is a copy of what follows.
		await db
			.deleteFrom('data_export_chunk')
			.where('export_id', 'in', db.selectFrom('data_export').select('id').where('school_id', '=', id))
			.execute()
		await db.deleteFrom('data_export').where('school_id', '=', id).execute()
		await db.deleteFrom('answer').where('feedback_id', 'in', o.feedback()).execute()
		await db.deleteFrom('feedback').where('round_id', 'in', o.rounds()).execute()
		await db.deleteFrom('round').where('profile_id', 'in', o.profiles()).execute()
		await db
			.deleteFrom('profile_respondent')
			.where((w) => w.or([w('profile_id', 'in', o.profiles()), w('membership_id', 'in', o.memberships())]))
			.execute()
		await db.deleteFrom('recommendation_review').where('school_id', '=', id).execute()
		await db.deleteFrom('student_recommendation').where('student_id', 'in', o.students()).execute()
		await db.deleteFrom('profile').where('id', 'in', o.profiles()).execute()
		await db
			.deleteFrom('group_student')
			.where((w) => w.or([w('group_id', 'in', o.groups()), w('student_id', 'in', o.students())]))
			.execute()
		await db
			.deleteFrom('group_staff')
			.where((w) => w.or([w('group_id', 'in', o.groups()), w('membership_id', 'in', o.memberships())]))
			.execute()
		await db
			.deleteFrom('student_professional')
			.where((w) => w.or([w('student_id', 'in', o.students()), w('membership_id', 'in', o.memberships())]))
			.execute()
		await db
			.deleteFrom('transfer_request')
			.where((w) => w.or([w('from_school_id', '=', id), w('to_school_id', '=', id), w('student_id', 'in', o.students())]))
			.execute()
		await db
			.deleteFrom('retention_hold')
			.where((w) => w.or([w('school_id', '=', id), w('student_id', 'in', o.students())]))
			.execute()
		await db.deleteFrom('student').where('school_id', '=', id).execute()
		await db.deleteFrom('student_group').where('school_id', '=', id).execute()
		await db.deleteFrom('import_job').where('school_id', '=', id).execute()
		await db.deleteFrom('student_tombstone').where('school_id', '=', id).execute()
		await db.deleteFrom('school_membership').where('school_id', '=', id).execute()
		if (doomedUsers.length) {
			await db.deleteFrom('session').where('user_id', 'in', doomedUsers).execute()
			await db.deleteFrom('users').where('id', 'in', doomedUsers).execute()
		}
		await db.deleteFrom('school').where('id', '=', id).execute()
		// The trail goes last: its trigger lets a line go only once its school is gone (ADR 061).
		await db.deleteFrom('audit_event').where('school_id', '=', id).execute()

		audit(tx, app.auth, 'school.offboard', { type: 'School', id, schoolId: null })
		await tx.flush()
		return { id, name: school.name, counts }
	})
}

/** What the record of an offboarded school shows: when, by whom, and what is left of it, counted when it is read. */
export type OffboardingRecord = { id: string; at: Date; by: string | null; left: OffboardingCount[] }

/**
 * The record of an offboarded school (ADR 081): the platform's `school.offboard` line, and every kind of row the dry
 * run counted, counted again now for the school's id, so the platform admin can show the school that none is left.
 * A school that was not offboarded (there or never there) answers 404.
 */
export async function offboardingRecord(app: SignedIn, schoolId: string): Promise<OffboardingRecord> {
	const id = recordId(schoolId)
	const db = typedSql(app.em)
	const line = await db
		.selectFrom('audit_event as a')
		.leftJoin('users as u', 'u.id', 'a.actor_id')
		.select(['a.at', 'u.first_name', 'u.last_name'])
		.where('a.action', '=', 'school.offboard')
		.where('a.entity_type', '=', 'School')
		.where('a.entity_id', '=', id)
		.orderBy('a.at', 'desc')
		.executeTakeFirst()
	if (!line) throw notFound()
	return {
		id,
		at: new Date(line.at),
		by: line.first_name ? `${line.first_name} ${line.last_name}` : null,
		left: (await countOwned(db, id)).filter((count) => !count.kept),
	}
}
