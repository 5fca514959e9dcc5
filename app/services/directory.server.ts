import { randomUUID } from 'node:crypto'
import { sql, type ExpressionBuilder } from 'kysely'
import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { SCHOOL_ROLES, type MemberAccess, type SchoolRole } from '#app/models/enums.ts'
import { byEmail, normaliseEmail, School, SchoolMembership, User } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { inviteMember } from './password-links.server.ts'
import type { Em } from './database.server.ts'
import { constraintName } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { pageAndTotal, typedSql, type Database } from './typed-sql.server.ts'

/**
 * The school's staff directory (docs/architecture.md#domain-model, SchoolMembership): who works
 * at the school, in which role, and whether they can sign in. Every query is
 * scoped by the acting user's school; a member of another school is a 404.
 * ADR 011 records the rules (existing accounts, deletion, the last admin);
 * ADR 016 what a school sees of a person (its own names, no other school's).
 */

export const DIRECTORY_SORTS = ['name', 'email', 'role', 'jobTitle', 'access'] as const
export type DirectorySort = (typeof DIRECTORY_SORTS)[number]

export type DirectoryRow = {
	id: string
	name: string
	email: string
	role: SchoolRole
	jobTitle: string | null
	access: MemberAccess
}

/**
 * One page of the school's staff, searched by name, email or job title:
 * two queries (the page and the total, in parallel) whatever the size.
 */
export async function listDirectory(app: SignedIn, query: ListQuery<DirectorySort>): Promise<{ rows: DirectoryRow[]; total: number }> {
	const schoolId = actingSchool(app)
	let matching = typedSql(app.em).selectFrom('school_membership as m').innerJoin('users as u', 'u.id', 'm.user_id').where('m.school_id', '=', schoolId)
	if (query.q) {
		const search = containsPattern(query.q)
		matching = matching.where((eb) =>
			eb.or([
				eb(eb.fn('lower', [sql<string>`${eb.ref('m.first_name')} || ' ' || ${eb.ref('m.last_name')}`]), 'like', search),
				eb(eb.fn('lower', [sql<string>`${eb.ref('m.last_name')} || ' ' || ${eb.ref('m.first_name')}`]), 'like', search),
				eb(eb.fn('lower', ['u.email']), 'like', search),
				eb(eb.fn('lower', [eb.fn.coalesce('m.job_title', eb.val(''))]), 'like', search),
			]),
		)
	}
	const dir = query.dir === 'desc' ? 'desc' : 'asc'
	const page = matching.select(['m.id', 'm.first_name', 'm.last_name', 'u.email', 'm.role', 'm.job_title', 'm.access'])
	const lastName = (eb: ExpressionBuilder<Database & { m: Database['school_membership'] }, 'm'>) => eb.fn('lower', ['m.last_name'])
	const sorted = {
		name: () => page.orderBy(lastName, dir).orderBy((eb) => eb.fn('lower', ['m.first_name']), dir),
		email: () => page.orderBy((eb) => eb.fn('lower', ['u.email']), dir),
		// The roles in their catalogue order (SCHOOL_ROLES).
		role: () =>
			page
				.orderBy(
					(eb) =>
						SCHOOL_ROLES.slice(1)
							.reduce((order, role, index) => order.when(role).then(eb.lit(index + 1)), eb.case('m.role').when(SCHOOL_ROLES[0]).then(eb.lit(0 as number)))
							.end(),
					dir,
				)
				.orderBy(lastName, dir),
		jobTitle: () => page.orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('m.job_title', eb.val(''))]), dir).orderBy(lastName, dir),
		access: () =>
			page
				.orderBy((eb) => eb.case('m.access').when('none').then(eb.lit(0)).when('invited').then(eb.lit(1)).else(eb.lit(2)).end(), dir)
				.orderBy(lastName, dir),
	}[query.sort]()
	const { rows, total } = await pageAndTotal(matching, sorted.orderBy('m.id'), query)
	return {
		total,
		rows: rows.map((row) => ({
			id: row.id,
			name: `${row.first_name} ${row.last_name}`,
			email: row.email,
			role: row.role,
			jobTitle: row.job_title,
			access: row.access,
		})),
	}
}

/** A member of the acting user's school, with their user; any other id answers 404. */
export async function getMember(app: SignedIn, id: string | null | undefined): Promise<SchoolMembership> {
	const member = await app.em.findOne(SchoolMembership, { id: recordId(id), school: actingSchool(app) }, { populate: ['user'] })
	if (!member) throw notFound()
	return member
}

