import { sql } from 'kysely'
import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import type { SchoolRole } from '#app/models/enums.ts'
import { Group } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { constraintName } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { studentNameOrUpnMatches } from './student-search.server.ts'
import { isUuid } from './ids.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { pageAndTotal, typedSql } from './typed-sql.server.ts'

/** A refusal that belongs beside one field of the group form. */
export class GroupFieldError extends Error {
	readonly field: string
	constructor(field: string, message: string) {
		super(message)
		this.name = 'GroupFieldError'
		this.field = field
	}
}

const NAME_TAKEN = 'Your school already has a group with this name. Choose another name.'

export const GROUP_SORTS = ['name', 'students', 'staff'] as const
export type GroupSort = (typeof GROUP_SORTS)[number]

export type GroupRow = { id: string; name: string; description: string | null; students: number; staff: number }

/** One page of the school's groups with their student and staff counts: two queries (page, total). */
export async function listGroups(app: SignedIn, query: ListQuery<GroupSort>): Promise<{ rows: GroupRow[]; total: number }> {
	const db = typedSql(app.em)
	let matching = db.selectFrom('student_group as g').where('g.school_id', '=', actingSchool(app))
	if (query.q) {
		const search = containsPattern(query.q)
		matching = matching.where((eb) =>
			eb.or([eb(eb.fn('lower', ['g.name']), 'like', search), eb(eb.fn('lower', [eb.fn.coalesce('g.description', eb.val(''))]), 'like', search)]),
		)
	}
	const dir = query.dir === 'desc' ? 'desc' : 'asc'
	const counted = matching.select((eb) => [
		'g.id',
		'g.name',
		'g.description',
		eb.selectFrom('group_student as gs').select(sql<number>`count(*)::int`.as('n')).whereRef('gs.group_id', '=', 'g.id').$asScalar().as('students'),
		eb.selectFrom('group_staff as gf').select(sql<number>`count(*)::int`.as('n')).whereRef('gf.group_id', '=', 'g.id').$asScalar().as('staff'),
	])
	const sorted = (query.sort === 'name' ? counted.orderBy((eb) => eb.fn('lower', ['g.name']), dir) : counted.orderBy(query.sort, dir))
		.orderBy((eb) => eb.fn('lower', ['g.name']))
		.orderBy('g.id')
	return pageAndTotal(matching, sorted, query)
}

/** A group of the acting user's school; any other id answers 404. */
export async function getGroup(app: SignedIn, id: string): Promise<Group> {
	const group = await app.em.findOne(Group, { id: recordId(id), school: actingSchool(app) })
	if (!group) throw notFound()
	return group
}

export type GroupInput = { name: string; description: string | null }

async function nameTaken(app: SignedIn, name: string, exceptId: string | null) {
	const row = await typedSql(app.em)
		.selectFrom('student_group')
		.select(sql<number>`count(*)::int`.as('n'))
		.where('school_id', '=', actingSchool(app))
		.where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
		.$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId!))
		.executeTakeFirst()
	return (row?.n ?? 0) > 0
}

/** Turns the (school, name) unique index into the name field's message when two saves race. */
async function guardName<T>(write: () => Promise<T>): Promise<T> {
	try {
		return await write()
	} catch (error) {
		if (constraintName(error) === 'group_school_name_unique') throw new GroupFieldError('name', NAME_TAKEN)
		throw error
	}
}

/** Creates a group; a name already used in the school (in any case) is refused beside the field. */
export async function createGroup(app: SignedIn, input: GroupInput): Promise<Group> {
	const schoolId = actingSchool(app)
	if (await nameTaken(app, input.name, null)) throw new GroupFieldError('name', NAME_TAKEN)
	return guardName(() =>
		app.em.transactional(async (tx) => {
			const group = tx.create(Group, { school: schoolId, name: input.name, description: input.description })
			audit(tx, app.auth, 'group.create', { type: 'Group', id: group.id, schoolId })
			await tx.flush()
			return group
		}),
	)
}

export async function updateGroup(app: SignedIn, id: string, input: GroupInput): Promise<void> {
	const group = await getGroup(app, id)
	if (await nameTaken(app, input.name, group.id)) throw new GroupFieldError('name', NAME_TAKEN)
	await guardName(async () => {
		group.name = input.name
		group.description = input.description
		audit(app.em, app.auth, 'group.update', { type: 'Group', id: group.id, schoolId: actingSchool(app) })
		await app.em.flush()
	})
}

