import { AppError } from '#app/lib/errors.ts'
import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { byEmail, normaliseEmail, School, SchoolMembership, User, type SchoolType } from '#app/models/index.ts'
import type { AppContext } from '#app/context.ts'
import { audit } from './audit.server.ts'
import { inviteMember } from './password-links.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { notFound } from './tenancy.server.ts'
import { pageAndTotal, typedSql } from './typed-sql.server.ts'

export const SCHOOL_SORTS = ['name', 'subdomain', 'type', 'students', 'staff', 'created'] as const
export type SchoolSort = (typeof SCHOOL_SORTS)[number]


export type SchoolRow = {
	id: string
	name: string
	subdomain: string
	type: string
	students: number
	staff: number
	createdAt: string
	archived: boolean
}

/**
 * One page of schools with their student and staff counts: two queries
 * (the page, the total) whatever the number of schools.
 */
export async function listSchools({ em }: AppContext, query: ListQuery<SchoolSort>): Promise<{ rows: SchoolRow[]; total: number }> {
	const search = query.q ? containsPattern(query.q) : null
	let schools = typedSql(em).selectFrom('school as s')
	if (search) {
		schools = schools.where((eb) =>
			eb.or([eb(eb.fn('lower', ['s.name']), 'like', search), eb('s.subdomain', 'like', search), eb(eb.fn.coalesce('s.urn', eb.val('')), 'like', search)]),
		)
	}
	const direction = query.dir === 'desc' ? 'desc' : 'asc'
	const { rows, total } = await pageAndTotal(
		schools,
		schools
			.select((eb) => [
				's.id',
				's.name',
				's.subdomain',
				's.type',
				's.created_at',
				's.archived',
				eb
					.selectFrom('student as st')
					.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
					.whereRef('st.school_id', '=', 's.id')
					.where('st.archived', '=', false)
					.as('students'),
				eb
					.selectFrom('school_membership as m')
					.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
					.whereRef('m.school_id', '=', 's.id')
					.as('staff'),
			])
			.orderBy(
				query.sort === 'name'
					? (eb) => eb.fn('lower', ['s.name'])
					: query.sort === 'created'
						? 's.created_at'
						: query.sort === 'students' || query.sort === 'staff'
							? query.sort
							: `s.${query.sort}`,
				direction,
			)
			.orderBy('s.id'),
		query,
	)
	return {
		total,
		rows: rows.map((row) => ({
			id: row.id,
			name: row.name,
			subdomain: row.subdomain,
			type: row.type,
			students: row.students ?? 0,
			staff: row.staff ?? 0,
			createdAt: new Date(row.created_at).toISOString(),
			archived: row.archived,
		})),
	}
}

export type SchoolInput = {
	name: string
	subdomain: string
	type: SchoolType
	urn?: string | null
	address?: string | null
	postcode?: string | null
	phone?: string | null
	contactEmail?: string | null
}

export async function getSchool({ em }: AppContext, id: string): Promise<School> {
	const school = await em.findOne(School, { id })
	if (!school) throw notFound()
	return school
}

/** Creates a school; a subdomain already taken answers 1001 on that field (checked, and enforced by the index). */
export async function createSchool(app: SignedIn, input: SchoolInput): Promise<School> {
	const { em, auth } = app
	if (await em.count(School, { subdomain: input.subdomain })) throw new AppError(1001, { field: 'subdomain' })
	return mapConstraintErrors(async () => {
		const school = em.create(School, { ...input })
		audit(em, auth, 'school.create', { type: 'School', id: school.id, schoolId: school.id })
		await em.flush()
		return school
	})
}

export async function updateSchool(app: SignedIn, id: string, input: SchoolInput): Promise<School> {
	const { em, auth } = app
	const school = await getSchool(app, id)
	if (input.subdomain !== school.subdomain && (await em.count(School, { subdomain: input.subdomain }))) {
		throw new AppError(1001, { field: 'subdomain' })
	}
	return mapConstraintErrors(async () => {
		em.assign(school, input)
		audit(em, auth, 'school.update', { type: 'School', id: school.id, schoolId: school.id })
		await em.flush()
		return school
	})
}