/** A write the rules do not allow: the screen shows `title` and `message` as an error toast. */
export class DirectoryRefusal extends Error {
	readonly title: string
	constructor(title: string, message: string) {
		super(message)
		this.name = 'DirectoryRefusal'
		this.title = title
	}
}

/**
 * Why an address cannot be added (it is a platform admin's), in the add form
 * and the import alike, in words that do not say whose it is (ADR 016).
 */
export const CANNOT_ADD_MESSAGE = 'This address can’t be added to a school’s directory. Use another address for this person.'

export type MemberInput = { firstName: string; lastName: string; email: string; role: SchoolRole; jobTitle: string | null; giveAccess: boolean }

export type AddOutcome = { kind: 'added'; member: SchoolMembership; mailed: boolean } | { kind: 'already-member' } | { kind: 'refused' }

/**
 * Adds a person to the directory under the names typed here. An email
 * already on this school's staff is refused (`already-member`). The address
 * of an account that exists elsewhere gets a membership here, with these
 * names: nothing another school entered or saw shows (ADR 016). A platform
 * admin's address is `refused`, in words that do not say why (ADR 016).
 * With access, the invitation is sent.
 */
export async function addMember(app: SignedIn, input: MemberInput, request: Request): Promise<AddOutcome> {
	const schoolId = actingSchool(app)
	const result = await alreadyMemberOnRace(() =>
		app.em.transactional(async (tx) => {
			let user = await tx.findOne(User, byEmail(input.email))
			if (user?.systemRole === 'spencerAdmin') return { kind: 'refused' as const }
			if (user && (await tx.count(SchoolMembership, { user, school: schoolId }))) return { kind: 'already-member' as const }
			user ??= tx.create(User, { email: normaliseEmail(input.email), firstName: input.firstName, lastName: input.lastName })
			const member = tx.create(SchoolMembership, {
				user,
				school: schoolId,
				firstName: input.firstName,
				lastName: input.lastName,
				role: input.role,
				jobTitle: input.jobTitle,
				access: input.giveAccess ? 'invited' : 'none',
			})
			audit(tx, app.auth, 'membership.create', { type: 'SchoolMembership', id: member.id, schoolId })
			if (input.giveAccess) audit(tx, app.auth, 'membership.invite', { type: 'SchoolMembership', id: member.id, schoolId })
			await tx.flush()
			return { kind: 'added' as const, member }
		}),
	)
	if (result.kind !== 'added') return result
	return { ...result, mailed: input.giveAccess ? await invite(app.em, result.member, request) : true }
}

/** Two adds of one email at once: the one that loses the unique index's race is told the person is already there. */
async function alreadyMemberOnRace<T>(write: () => Promise<T>): Promise<T | { kind: 'already-member' }> {
	try {
		return await write()
	} catch (error) {
		const name = constraintName(error)
		if (name === 'school_membership_user_school_unique' || name === 'user_email_unique') return { kind: 'already-member' }
		throw error
	}
}

/** The member's invitation, after the member is stored: whether it went (inviteMember). */
async function invite(em: Em, member: SchoolMembership, request: Request): Promise<boolean> {
	const school = await em.findOneOrFail(School, { id: member.school.id })
	return inviteMember(em, member.user, member.id, { request, schoolName: school.name })
}

/**
 * Locks the school's school-admin memberships for the rest of the
 * transaction, so two admins removing each other at once are taken one
 * after the other and the second sees the first's change.
 */
async function lockAdmins(tx: Em, schoolId: string) {
	await typedSql(tx).selectFrom('school_membership').select('id').where('school_id', '=', schoolId).where('role', '=', 'schoolAdmin').orderBy('id').forUpdate().execute()
}

/** Whether the school would still have a school admin who can sign in, without this member. */
async function othersCanAdminister(tx: Em, schoolId: string, memberId: string): Promise<boolean> {
	const row = await typedSql(tx)
		.selectFrom('school_membership')
		.select(sql<number>`count(*)::int`.as('n'))
		.where('school_id', '=', schoolId)
		.where('role', '=', 'schoolAdmin')
		.where('access', '<>', 'none')
		.where('id', '<>', memberId)
		.executeTakeFirst()
	return (row?.n ?? 0) > 0
}

const LAST_ADMIN = (name: string) =>
	new DirectoryRefusal('The school needs a school admin', `${name} is the school’s last school admin with access. Make someone else a school admin first.`)
const NOT_YOURSELF = (what: string) => new DirectoryRefusal(`You can’t ${what} yourself`, 'Ask another school admin to do it.')

