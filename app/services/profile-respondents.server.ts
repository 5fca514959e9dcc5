import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import type { SignedIn } from './guards.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { isUuid } from './ids.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'

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
	const rows = await em.execute<{ profile_id: string; id: string; first_name: string; last_name: string; job_title: string | null }[]>(
		`select pr.profile_id, m.id, m.first_name, m.last_name, m.job_title
		from profile p
		join profile_respondent pr on pr.profile_id = p.id
		join school_membership m on m.id = pr.membership_id and m.school_id = p.school_id
		where p.student_id = ? and p.school_id = ?
		order by lower(m.last_name), lower(m.first_name), m.id`,
		[studentId, auth.schoolId],
	)
	const byProfile: Record<string, ProfileRespondent[]> = {}
	for (const row of rows) {
		;(byProfile[row.profile_id] ??= []).push({ membershipId: row.id, name: `${row.first_name} ${row.last_name}`, jobTitle: row.job_title })
	}
	return byProfile
}

const closed = () => new Refusal('Profile closed', 'A closed profile opens no more rounds, so its respondents cannot change.')

/** The student's profile at the acting school, locked until the change commits; another school's, another student's or none is 404. */
async function lockProfile(tx: Em, schoolId: string, studentId: string, profileId: string) {
	const [profile] = await tx.execute<{ status: 'active' | 'closed' }[]>(
		'select status from profile where id = ? and student_id = ? and school_id = ? for update',
		[profileId, studentId, schoolId],
	)
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
		const [member] = await tx.execute<{ first_name: string; last_name: string }[]>(
			`select first_name, last_name from school_membership
			where id = ? and school_id = ? and role <> 'schoolAdmin' and access <> 'none' for share`,
			[membershipId, schoolId],
		)
		if (!member) throw notFound()
		const name = `${member.first_name} ${member.last_name}`
		const added = await tx.execute<{ membership_id: string }[]>(
			'insert into profile_respondent (profile_id, membership_id) values (?, ?) on conflict do nothing returning membership_id',
			[profileId, membershipId],
		)
		if (!added.length) return { name, changed: false }
		// The round open now (the latest) asks them too; an earlier one is history.
		await tx.execute(
			`insert into feedback (id, created_at, updated_at, round_id, respondent_id, status)
			select gen_random_uuid(), now(), now(), r.id, ?, 'incomplete'
			from round r where r.profile_id = ? order by r.index desc limit 1
			on conflict (round_id, respondent_id) do nothing`,
			[membershipId, profileId],
		)
		audit(tx as never, app.auth, 'profile.respondent.add', { type: 'Profile', id: profileId, schoolId })
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
		const [removed] = await tx.execute<{ first_name: string; last_name: string }[]>(
			`delete from profile_respondent pr using school_membership m
			where pr.profile_id = ? and pr.membership_id = ? and m.id = pr.membership_id and m.school_id = ?
			returning m.first_name, m.last_name`,
			[profileId, membershipId, schoolId],
		)
		if (!removed) {
			// Removed already (a second post, another tab): nothing to do. Someone who is not of this school is 404.
			const [member] = await tx.execute<{ first_name: string; last_name: string }[]>(
				'select first_name, last_name from school_membership where id = ? and school_id = ?',
				[membershipId, schoolId],
			)
			if (!member) throw notFound()
			return { name: `${member.first_name} ${member.last_name}`, changed: false }
		}
		// "Not started" is no answer at all: the answers check also covers a save that commits while this runs.
		await tx.execute(
			`delete from feedback f using round r
			where r.id = f.round_id and r.profile_id = ? and f.respondent_id = ? and f.status = 'incomplete'
			and not exists (select 1 from answer a where a.feedback_id = f.id)`,
			[profileId, membershipId],
		)
		audit(tx as never, app.auth, 'profile.respondent.remove', { type: 'Profile', id: profileId, schoolId })
		await tx.flush()
		return { name: `${removed.first_name} ${removed.last_name}`, changed: true }
	})
}
