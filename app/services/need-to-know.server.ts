/**
 * Need-to-know (docs/architecture.md#need-to-know): which students a signed-in user may see. Every
 * screen that lists or opens a student (lists, groups, the student's profile,
 * analysis, comparison, feedback) asks here, so the rule lives in one place.
 *
 * THE RULE
 * - School admins and need managers see every student of their school.
 * - A professional sees a student of their school when they are
 *     1. the student's key or connected professional (`student_professional`), or
 *     2. a respondent of one of the student's profiles (`profile_respondent`), or
 *     3. on the staff of a group the student is in (`group_staff`, ADR 011).
 * - Nobody sees another school's student. A platform admin sees students only
 *   while impersonating (then `auth` is the impersonated member's), and a user
 *   with no school sees none.
 * - Archived students are not filtered here: a list decides whether it shows them.
 * ADR 011 records why rule 2 and rule 3 are there.
 *
 * API (all take the `{ em, auth }` of `requireRole`/`requireUser`)
 * - `seesWholeSchool(auth): boolean` — true for school admins and need managers.
 * - `visibleStudent(auth, student): Expression<SqlBool>` — the rule as one typed
 *   condition (typed-sql.server.ts) on a student row's columns, for a WHERE clause:
 *   `.where((eb) => visibleStudent(auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))`. It always includes
 *   `school_id = <the user's school>`; for a user who may see nothing it is `false`. Use
 *   it for lists and counts, so a page costs one query whatever the number of students.
 * - `visibleStudentsQuery(auth, alias = 's'): { sql, params }` — the same rule as SQL
 *   text with `?` parameters, for the hand-written queries not yet typed.
 * - `canSeeStudent(app, studentId): Promise<boolean>` — one query; false for an
 *   id that is not a uuid, another school's student, or one outside the rule.
 * - `requireVisibleStudent(app, studentId): Promise<Student>` — the Student, or
 *   throws a 404 Response (never 403: no existence leak). The first line of a
 *   loader or action about one student, after the guard.
 */
import { expressionBuilder, type Expression, type SqlBool } from 'kysely'
import { Student } from '#app/models/index.ts'
import type { Auth } from '#app/lib/auth.ts'
import type { SignedIn } from './guards.server.ts'
import { isUuid } from './ids.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

export type SqlCondition = { sql: string; params: unknown[] }

type Who = Pick<Auth, 'role' | 'schoolId' | 'membershipId'>

export function seesWholeSchool(auth: Who): boolean {
	return Boolean(auth.schoolId) && (auth.role === 'schoolAdmin' || auth.role === 'needManager')
}

/** A student row's columns that the rule reads, in a typed query. */
export type StudentColumns = { id: Expression<string>; schoolId: Expression<string> }

/** The rule, as one condition on a student row: the school's, and for a professional one they are linked to. */
export function visibleStudent(auth: Who, student: StudentColumns): Expression<SqlBool> {
	const eb = expressionBuilder<Database>()
	if (!auth.schoolId) return eb.lit(false)
	const ofTheSchool = eb(student.schoolId, '=', auth.schoolId)
	if (seesWholeSchool(auth)) return ofTheSchool
	if (auth.role !== 'professional' || !auth.membershipId) return eb.lit(false)
	const me = auth.membershipId
	return eb.and([
		ofTheSchool,
		eb.or([
			eb.exists(
				eb
					.selectFrom('student_professional as ntk_sp')
					.select(eb.lit(1).as('one'))
					.where('ntk_sp.student_id', '=', student.id)
					.where('ntk_sp.membership_id', '=', me),
			),
			eb.exists(
				eb
					.selectFrom('profile as ntk_p')
					.innerJoin('profile_respondent as ntk_pr', 'ntk_pr.profile_id', 'ntk_p.id')
					.select(eb.lit(1).as('one'))
					.where('ntk_p.student_id', '=', student.id)
					.where('ntk_p.school_id', '=', student.schoolId)
					.where('ntk_pr.membership_id', '=', me),
			),
			eb.exists(
				eb
					.selectFrom('group_student as ntk_gs')
					.innerJoin('group_staff as ntk_gst', 'ntk_gst.group_id', 'ntk_gs.group_id')
					.innerJoin('student_group as ntk_g', (join) => join.onRef('ntk_g.id', '=', 'ntk_gs.group_id').on('ntk_g.school_id', '=', student.schoolId))
					.select(eb.lit(1).as('one'))
					.where('ntk_gs.student_id', '=', student.id)
					.where('ntk_gst.membership_id', '=', me),
			),
		]),
	])
}

export function visibleStudentsQuery(auth: Who, alias = 's'): SqlCondition {
	if (!auth.schoolId) return { sql: 'false', params: [] }
	if (seesWholeSchool(auth)) return { sql: `${alias}.school_id = ?`, params: [auth.schoolId] }
	if (auth.role !== 'professional' || !auth.membershipId) return { sql: 'false', params: [] }
	const me = auth.membershipId
	return {
		sql: `(${alias}.school_id = ? and (
			exists (select 1 from student_professional ntk_sp where ntk_sp.student_id = ${alias}.id and ntk_sp.membership_id = ?)
			or exists (select 1 from profile ntk_p join profile_respondent ntk_pr on ntk_pr.profile_id = ntk_p.id
				where ntk_p.student_id = ${alias}.id and ntk_p.school_id = ${alias}.school_id and ntk_pr.membership_id = ?)
			or exists (select 1 from group_student ntk_gs join group_staff ntk_gst on ntk_gst.group_id = ntk_gs.group_id
				join student_group ntk_g on ntk_g.id = ntk_gs.group_id and ntk_g.school_id = ${alias}.school_id
				where ntk_gs.student_id = ${alias}.id and ntk_gst.membership_id = ?)
		))`,
		params: [auth.schoolId, me, me, me],
	}
}

export async function canSeeStudent({ em, auth }: SignedIn, studentId: string): Promise<boolean> {
	if (!isUuid(studentId)) return false
	const row = await typedSql(em)
		.selectFrom('student as s')
		.select('s.id')
		.where('s.id', '=', studentId)
		.where((eb) => visibleStudent(auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))
		.executeTakeFirst()
	return row !== undefined
}

export async function requireVisibleStudent(app: SignedIn, studentId: string): Promise<Student> {
	if (!(await canSeeStudent(app, studentId))) throw notFound()
	return app.em.findOneOrFail(Student, { id: studentId, school: actingSchool(app) })
}