/** Deletes a group; its students and staff stay, only their membership of it goes. */
export async function deleteGroup(app: SignedIn, id: string): Promise<void> {
	const group = await getGroup(app, id)
	const schoolId = actingSchool(app)
	await app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		await db.deleteFrom('group_student').where('group_id', '=', group.id).execute()
		await db.deleteFrom('group_staff').where('group_id', '=', group.id).execute()
		await db.deleteFrom('student_group').where('id', '=', group.id).where('school_id', '=', schoolId).execute()
		audit(tx, app.auth, 'group.delete', { type: 'Group', id: group.id, schoolId })
		await tx.flush()
	})
	app.em.clear()
}

export type GroupStudentRow = { id: string; name: string; upn: string; yearGroup: string; archived: boolean }

/** One page of a group's students, by name: two queries. */
export async function listGroupStudents(app: SignedIn, groupId: string, page: number, pageSize = 25): Promise<{ rows: GroupStudentRow[]; total: number }> {
	const matching = typedSql(app.em)
		.selectFrom('group_student as gs')
		.innerJoin('student as s', 's.id', 'gs.student_id')
		.where('gs.group_id', '=', groupId)
		.where('s.school_id', '=', actingSchool(app))
	const sorted = matching
		.select(['s.id', 's.first_name', 's.last_name', 's.upn', 's.year_group', 's.archived'])
		.orderBy((eb) => eb.fn('lower', ['s.last_name']))
		.orderBy((eb) => eb.fn('lower', ['s.first_name']))
		.orderBy('s.id')
	const { rows, total } = await pageAndTotal(matching, sorted, { page, pageSize })
	return {
		total,
		rows: rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, upn: row.upn, yearGroup: row.year_group, archived: row.archived })),
	}
}

/** The school's students not in the group whose name or UPN matches: the "add student" modal's results. */
export async function searchStudentsForGroup(app: SignedIn, groupId: string, text: string, limit = 20): Promise<GroupStudentRow[]> {
	if (!text.trim()) return []
	const typed = text.trim()
	const rows = await typedSql(app.em)
		.selectFrom('student as s')
		.select(['s.id', 's.first_name', 's.last_name', 's.upn', 's.year_group', 's.archived'])
		.where('s.school_id', '=', actingSchool(app))
		.where('s.archived', '=', false)
		.where((eb) => studentNameOrUpnMatches(typed, { firstName: eb.ref('s.first_name'), lastName: eb.ref('s.last_name'), upn: eb.ref('s.upn') }))
		.where(({ not, exists, selectFrom, lit }) =>
			not(exists(selectFrom('group_student as gs').select(lit(1).as('one')).where('gs.group_id', '=', groupId).whereRef('gs.student_id', '=', 's.id'))),
		)
		.orderBy((eb) => eb.fn('lower', ['s.last_name']))
		.orderBy((eb) => eb.fn('lower', ['s.first_name']))
		.orderBy('s.id')
		.limit(limit)
		.execute()
	return rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, upn: row.upn, yearGroup: row.year_group, archived: row.archived }))
}

/**
 * The most staff a group's page lists. Staff are not paginated: a group has a
 * handful, and the students' page number is the page's one "page" parameter.
 * The cap bounds the query should a school link its whole directory; the page
 * then says how many there are (ADR 010).
 */
export const GROUP_STAFF_LIMIT = 100

export type GroupStaffRow = { id: string; name: string; email: string; role: SchoolRole; jobTitle: string | null }

/** The school members' columns a group's staff lists show. */
function staffQuery(app: SignedIn) {
	return typedSql(app.em)
		.selectFrom('school_membership as m')
		.innerJoin('users as u', 'u.id', 'm.user_id')
		.select(['m.id', 'm.first_name', 'm.last_name', 'u.email', 'm.role', 'm.job_title'])
		.where('m.school_id', '=', actingSchool(app))
}
type StaffRecord = { id: string; first_name: string; last_name: string; email: string; role: SchoolRole; job_title: string | null }
const staffRow = (row: StaffRecord): GroupStaffRow => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, email: row.email, role: row.role, jobTitle: row.job_title })
const byStaffName = <Q extends ReturnType<typeof staffQuery>>(query: Q) =>
	query
		.orderBy((eb) => eb.fn('lower', ['m.last_name']))
		.orderBy((eb) => eb.fn('lower', ['m.first_name']))
		.orderBy('m.id')

