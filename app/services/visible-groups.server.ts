import { expressionBuilder, type Expression, type SqlBool } from 'kysely'
import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { SCHOOL_ROLES, type SchoolRole, type YearGroup } from '#app/models/enums.ts'
import { GROUP_STAFF_LIMIT } from './groups.server.ts'
import type { SignedIn } from './guards.server.ts'
import { seesWholeSchool, visibleStudent } from './need-to-know.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { pageAndTotal, typedSql, type Database } from './typed-sql.server.ts'

/**
 * Groups as need managers and professionals read them (docs/architecture.md#need-to-know):
 * a need manager sees every group of the school; a professional sees the
 * groups they are staff of and the groups holding a student they may see, and
 * in each only the students they may see (ADR 011). Counts are of those students.
 */

export const GROUP_SORTS = ['name', 'students', 'staff'] as const
export type GroupSort = (typeof GROUP_SORTS)[number]

/** A group row's columns that the rule reads, in a typed query (typed-sql.server.ts). */
export type GroupColumns = { id: Expression<string>; schoolId: Expression<string> }

/**
 * The condition on a group row that the acting user may see it (a list's group filter offers these):
 * `.where((eb) => visibleGroup(app, { id: eb.ref('g.id'), schoolId: eb.ref('g.school_id') }))`.
 */
export function visibleGroup(app: SignedIn, group: GroupColumns): Expression<SqlBool> {
	const { auth } = app
	if (!auth.schoolId) throw notFound()
	const eb = expressionBuilder<Database>()
	const ofTheSchool = eb(group.schoolId, '=', auth.schoolId)
	if (seesWholeSchool(auth)) return ofTheSchool
	return eb.and([
		ofTheSchool,
		eb.or([
			auth.membershipId
				? eb.exists(
						eb
							.selectFrom('group_staff as wgs')
							.select(eb.lit(1).as('one'))
							.where('wgs.group_id', '=', group.id)
							.where('wgs.membership_id', '=', auth.membershipId),
					)
				: eb.lit(false),
			eb.exists(
				eb
					.selectFrom('group_student as wgst')
					.innerJoin('student as vs', 'vs.id', 'wgst.student_id')
					.select(eb.lit(1).as('one'))
					.where('wgst.group_id', '=', group.id)
					.where((inner) => visibleStudent(auth, { id: inner.ref('vs.id'), schoolId: inner.ref('vs.school_id') })),
			),
		]),
	])
}

/** The students of a group that the acting user may see, not archived, counted. */
function visibleStudentsCount(app: SignedIn, groupId: Expression<string>) {
	const eb = expressionBuilder<Database>()
	return eb
		.selectFrom('group_student as cgs')
		.innerJoin('student as vs', 'vs.id', 'cgs.student_id')
		.select((inner) => inner.cast<number>(inner.fn.countAll(), 'integer').as('count'))
		.where('cgs.group_id', '=', groupId)
		.where('vs.archived', '=', false)
		.where((inner) => visibleStudent(app.auth, { id: inner.ref('vs.id'), schoolId: inner.ref('vs.school_id') }))
}

export type VisibleGroupRow = { id: string; name: string; description: string | null; students: number; staff: number }

/** One page of the groups the acting user may see, with counts: two queries whatever the size. */
export async function listVisibleGroups(app: SignedIn, query: ListQuery<GroupSort>): Promise<{ rows: VisibleGroupRow[]; total: number }> {
	let groups = typedSql(app.em)
		.selectFrom('student_group as g')
		.where((eb) => visibleGroup(app, { id: eb.ref('g.id'), schoolId: eb.ref('g.school_id') }))
	if (query.q) groups = groups.where((eb) => eb(eb.fn('lower', ['g.name']), 'like', containsPattern(query.q)))
	const direction = query.dir === 'desc' ? 'desc' : 'asc'
	const { rows, total } = await pageAndTotal(
		groups,
		groups
			.select((eb) => [
				'g.id',
				'g.name',
				'g.description',
				visibleStudentsCount(app, eb.ref('g.id')).as('students'),
				eb
					.selectFrom('group_staff as cst')
					.select((inner) => inner.cast<number>(inner.fn.countAll(), 'integer').as('count'))
					.where('cst.group_id', '=', eb.ref('g.id'))
					.as('staff'),
			])
			.orderBy(query.sort === 'name' ? (eb) => eb.fn('lower', ['g.name']) : query.sort, direction)
			.orderBy((eb) => eb.fn('lower', ['g.name']))
			.orderBy('g.id'),
		query,
	)
	return {
		total,
		rows: rows.map((row) => ({ ...row, description: row.description ?? null, students: row.students ?? 0, staff: row.staff ?? 0 })),
	}
}

export type VisibleGroup = {
	id: string
	name: string
	description: string | null
	students: { rows: { id: string; name: string; upn: string; yearGroup: YearGroup }[]; total: number }
	staff: { rows: { id: string; name: string; role: SchoolRole; jobTitle: string | null }[]; total: number }
}

/**
 * One group the acting user may see, with one page of the students they may
 * see in it (by name) and its staff (up to GROUP_STAFF_LIMIT): four queries
 * whatever the group's size. Another school's group, or one a professional
 * has no student in and is not staff of, answers 404.
 */
export async function getVisibleGroup(app: SignedIn, id: string, page: Pick<ListQuery<string>, 'page' | 'pageSize'>): Promise<VisibleGroup> {
	const db = typedSql(app.em)
	const group = await db
		.selectFrom('student_group as g')
		.select(['g.id', 'g.name', 'g.description'])
		.where('g.id', '=', recordId(id))
		.where((eb) => visibleGroup(app, { id: eb.ref('g.id'), schoolId: eb.ref('g.school_id') }))
		.executeTakeFirst()
	if (!group) throw notFound()
	const studentsOfTheGroup = db
		.selectFrom('group_student as gs')
		.innerJoin('student as s', 's.id', 'gs.student_id')
		.where('gs.group_id', '=', group.id)
		.where('s.archived', '=', false)
		.where((eb) => visibleStudent(app.auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))
	const [students, staff] = await Promise.all([
		pageAndTotal(
			studentsOfTheGroup,
			studentsOfTheGroup
				.select(['s.id', 's.first_name', 's.last_name', 's.upn', 's.year_group'])
				.orderBy((eb) => eb.fn('lower', ['s.last_name']))
				.orderBy((eb) => eb.fn('lower', ['s.first_name']))
				.orderBy('s.id'),
			page,
		),
		db
			.selectFrom('group_staff as gst')
			.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'gst.membership_id').on('m.school_id', '=', actingSchool(app)))
			.select((eb) => [
				'm.id',
				'm.first_name',
				'm.last_name',
				'm.role',
				'm.job_title',
				eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'),
			])
			.where('gst.group_id', '=', group.id)
			.orderBy((eb) => SCHOOL_ROLES.slice(1).reduce((rank, role, index) => rank.when('m.role', '=', role).then(index + 1), eb.case().when('m.role', '=', SCHOOL_ROLES[0]).then(0)).end())
			.orderBy((eb) => eb.fn('lower', ['m.last_name']))
			.orderBy('m.id')
			.limit(GROUP_STAFF_LIMIT)
			.execute(),
	])
	return {
		...group,
		students: {
			total: students.total,
			rows: students.rows.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, upn: row.upn, yearGroup: row.year_group })),
		},
		staff: {
			total: staff[0]?.total ?? 0,
			rows: staff.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, role: row.role, jobTitle: row.job_title ?? null })),
		},
	}
}