/**
 * Takes a member off every student of their school: their key and connected
 * links, their place among profiles' respondents, and their feedback not yet
 * submitted (it would never be). Submitted feedback is the students' record
 * and stays. Every delete is limited to the member's own school's students
 * and profiles: a transferred student's rounds belong to the new school, and
 * this school's changes must never reach them.
 */
async function detachFromStudents(tx: Em, schoolId: string, membershipId: string) {
	const db = typedSql(tx)
	await db
		.deleteFrom('student_professional')
		.where('membership_id', '=', membershipId)
		.where('student_id', 'in', db.selectFrom('student').select('id').where('school_id', '=', schoolId))
		.execute()
	await db
		.deleteFrom('profile_respondent')
		.where('membership_id', '=', membershipId)
		.where('profile_id', 'in', db.selectFrom('profile').select('id').where('school_id', '=', schoolId))
		.execute()
	await db
		.deleteFrom('feedback')
		.where('respondent_id', '=', membershipId)
		.where('status', '<>', 'complete')
		.where('round_id', 'in', db.selectFrom('round as r').innerJoin('profile as p', 'p.id', 'r.profile_id').select('r.id').where('p.school_id', '=', schoolId))
		.execute()
}

/** Changes a member's role. Not your own; not the last school admin's. Someone who becomes a school admin is taken off students (ADR 011). */
export async function setRole(app: SignedIn, id: string, role: SchoolRole) {
	const schoolId = actingSchool(app)
	const member = await getMember(app, id)
	if (member.id === app.auth.membershipId) throw NOT_YOURSELF('change the role of')
	if (member.role === role) return
	await app.em.transactional(async (tx) => {
		await lockAdmins(tx as Em, schoolId)
		const current = await tx.findOneOrFail(SchoolMembership, { id: member.id, school: schoolId }, { populate: ['user'] })
		if (current.role === 'schoolAdmin' && current.access !== 'none' && !(await othersCanAdminister(tx as Em, schoolId, current.id))) {
			throw LAST_ADMIN(`${current.firstName} ${current.lastName}`)
		}
		current.role = role
		if (role === 'schoolAdmin') await detachFromStudents(tx as Em, schoolId, current.id)
		audit(tx, app.auth, 'membership.set-role', { type: 'SchoolMembership', id: current.id, schoolId })
		await tx.flush()
	})
}

/** Gives access: sends the invitation (again, with a new link, when already invited). An active member needs none. */
export async function giveAccess(
	app: SignedIn,
	id: string,
	request: Request,
): Promise<{ outcome: 'invited' | 'resent' | 'active'; mailed: boolean }> {
	const schoolId = actingSchool(app)
	const member = await getMember(app, id)
	if (member.access === 'active') return { outcome: 'active', mailed: true }
	const outcome = member.access === 'invited' ? 'resent' : 'invited'
	member.access = 'invited'
	audit(app.em, app.auth, 'membership.invite', { type: 'SchoolMembership', id: member.id, schoolId })
	await app.em.flush()
	return { outcome, mailed: await invite(app.em, member, request) }
}

/** Takes access away: the member stays in the directory and can no longer sign in to this school. */
export async function removeAccess(app: SignedIn, id: string) {
	const schoolId = actingSchool(app)
	const member = await getMember(app, id)
	if (member.id === app.auth.membershipId) throw NOT_YOURSELF('remove the access of')
	await app.em.transactional(async (tx) => {
		await lockAdmins(tx as Em, schoolId)
		const current = await tx.findOneOrFail(SchoolMembership, { id: member.id, school: schoolId }, { populate: ['user'] })
		if (current.access === 'none') return
		if (current.role === 'schoolAdmin' && !(await othersCanAdminister(tx as Em, schoolId, current.id))) {
			throw LAST_ADMIN(`${current.firstName} ${current.lastName}`)
		}
		const wasInvited = current.access === 'invited'
		current.access = 'none'
		audit(tx, app.auth, 'membership.remove-access', { type: 'SchoolMembership', id: current.id, schoolId })
		await tx.flush()
		// An invitation still in the mail is withdrawn with the access it offered: its link no longer sets a password,
		// unless another school's invitation to the same person is waiting on it too.
		if (wasInvited) {
			const db = typedSql(tx)
			const invitedElsewhere = await db
				.selectFrom('school_membership')
				.select('id')
				.where('user_id', '=', current.user.id)
				.where('access', '=', 'invited')
				.executeTakeFirst()
			if (!invitedElsewhere) {
				await db.updateTable('password_token').set({ used_at: new Date() }).where('user_id', '=', current.user.id).where('purpose', '=', 'invitation').where('used_at', 'is', null).execute()
			}
		}
	})
}