export async function setSchoolArchived(app: SignedIn, id: string, archived: boolean) {
	const school = await getSchool(app, id)
	school.archived = archived
	audit(app.em, app.auth, archived ? 'school.archive' : 'school.unarchive', { type: 'School', id, schoolId: id })
	await app.em.flush()
}

export type StaffRow = {
	membershipId: string
	userId: string
	name: string
	email: string
	role: string
	jobTitle: string | null
	access: string
	lastSignInAt: string | null
	isPlatformAdmin: boolean
}

/** One page of a school's staff, by role then name, and how many they are: two queries whatever the staff's size. */
export async function listSchoolStaff({ em }: AppContext, schoolId: string, at: { page: number; pageSize: number }): Promise<{ rows: StaffRow[]; total: number }> {
	const matching = typedSql(em).selectFrom('school_membership as m').innerJoin('users as u', 'u.id', 'm.user_id').where('m.school_id', '=', schoolId)
	const { rows, total } = await pageAndTotal(
		matching,
		matching
			.select(['m.id', 'm.user_id', 'm.first_name', 'm.last_name', 'u.email', 'm.role', 'm.job_title', 'm.access', 'u.last_sign_in_at', 'u.system_role'])
			.orderBy('m.role')
			.orderBy((eb) => eb.fn('lower', ['m.last_name']))
			.orderBy((eb) => eb.fn('lower', ['m.first_name']))
			.orderBy('m.id'),
		at,
	)
	return {
		total,
		rows: rows.map((row) => ({
			membershipId: row.id,
			userId: row.user_id,
			name: `${row.first_name} ${row.last_name}`,
			email: row.email,
			role: row.role,
			jobTitle: row.job_title ?? null,
			access: row.access,
			lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
			isPlatformAdmin: row.system_role === 'spencerAdmin',
		})),
	}
}

/**
 * Adds a school admin: the user with exactly that address (whatever its case;
 * `_` and `%` are plain characters) or else a new one gets a school-admin
 * membership under the typed names, with access "invited", and an invitation.
 * A platform admin is never on a school's staff (ADR 016).
 */
export async function addSchoolAdmin(
	app: SignedIn,
	schoolId: string,
	input: { firstName: string; lastName: string; email: string },
	request: Request,
): Promise<'invited' | 'not-sent' | 'already-member' | 'platform-admin'> {
	const { em, auth } = app
	const school = await getSchool(app, schoolId)
	const result = await em.transactional(async (tx) => {
		let user = await tx.findOne(User, byEmail(input.email))
		if (user?.systemRole === 'spencerAdmin') return { kind: 'platform-admin' as const }
		if (user && (await tx.count(SchoolMembership, { user, school }))) return { kind: 'already-member' as const }
		user ??= tx.create(User, { email: normaliseEmail(input.email), firstName: input.firstName, lastName: input.lastName })
		const membership = tx.create(SchoolMembership, {
			user,
			school,
			firstName: input.firstName,
			lastName: input.lastName,
			role: 'schoolAdmin',
			access: 'invited',
			jobTitle: 'School admin',
		})
		audit(tx, auth, 'membership.create', { type: 'SchoolMembership', id: membership.id, schoolId })
		await tx.flush()
		return { kind: 'invited' as const, user, membershipId: membership.id }
	})
	if (result.kind !== 'invited') return result.kind
	return (await inviteMember(em, result.user, result.membershipId, { request, schoolName: school.name })) ? 'invited' : 'not-sent'
}

/** Sends a member's invitation again (a new link; the old one stops working). Whether it went (inviteMember). */
export async function resendInvitation(app: SignedIn, schoolId: string, membershipId: string, request: Request): Promise<boolean> {
	const membership = await app.em.findOne(SchoolMembership, { id: membershipId, school: schoolId }, { populate: ['user', 'school'] })
	if (!membership) throw notFound()
	if (membership.access === 'none') membership.access = 'invited'
	audit(app.em, app.auth, 'membership.invite', { type: 'SchoolMembership', id: membership.id, schoolId })
	await app.em.flush()
	return inviteMember(app.em, membership.user, membership.id, { request, schoolName: membership.school.name })
}
