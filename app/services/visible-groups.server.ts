import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { SCHOOL_ROLES, type SchoolRole, type YearGroup } from '#app/models/enums.ts'
import { GROUP_STAFF_LIMIT } from './groups.server.ts'
import type { SignedIn } from './guards.server.ts'
import { seesWholeSchool, visibleStudentsQuery } from './need-to-know.server.ts'
import { notFound, recordId } from './tenancy.server.ts'

/**
 * Groups as need managers and professionals read them (docs/architecture.md#need-to-know):
 * a need manager sees every group of the school; a professional sees the
 * groups they are staff of and the groups holding a student they may see, and
 * in each only the students they may see (ADR 011). Counts are of those students.
 */

export const GROUP_SORTS = ['name', 'students', 'staff'] as const
export type GroupSort = (typeof GROUP_SORTS)[number]

const SORT_SQL: Record<GroupSort, string> = { name: 'lower(g.name)', students: 'students', staff: 'staff' }
/** The condition on a group row `g` that the acting user may see it, and the students count's subquery. */
function groupScope(app: SignedIn) {
	const { auth } = app
	if (!auth.schoolId) throw notFound()
	const visible = visibleStudentsQuery(auth, 'vs')
	const studentsCount = {
		sql: `(select count(*)::int from group_student cgs join student vs on vs.id = cgs.student_id where cgs.group_id = g.id and vs.archived = false and ${visible.sql})`,
		params: visible.params,
	}
	if (seesWholeSchool(auth)) return { where: { sql: 'g.school_id = ?', params: [auth.schoolId] }, studentsCount }
	return {
		where: {
			sql: `g.school_id = ? and (exists (select 1 from group_staff wgs where wgs.group_id = g.id and wgs.membership_id = ?)
				or exists (select 1 from group_student wgst join student vs on vs.id = wgst.student_id where wgst.group_id = g.id and ${visible.sql}))`,
			params: [auth.schoolId, auth.membershipId, ...visible.params],
		},
		studentsCount,
	}
}

/** The condition on a group row `g` that the acting user may see it (a list's group filter offers these). */
export function visibleGroupsQuery(app: SignedIn): { sql: string; params: unknown[] } {
	return groupScope(app).where
}

export type VisibleGroupRow = { id: string; name: string; description: string | null; students: number; staff: number }

/** One page of the groups the acting user may see, with counts: two queries whatever the size. */
export async function listVisibleGroups(app: SignedIn, query: ListQuery<GroupSort>): Promise<{ rows: VisibleGroupRow[]; total: number }> {
	const { where, studentsCount } = groupScope(app)
	const conditions = [where.sql]
	const params: unknown[] = [...where.params]
	if (query.q) {
		conditions.push('lower(g.name) like ?')
		params.push(containsPattern(query.q))
	}
	const whereSql = `where ${conditions.join(' and ')}`
	const [rows, totals] = await Promise.all([
		app.em.execute<{ id: string; name: string; description: string | null; students: number; staff: number }[]>(
			`select g.id, g.name, g.description, ${studentsCount.sql} as students,
				(select count(*)::int from group_staff cst where cst.group_id = g.id) as staff
			from student_group g ${whereSql}
			order by ${SORT_SQL[query.sort]} ${query.dir === 'desc' ? 'desc' : 'asc'}, lower(g.name), g.id
			limit ? offset ?`,
			[...studentsCount.params, ...params, query.pageSize, (query.page - 1) * query.pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total from student_group g ${whereSql}`, params),
	])
	return { total: totals[0]?.total ?? 0, rows }
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
	const { where } = groupScope(app)
	const [group] = await app.em.execute<{ id: string; name: string; description: string | null }[]>(
		`select g.id, g.name, g.description from student_group g where g.id = ? and ${where.sql}`,
		[recordId(id), ...where.params],
	)
	if (!group) throw notFound()
	const visible = visibleStudentsQuery(app.auth, 's')
	const studentsFrom = `from group_student gs join student s on s.id = gs.student_id where gs.group_id = ? and s.archived = false and ${visible.sql}`
	const [students, studentTotals, staff] = await Promise.all([
		app.em.execute<{ id: string; first_name: string; last_name: string; upn: string; year_group: YearGroup }[]>(
			`select s.id, s.first_name, s.last_name, s.upn, s.year_group ${studentsFrom} order by lower(s.last_name), lower(s.first_name), s.id limit ? offset ?`,
			[group.id, ...visible.params, page.pageSize, (page.page - 1) * page.pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total ${studentsFrom}`, [group.id, ...visible.params]),
		app.em.execute<{ id: string; first_name: string; last_name: string; role: SchoolRole; job_title: string | null; total: number }[]>(
			`select m.id, m.first_name, m.last_name, m.role, m.job_title, (count(*) over ())::int as total from group_staff gst
			join school_membership m on m.id = gst.membership_id and m.school_id = ?
			where gst.group_id = ? order by ${`case m.role ${SCHOOL_ROLES.map((role, index) => `when '${role}' then ${index}`).join(' ')} end`}, lower(m.last_name), m.id
			limit ?`,
			[app.auth.schoolId, group.id, GROUP_STAFF_LIMIT],
		),
	])
	return {
		...group,
		students: {
			total: studentTotals[0]?.total ?? 0,
			rows: students.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, upn: row.upn, yearGroup: row.year_group })),
		},
		staff: {
			total: staff[0]?.total ?? 0,
			rows: staff.map((row) => ({ id: row.id, name: `${row.first_name} ${row.last_name}`, role: row.role, jobTitle: row.job_title })),
		},
	}
}