/**
 * Ends the sessions that act in this membership: the one the school switcher chose, or, when a session has chosen
 * none (or one no longer valid), the person's oldest membership with access, as `authOf` reads it. Their sessions
 * at their other schools go on.
 */
async function endSessionsActingIn(tx: Em, userId: string, membershipId: string) {
	await typedSql(tx)
		.deleteFrom('session as s')
		.where('s.user_id', '=', userId)
		.where((eb) => {
			const usable = () =>
				eb
					.selectFrom('school_membership as m')
					.innerJoin('school as sc', 'sc.id', 'm.school_id')
					.select('m.id')
					.where('m.access', '=', 'active')
					.where('sc.archived', '=', false)
			const actingAs = eb.fn.coalesce(
				usable().whereRef('m.id', '=', 's.active_membership_id').$asScalar(),
				usable().whereRef('m.user_id', '=', 's.user_id').orderBy('m.created_at').orderBy('m.id').limit(1).$asScalar(),
			)
			return eb(actingAs, '=', membershipId)
		})
		.execute()
}

/**
 * Deletes a person from the directory, in one transaction (ADR 011, 029): their student links, respondent places
 * and unsubmitted feedback go; group staff links go with the membership; the sessions acting in this school end.
 * Their submitted feedback stays, with its answers and scores, under a random key in place of the membership:
 * it then reads "Former staff member" everywhere, and nothing left names them. Refused for yourself, for the
 * school's last school admin, and for someone with unsubmitted feedback on another school's profile (a transferred
 * student's, which this school may not withdraw). An account left with no school is deleted too (ADR 011).
 */
export async function deleteMember(app: SignedIn, id: string): Promise<{ name: string; keptFeedback: number }> {
	const schoolId = actingSchool(app)
	const member = await getMember(app, id)
	if (member.id === app.auth.membershipId) throw NOT_YOURSELF('delete')
	return app.em.transactional(async (tx) => {
		await lockAdmins(tx as Em, schoolId)
		const current = await tx.findOne(SchoolMembership, { id: member.id, school: schoolId }, { populate: ['user'] })
		if (!current) throw notFound()
		const name = `${current.firstName} ${current.lastName}`
		if (current.role === 'schoolAdmin' && current.access !== 'none' && !(await othersCanAdminister(tx as Em, schoolId, current.id))) throw LAST_ADMIN(name)
		// Unsubmitted feedback on another school's profile (a transferred student's, should any have been left
		// there): this school can neither withdraw it nor leave it without a respondent.
		const db = typedSql(tx)
		const elsewhere = await db
			.selectFrom('feedback as f')
			.innerJoin('round as r', 'r.id', 'f.round_id')
			.innerJoin('profile as p', 'p.id', 'r.profile_id')
			.select(sql<number>`count(*)::int`.as('n'))
			.where('f.respondent_id', '=', current.id)
			.where('f.status', '<>', 'complete')
			.where('p.school_id', '<>', schoolId)
			.executeTakeFirst()
		if (elsewhere && elsewhere.n > 0) {
			throw new DirectoryRefusal(
				`${name} can’t be deleted`,
				'They have unsubmitted feedback on a student who has moved to another school, which this school cannot change. Remove their access instead.',
			)
		}
		await detachFromStudents(tx as Em, schoolId, current.id)
		// Submitted feedback is the students' record: it stays, under one random key for all of it (so it still reads
		// as one respondent's), tied to nothing that names them (ADR 029).
		const kept = await db
			.updateTable('feedback')
			.set({ respondent_id: null, former_respondent_key: randomUUID(), updated_at: sql`now()` })
			.where('respondent_id', '=', current.id)
			.returning('id')
			.execute()
		for (const feedback of kept) audit(tx, app.auth, 'feedback.anonymise', { type: 'Feedback', id: feedback.id, schoolId })
		const user = current.user
		await endSessionsActingIn(tx as Em, user.id, current.id)
		await tx.nativeDelete(SchoolMembership, { id: current.id })
		audit(tx, app.auth, 'membership.delete', { type: 'SchoolMembership', id: current.id, schoolId })
		if (user.systemRole !== 'spencerAdmin' && !(await tx.count(SchoolMembership, { user: user.id }))) {
			await tx.nativeDelete(User, { id: user.id })
			audit(tx, app.auth, 'user.delete', { type: 'User', id: user.id, schoolId })
		}
		await tx.flush()
		return { name, keptFeedback: kept.length }
	})
}