/**
 * A group's staff (a handful per group), by name, up to GROUP_STAFF_LIMIT, with
 * how many there are: one query. Not paginated: the page's "page" parameter
 * is the students' (ADR 010).
 */
export async function listGroupStaff(app: SignedIn, groupId: string): Promise<{ rows: GroupStaffRow[]; total: number }> {
	const rows = await byStaffName(staffQuery(app))
		.innerJoin('group_staff as gf', 'gf.membership_id', 'm.id')
		.select((eb) => eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'))
		.where('gf.group_id', '=', groupId)
		.limit(GROUP_STAFF_LIMIT)
		.execute()
	return { rows: rows.map(staffRow), total: rows[0]?.total ?? 0 }
}

/** The school's directory members not in the group whose name, email or job title matches. */
export async function searchStaffForGroup(app: SignedIn, groupId: string, text: string, limit = 20): Promise<GroupStaffRow[]> {
	if (!text.trim()) return []
	const search = containsPattern(text.trim())
	const rows = await byStaffName(staffQuery(app))
		.where((eb) =>
			eb.or([
				eb(eb.fn('lower', [sql<string>`${eb.ref('m.first_name')} || ' ' || ${eb.ref('m.last_name')}`]), 'like', search),
				eb(eb.fn('lower', ['u.email']), 'like', search),
				eb(eb.fn('lower', [eb.fn.coalesce('m.job_title', eb.val(''))]), 'like', search),
			]),
		)
		.where(({ not, exists, selectFrom }) =>
			not(exists(selectFrom('group_staff as gf').select(sql.lit(1).as('one')).where('gf.group_id', '=', groupId).whereRef('gf.membership_id', '=', 'm.id'))),
		)
		.limit(limit)
		.execute()
	return rows.map(staffRow)
}

type Member = { kind: 'student' | 'staff'; id: string }
const AUDIT_ACTION = { student: 'group.student', staff: 'group.staff' } as const

/**
 * Adds a student or a staff member of the acting user's school to one of its
 * groups. Someone of another school (or no one) answers 404; adding someone
 * twice changes nothing. Returns the person's name for the toast.
 */
export async function addToGroup(app: SignedIn, groupId: string, member: Member): Promise<string> {
	const group = await getGroup(app, groupId)
	const schoolId = actingSchool(app)
	const name = await memberName(app, member)
	await app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		const link =
			member.kind === 'student'
				? db.insertInto('group_student').values({ group_id: group.id, student_id: member.id })
				: db.insertInto('group_staff').values({ group_id: group.id, membership_id: member.id })
		await link.onConflict((conflict) => conflict.doNothing()).execute()
		audit(tx, app.auth, `${AUDIT_ACTION[member.kind]}.add`, { type: 'Group', id: group.id, schoolId })
		await tx.flush()
	})
	return name
}

/**
 * Takes a student or staff member of the school out of the group. `removed`: false when they were not in it (removed
 * twice, or in another tab first): nothing is written, nor audited.
 */
export async function removeFromGroup(app: SignedIn, groupId: string, member: Member): Promise<{ name: string; removed: boolean }> {
	const group = await getGroup(app, groupId)
	const schoolId = actingSchool(app)
	const name = await memberName(app, member)
	const removed = await app.em.transactional(async (tx) => {
		const db = typedSql(tx)
		const result = await (member.kind === 'student'
			? db.deleteFrom('group_student').where('group_id', '=', group.id).where('student_id', '=', member.id)
			: db.deleteFrom('group_staff').where('group_id', '=', group.id).where('membership_id', '=', member.id)
		).executeTakeFirst()
		if (Number(result.numDeletedRows) === 0) return false
		audit(tx, app.auth, `${AUDIT_ACTION[member.kind]}.remove`, { type: 'Group', id: group.id, schoolId })
		await tx.flush()
		return true
	})
	return { name, removed }
}

/** The name of a student or staff member of the acting user's school; anyone else answers 404. */
export async function memberName(app: SignedIn, member: Member): Promise<string> {
	if (!isUuid(member.id)) throw notFound()
	const db = typedSql(app.em)
	const row = await db
		.selectFrom(member.kind === 'student' ? 'student' : 'school_membership')
		.select(['first_name', 'last_name'])
		.where('id', '=', member.id)
		.where('school_id', '=', actingSchool(app))
		.executeTakeFirst()
	if (!row) throw notFound()
	return `${row.first_name} ${row.last_name}`
}
