import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import type { SchoolRole } from '#app/models/enums.ts'
import { Group } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { constraintName } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { studentNameOrUpn } from './student-search.server.ts'
import { isUuid } from './ids.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'

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
const SORT_SQL: Record<GroupSort, string> = { name: 'lower(g.name)', students: 'students', staff: 'staff' }

export type GroupRow = { id: string; name: string; description: string | null; students: number; staff: number }

/** One page of the school's groups with their student and staff counts: two queries (page, total). */
export async function listGroups(app: SignedIn, query: ListQuery<GroupSort>): Promise<{ rows: GroupRow[]; total: number }> {
	const conditions = ['g.school_id = ?']
	const params: unknown[] = [actingSchool(app)]
	if (query.q) {
		conditions.push('(lower(g.name) like ? or lower(coalesce(g.description, \'\')) like ?)')
		params.push(containsPattern(query.q), containsPattern(query.q))
	}
	const where = `where ${conditions.join(' and ')}`
	const [rows, totals] = await Promise.all([
		app.em.execute<{ id: string; name: string; description: string | null; students: number; staff: number }[]>(
			`select g.id, g.name, g.description,
				(select count(*)::int from group_student gs where gs.group_id = g.id) as students,
				(select count(*)::int from group_staff gf where gf.group_id = g.id) as staff
			from student_group g ${where}
			order by ${SORT_SQL[query.sort]} ${query.dir === 'desc' ? 'desc' : 'asc'}, lower(g.name), g.id
			limit ? offset ?`,
			[...params, query.pageSize, (query.page - 1) * query.pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total from student_group g ${where}`, params),
	])
	return { rows, total: totals[0]?.total ?? 0 }
}

/** A group of the acting user's school; any other id answers 404. */
export async function getGroup(app: SignedIn, id: string): Promise<Group> {
	const group = await app.em.findOne(Group, { id: recordId(id), school: actingSchool(app) })
	if (!group) throw notFound()
	return group
}

export type GroupInput = { name: string; description: string | null }

async function nameTaken(app: SignedIn, name: string, exceptId: string | null) {
	const [row] = await app.em.execute<{ n: number }[]>(
		`select count(*)::int as n from student_group where school_id = ? and lower(name) = lower(?)${exceptId ? ' and id <> ?' : ''}`,
		exceptId ? [actingSchool(app), name, exceptId] : [actingSchool(app), name],
	)
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
			audit(tx as never, app.auth, 'group.create', { type: 'Group', id: group.id, schoolId })
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
		await tx.execute('delete from group_student where group_id = ?', [group.id])
		await tx.execute('delete from group_staff where group_id = ?', [group.id])
		await tx.execute('delete from student_group where id = ? and school_id = ?', [group.id, schoolId])
		audit(tx as never, app.auth, 'group.delete', { type: 'Group', id: group.id, schoolId })
		await tx.flush()
	})
	app.em.clear()
}

export type GroupStudentRow = { id: string; name: string; upn: string; yearGroup: string; archived: boolean }

/** One page of a group's students, by name: two queries. */
export async function listGroupStudents(app: SignedIn, groupId: string, page: number, pageSize = 25): Promise<{ rows: GroupStudentRow[]; total: number }> {
	const params = [groupId, actingSchool(app)]
	const from = 'from group_student gs join student s on s.id = gs.student_id where gs.group_id = ? and s.school_id = ?'
	const [rows, totals] = await Promise.all([
		app.em.execute<{ id: string; first_name: string; last_name: string; upn: string; year_group: string; archived: boolean }[]>(
			`select s.id, s.first_name, s.last_name, s.upn, s.year_group, s.archived ${from}
			order by lower(s.last_name), lower(s.first_name), s.id limit ? offset ?`,
			[...params, pageSize, (page - 1) * pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total ${from}`, params),
	])
	return {
		total: totals[0]?.total ?? 0,
		rows: rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, upn: row.upn, yearGroup: row.year_group, archived: row.archived })),
	}
}

/** The school's students not in the group whose name or UPN matches: the "add student" modal's results. */
export async function searchStudentsForGroup(app: SignedIn, groupId: string, text: string, limit = 20): Promise<GroupStudentRow[]> {
	if (!text.trim()) return []
	const search = studentNameOrUpn(text.trim())
	const rows = await app.em.execute<{ id: string; first_name: string; last_name: string; upn: string; year_group: string; archived: boolean }[]>(
		`select s.id, s.first_name, s.last_name, s.upn, s.year_group, s.archived from student s
		where s.school_id = ? and s.archived = false and ${search.sql}
		and not exists (select 1 from group_student gs where gs.group_id = ? and gs.student_id = s.id)
		order by lower(s.last_name), lower(s.first_name), s.id limit ?`,
		[actingSchool(app), ...search.params, groupId, limit],
	)
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

const STAFF_SELECT = `select m.id, m.first_name, m.last_name, u.email, m.role, m.job_title from school_membership m join users u on u.id = m.user_id`
type StaffRecord = { id: string; first_name: string; last_name: string; email: string; role: SchoolRole; job_title: string | null }
const staffRow = (row: StaffRecord): GroupStaffRow => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, email: row.email, role: row.role, jobTitle: row.job_title })

