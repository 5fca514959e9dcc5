import { sql } from 'kysely'
import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { isUuid } from './ids.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Who answers an existing profile (ADR 027). A need manager adds and removes
 * respondents of any active profile of their school's students. The next
 * round's feedback rows are made from the respondents at that moment
 * (`ensureRoundsDue`), so a change here is what the next round asks:
 *
 * - adding someone asks them from the current round on: a not-started
 *   feedback is made for them in the profile's latest round, if it has one;
 * - removing someone asks them nothing more: their feedback not started
 *   (no answer) in the profile's rounds is withdrawn; what they answered —
 *   submitted, or started and not submitted — stays as it is.
 */

export type ProfileRespondent = { membershipId: string; name: string; jobTitle: string | null }

/** The current respondents of each of the student's profiles at the acting user's school, by profile id: one query. */
export async function listProfileRespondents({ em, auth }: SignedIn, studentId: string): Promise<Record<string, ProfileRespondent[]>> {
	if (!auth.schoolId) return {}
	const rows = await typedSql(em)
		.selectFrom('profile as p')
		.innerJoin('profile_respondent as pr', 'pr.profile_id', 'p.id')
		.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'pr.membership_id').onRef('m.school_id', '=', 'p.school_id'))
		.select(['pr.profile_id', 'm.id', 'm.first_name', 'm.last_name', 'm.job_title'])
		.where('p.student_id', '=', studentId)
		.where('p.school_id', '=', auth.schoolId)
		.orderBy((eb) => eb.fn('lower', ['m.last_name']))
		.orderBy((eb) => eb.fn('lower', ['m.first_name']))
		.orderBy('m.id')
		.execute()
	const byProfile: Record<string, ProfileRespondent[]> = {}
	for (const row of rows) {
		;(byProfile[row.profile_id] ??= []).push({ membershipId: row.id, name: `${row.first_name} ${row.last_name}`, jobTitle: row.job_title })
	}
	return byProfile
}

const closed = () => new Refusal('Profile closed', 'A closed profile opens no more rounds, so its respondents cannot change.')

/** The student's profile at the acting school, locked until the change commits; another school's, another student's or none is 404. */
async function lockProfile(tx: Em, schoolId: string, studentId: string, profileId: string) {
	const profile = await typedSql(tx)
		.selectFrom('profile')
		.select('status')
		.where('id', '=', profileId)
		.where('student_id', '=', studentId)
		.where('school_id', '=', schoolId)
		.forUpdate()
		.executeTakeFirst()
	if (!profile) throw notFound()
	if (profile.status === 'closed') throw closed()
}

/** What a change did: the person's name for the toast, and whether anything changed (a double post changes nothing). */
export type RespondentChange = { name: string; changed: boolean }

/**
 * Adds a respondent to a profile of the student: one of the school's need
 * managers or professionals with access, the rule of profile creation
 * (anyone else — another school's member, a school admin, someone without
 * access, a made-up id — is 404). Adding someone already asked changes
 * nothing. The person is read and share-locked in the transaction, so
 * deleting them at the same moment waits for it or makes it a 404.
 */
export async function addRespondent(app: SignedIn, studentId: string, profileId: string, membershipId: string): Promise<RespondentChange> {
	const schoolId = actingSchool(app)
	if (!isUuid(profileId) || !isUuid(membershipId)) throw notFound()
	return app.em.transactional(async (tx) => {
		await lockProfile(tx as never, schoolId, studentId, profileId)
		const db = typedSql(tx)
		const member = await db
			.selectFrom('school_membership')
			.select(['first_name', 'last_name'])
			.where('id', '=', membershipId)
			.where('school_id', '=', schoolId)
			.where('role', '<>', 'schoolAdmin')
			.where('access', '<>', 'none')
			.forShare()
			.executeTakeFirst()
		if (!member) throw notFound()
		const name = `${member.first_name} ${member.last_name}`
		const added = await db
			.insertInto('profile_respondent')
			.values({ profile_id: profileId, membership_id: membershipId })
			.onConflict((conflict) => conflict.doNothing())
			.returning('membership_id')
			.execute()
		if (!added.length) return { name, changed: false }
		// The round open now (the latest) asks them too; an earlier one is history.
		await db
			.insertInto('feedback')
			.columns(['id', 'created_at', 'updated_at', 'round_id', 'respondent_id', 'status'])
			.expression(
				db
					.selectFrom('round as r')
					.select((eb) => [
						sql<string>`gen_random_uuid()`.as('id'),
						sql<Date>`now()`.as('created_at'),
						sql<Date>`now()`.as('updated_at'),
						'r.id',
						eb.cast<string>(eb.val(membershipId), 'uuid').as('respondent_id'),
						sql.lit('incomplete').as('status'),
					])
					.where('r.profile_id', '=', profileId)
					.orderBy('r.index', 'desc')
					.limit(1),
			)
			.onConflict((conflict) => conflict.columns(['round_id', 'respondent_id']).doNothing())
			.execute()
		audit(tx, app.auth, 'profile.respondent.add', { type: 'Profile', id: profileId, schoolId })
		await tx.flush()
		return { name, changed: true }
	})
}

/**
 * Removes a respondent of a profile of the student: they are not asked in
 * any later round, and their feedback not yet started is withdrawn; feedback
 * with answers (submitted or not) stays. Someone of the school who is not a
 * respondent of it (removed already) changes nothing; anyone else is 404.
 */
export async function removeRespondent(app: SignedIn, studentId: string, profileId: string, membershipId: string): Promise<RespondentChange> {
	const schoolId = actingSchool(app)
	if (!isUuid(profileId) || !isUuid(membershipId)) throw notFound()
	return app.em.transactional(async (tx) => {
		await lockProfile(tx as never, schoolId, studentId, profileId)
		const db = typedSql(tx)
		const removed = await db
			.deleteFrom('profile_respondent as pr')
			.using('school_membership as m')
			.whereRef('m.id', '=', 'pr.membership_id')
			.where('pr.profile_id', '=', profileId)
			.where('pr.membership_id', '=', membershipId)
			.where('m.school_id', '=', schoolId)
			.returning(['m.first_name', 'm.last_name'])
			.executeTakeFirst()
		if (!removed) {
			// Removed already (a second post, another tab): nothing to do. Someone who is not of this school is 404.
			const member = await db
				.selectFrom('school_membership')
				.select(['first_name', 'last_name'])
				.where('id', '=', membershipId)
				.where('school_id', '=', schoolId)
				.executeTakeFirst()
			if (!member) throw notFound()
			return { name: `${member.first_name} ${member.last_name}`, changed: false }
		}
		// "Not started" is no answer at all: the answers check also covers a save that commits while this runs.
		await db
			.deleteFrom('feedback as f')
			.using('round as r')
			.whereRef('r.id', '=', 'f.round_id')
			.where('r.profile_id', '=', profileId)
			.where('f.respondent_id', '=', membershipId)
			.where('f.status', '=', 'incomplete')
			.where(({ not, exists, selectFrom, lit }) => not(exists(selectFrom('answer as a').select(lit(1).as('one')).whereRef('a.feedback_id', '=', 'f.id'))))
			.execute()
		audit(tx, app.auth, 'profile.respondent.remove', { type: 'Profile', id: profileId, schoolId })
		await tx.flush()
		return { name: `${removed.first_name} ${removed.last_name}`, changed: true }
	})
}
