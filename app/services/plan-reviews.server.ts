import { sql, type Kysely } from 'kysely'
import type { RecordReviewInput } from '#app/lib/plan-review-schema.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { requireVisibleStudent } from './need-to-know.server.ts'
import { planEntriesFrom } from './plan-entries.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { loadMeasuredChanges } from './measured-change.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

/**
 * Plan reviews (ADR 072): who may own a plan entry's review, who may record one, and recording it. The reviews as read
 * are plan-review-history.server.ts, the due lists reviews-due.server.ts, the measured change measured-change.server.ts.
 */

export type Option = { value: string; label: string }

/**
 * Who may own the reviews of a profile's plan entries: its respondents who still have access to the school, as the
 * school names them, and the one a form offers first (the acting need manager when they answer it, else the first).
 * One query; `lock` share-locks them until the caller's transaction ends, so one deleted meanwhile is not chosen.
 */
export async function reviewOwners(
	{ auth }: Pick<SignedIn, 'auth'>,
	db: Kysely<Database>,
	profileId: string,
	lock = false,
): Promise<{ options: Option[]; defaultOwner: string | null }> {
	let query = db
		.selectFrom('profile as p')
		.innerJoin('profile_respondent as pr', 'pr.profile_id', 'p.id')
		.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'pr.membership_id').onRef('m.school_id', '=', 'p.school_id'))
		.select(['m.id', 'm.first_name', 'm.last_name'])
		.where('p.id', '=', profileId)
		.where('p.school_id', '=', actingSchool({ auth }))
		.where('m.access', '<>', 'none')
		.where('m.role', '<>', 'schoolAdmin')
		.orderBy((eb) => eb.fn('lower', ['m.last_name']))
		.orderBy((eb) => eb.fn('lower', ['m.first_name']))
		.orderBy('m.id')
	if (lock) query = query.forShare('m')
	const rows = await query.execute()
	const options = rows.map((row) => ({ value: row.id, label: `${row.first_name} ${row.last_name}` }))
	const mine = options.find((option) => option.value === auth.membershipId)
	return { options, defaultOwner: (mine ?? options[0])?.value ?? null }
}

/** The owners a need manager may choose when adding recommendations from a profile (the form's select). */
export const profileReviewOwners = (app: SignedIn, profileId: string) => reviewOwners(app, typedSql(app.em), recordId(profileId))

/** The owner of an entry, and the school's need managers, record its reviews. */
export const mayRecord = ({ auth }: SignedIn, ownerId: string | null) => auth.role === 'needManager' || (Boolean(auth.membershipId) && ownerId === auth.membershipId)

/**
 * Who may post a review of the entry: 404 when the user may not see the student or the entry is not on their plan, else
 * whether they may record (its owner, or a need manager) and whether it is done. One query after the student's.
 */
export async function reviewAccess(app: SignedIn, studentId: string, entryId: string): Promise<{ mayRecord: boolean; done: boolean }> {
	const schoolId = actingSchool(app)
	const id = recordId(entryId)
	await requireVisibleStudent(app, studentId)
	const entry = await planEntriesFrom(typedSql(app.em), schoolId)
		.select(['sr.owner_id', 'sr.status'])
		.where('sr.id', '=', id)
		.where('sr.student_id', '=', studentId)
		.where('sr.status', 'in', ['active', 'done'])
		.where('sr.removed_at', 'is', null)
		.executeTakeFirst()
	if (!entry) throw notFound()
	return { mayRecord: mayRecord(app, entry.owner_id), done: entry.status === 'done' }
}

/** Someone who may see the entry but neither owns it nor manages needs: 403, said on the page. */
export class NotTheOwner extends Error {
	constructor() {
		super('Only the owner of this review or a need manager can record it.')
	}
}

/** The entry was stopped meanwhile (a second post without JavaScript, two people at once): nothing is written. */
export class AlreadyStopped extends Error {}

/**
 * Records a review of a plan entry of a student the user may see (another school's, or one they may not see: 404), by
 * its owner or a need manager (anyone else: NotTheOwner). One transaction with the entry locked: the review, the entry's
 * next review date (none, and done, for stop), and the audit line. The same review posted twice on one day by the same
 * person is written once (`recorded: false` the second time).
 */
export async function recordReview(
	app: SignedIn,
	studentId: string,
	entryId: string,
	input: RecordReviewInput,
	today = todayInUk(),
): Promise<{ recorded: boolean }> {
	const { em, auth } = app
	const schoolId = actingSchool(app)
	const id = recordId(entryId)
	await requireVisibleStudent(app, recordId(studentId))
	const note = input.note || null
	return em.transactional(async (tx) => {
		const db = typedSql(tx)
		const entry = await db
			.selectFrom('student_recommendation as sr')
			.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
			.select(['sr.owner_id', 'sr.status'])
			.where('sr.id', '=', id)
			.where('sr.student_id', '=', studentId)
			.where('sr.status', 'in', ['active', 'done'])
			.where('sr.removed_at', 'is', null)
			.forUpdate('sr')
			.executeTakeFirst()
		if (!entry) throw notFound()
		if (!mayRecord(app, entry.owner_id)) throw new NotTheOwner()
		if (entry.status === 'done') throw new AlreadyStopped()
		const outcome = Number(input.outcome)
		const same = await db
			.selectFrom('recommendation_review')
			.select('id')
			.where('entry_id', '=', id)
			.where('reviewed_by_id', '=', auth.userId)
			.where('reviewed_on', '=', today)
			.where('outcome', '=', outcome)
			.where('decision', '=', input.decision)
			.where('note', 'is not distinct from', note)
			.executeTakeFirst()
		if (same) return { recorded: false }
		// The measured change beside the review as the reviewer sees it, kept with it (ADR 075): the school's report reads it.
		const measured = (await loadMeasuredChanges(tx, schoolId, { entryIds: [id] })).get(id)?.change
		const [review] = await db
			.insertInto('recommendation_review')
			.values({
				id: sql<string>`gen_random_uuid()`,
				created_at: sql<Date>`now()`,
				updated_at: sql<Date>`now()`,
				school_id: schoolId,
				entry_id: id,
				reviewed_by_id: auth.userId,
				reviewed_on: today,
				outcome,
				note,
				decision: input.decision,
				measured_change: measured?.enough ? measured.average.change : null,
				measured_rounds: measured?.enough ? measured.roundsSince : null,
			})
			.returning('id')
			.execute()
		const stop = input.decision === 'stop'
		await db
			.updateTable('student_recommendation')
			.set({ review_on: stop ? null : (input.nextReviewOn ?? null), ...(stop ? { status: 'done' as const } : {}), updated_at: sql<Date>`now()` })
			.where('id', '=', id)
			.execute()
		audit(tx, auth, 'recommendation.review', { type: 'RecommendationReview', id: review!.id, schoolId })
		await tx.flush()
		return { recorded: true }
	})
}