/**
 * A group's staff (a handful per group), by name, up to GROUP_STAFF_LIMIT, with
 * how many there are: one query. Not paginated: the page's "page" parameter
 * is the students' (ADR 010).
 */
export async function listGroupStaff(app: SignedIn, groupId: string): Promise<{ rows: GroupStaffRow[]; total: number }> {
	const rows = await app.em.execute<(StaffRecord & { total: number })[]>(
		`select m.id, m.first_name, m.last_name, u.email, m.role, m.job_title, (count(*) over ())::int as total
		from school_membership m join users u on u.id = m.user_id join group_staff gf on gf.membership_id = m.id
		where gf.group_id = ? and m.school_id = ? order by lower(m.last_name), lower(m.first_name), m.id limit ?`,
		[groupId, actingSchool(app), GROUP_STAFF_LIMIT],
	)
	return { rows: rows.map(staffRow), total: rows[0]?.total ?? 0 }
}

/** The school's directory members not in the group whose name, email or job title matches. */
export async function searchStaffForGroup(app: SignedIn, groupId: string, text: string, limit = 20): Promise<GroupStaffRow[]> {
	if (!text.trim()) return []
	const search = containsPattern(text.trim())
	const rows = await app.em.execute<StaffRecord[]>(
		`${STAFF_SELECT}
		where m.school_id = ?
		and (lower(m.first_name || ' ' || m.last_name) like ? or lower(u.email) like ? or lower(coalesce(m.job_title, '')) like ?)
		and not exists (select 1 from group_staff gf where gf.group_id = ? and gf.membership_id = m.id)
		order by lower(m.last_name), lower(m.first_name), m.id limit ?`,
		[actingSchool(app), search, search, search, groupId, limit],
	)
	return rows.map(staffRow)
}

type Member = { kind: 'student' | 'staff'; id: string }
const PIVOT = {
	student: { table: 'group_student', column: 'student_id', action: 'group.student' },
	staff: { table: 'group_staff', column: 'membership_id', action: 'group.staff' },
} as const

/**
 * Adds a student or a staff member of the acting user's school to one of its
 * groups. Someone of another school (or no one) answers 404; adding someone
 * twice changes nothing. Returns the person's name for the toast.
 */
export async function addToGroup(app: SignedIn, groupId: string, member: Member): Promise<string> {
	const group = await getGroup(app, groupId)
	const schoolId = actingSchool(app)
	const pivot = PIVOT[member.kind]
	const name = await memberName(app, member)
	await app.em.transactional(async (tx) => {
		await tx.execute(`insert into ${pivot.table} (group_id, ${pivot.column}) values (?, ?) on conflict do nothing`, [group.id, member.id])
		audit(tx as never, app.auth, `${pivot.action}.add`, { type: 'Group', id: group.id, schoolId })
		await tx.flush()
	})
	return name
}

export async function removeFromGroup(app: SignedIn, groupId: string, member: Member): Promise<string> {
	const group = await getGroup(app, groupId)
	const schoolId = actingSchool(app)
	const pivot = PIVOT[member.kind]
	const name = await memberName(app, member)
	await app.em.transactional(async (tx) => {
		await tx.execute(`delete from ${pivot.table} where group_id = ? and ${pivot.column} = ?`, [group.id, member.id])
		audit(tx as never, app.auth, `${pivot.action}.remove`, { type: 'Group', id: group.id, schoolId })
		await tx.flush()
	})
	return name
}

/** The name of a student or staff member of the acting user's school; anyone else answers 404. */
export async function memberName(app: SignedIn, member: Member): Promise<string> {
	if (!isUuid(member.id)) throw notFound()
	const [row] =
		member.kind === 'student'
			? await app.em.execute<{ first_name: string; last_name: string }[]>('select first_name, last_name from student where id = ? and school_id = ?', [member.id, actingSchool(app)])
			: await app.em.execute<{ first_name: string; last_name: string }[]>(
					'select first_name, last_name from school_membership where id = ? and school_id = ?',
					[member.id, actingSchool(app)],
				)
	if (!row) throw notFound()
	return `${row.first_name} ${row.last_name}`
}
