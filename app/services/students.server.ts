import { AppError } from '#app/lib/errors.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { normaliseUpn } from '#app/lib/upn.ts'
import { SCHOOL_ROLES, SEN_STATUSES, YEAR_GROUPS, type Gender, type SenStatus, type YearGroup } from '#app/models/enums.ts'
import { SchoolMembership, Student, StudentProfessional } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import { executePrepared, jsonColumn, type Em } from './database.server.ts'
import { studentNameOrUpn } from './student-search.server.ts'
import type { SignedIn } from './guards.server.ts'
import { visibleStudentsQuery } from './need-to-know.server.ts'
import { visibleGroupsQuery } from './visible-groups.server.ts'
import { anId, oneOf } from './list-params.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'

export const STUDENT_SORTS = ['name', 'upn', 'yearGroup', 'senStatus'] as const
export type StudentSort = (typeof STUDENT_SORTS)[number]

// Year groups and SEN statuses sort in their own order (Nursery before Year 1), not alphabetically.
const orderOf = (column: string, values: readonly string[]) =>
	`case ${column} ${values.map((value, index) => `when '${value}' then ${index}`).join(' ')} end`

const SORT_SQL: Record<StudentSort, string> = {
	name: 'lower(s.last_name), lower(s.first_name)',
	upn: 's.upn',
	yearGroup: orderOf('s.year_group', YEAR_GROUPS),
	senStatus: orderOf('s.sen_status', SEN_STATUSES),
}

export type StudentFilters = { yearGroup: YearGroup | null; groupId: string | null; senStatus: SenStatus | null }

/** A students list's filters in its query string (`?yearGroup=`, `?group=`, `?sen=`), read by readList (ADR 023). */
export const STUDENT_FILTERS = {
	yearGroup: oneOf('yearGroup', YEAR_GROUPS, 'Choose a year group from the list.'),
	groupId: anId('group', 'Choose a group from the list.'),
	senStatus: oneOf('sen', SEN_STATUSES, 'Choose an SEN status from the list.'),
}

export type StudentRow = {
	id: string
	name: string
	upn: string
	yearGroup: string
	senStatus: SenStatus
	archived: boolean
	keyProfessional: string | null
	groups: string[]
}

export type StudentOption = { value: string; label: string }

/**
 * One page of the school's students the acting user may see (need-to-know), with their key professional and groups,
 * and the number of students matching: one statement whatever the number of students. PostgreSQL builds the page as JSON (the subqueries run for the page's rows only), which is cheaper to
 * read than a row per student.
 */
export async function listStudents(
	app: SignedIn,
	query: ListQuery<StudentSort>,
	filters: StudentFilters,
): Promise<{ rows: StudentRow[]; total: number }> {
	const schoolId = actingSchool(app)
	// The school's students, narrowed to a professional's own (need-to-know).
	const visible = visibleStudentsQuery(app.auth)
	const conditions = [visible.sql]
	const params: unknown[] = [...visible.params]
	if (query.q) {
		const search = studentNameOrUpn(query.q)
		conditions.push(search.sql)
		params.push(...search.params)
	}
	if (filters.yearGroup) {
		conditions.push('s.year_group = ?')
		params.push(filters.yearGroup)
	}
	if (filters.senStatus) {
		conditions.push('s.sen_status = ?')
		params.push(filters.senStatus)
	}
	if (filters.groupId) {
		conditions.push('exists (select 1 from group_student gs join student_group g on g.id = gs.group_id where gs.student_id = s.id and g.id = ? and g.school_id = ?)')
		params.push(filters.groupId, schoolId)
	}
	const where = `where ${conditions.join(' and ')}`
	const order = SORT_SQL[query.sort].split(', ').map((part) => `${part} ${query.dir === 'desc' ? 'desc' : 'asc'}`).join(', ') + ', s.id'
	const [result] = await executePrepared<{ total: number; rows: StudentRow[] | string }[]>(
		app.em,
		`with page as (
			select s.id, s.first_name, s.last_name, s.upn, s.year_group, s.sen_status, s.archived, row_number() over (order by ${order}) as n
			from student s ${where}
			order by ${order}
			limit ? offset ?
		)
		select
			(select count(*)::int from student s ${where}) as total,
			coalesce((select json_agg(json_build_object(
				'id', p.id, 'name', p.first_name || ' ' || p.last_name, 'upn', p.upn, 'yearGroup', p.year_group,
				'senStatus', p.sen_status, 'archived', p.archived,
				'keyProfessional', (select m.first_name || ' ' || m.last_name
					from student_professional sp
					join school_membership m on m.id = sp.membership_id and m.school_id = ?
					where sp.is_key = true and sp.student_id = p.id),
				'groups', coalesce((select json_agg(g.name order by lower(g.name))
					from group_student gs join student_group g on g.id = gs.group_id and g.school_id = ?
					where gs.student_id = p.id), '[]'::json)
			) order by p.n) from page p), '[]'::json) as rows`,
		[...params, query.pageSize, (query.page - 1) * query.pageSize, ...params, schoolId, schoolId],
	)
	return { total: result?.total ?? 0, rows: jsonColumn(result?.rows ?? []) }
}

/**
 * The groups a user may filter the students list by: one query, its own so that a list whose input is illegal
 * (ADR 023) keeps its chosen group in the form without running the list's query.
 */
export async function studentGroupOptions(app: SignedIn): Promise<StudentOption[]> {
	const scope = visibleGroupsQuery(app)
	const [result] = await executePrepared<{ groups: StudentOption[] | string }[]>(
		app.em,
		`select coalesce(json_agg(json_build_object('value', g.id, 'label', g.name) order by lower(g.name)), '[]'::json) as groups
			from student_group g where ${scope.sql}`,
		scope.params,
	)
	return jsonColumn(result?.groups ?? [])
}

export type FoundStudent = { id: string; name: string; upn: string; yearGroup: string; archived: boolean }

/**
 * The quick student search (`/students`): one page of the students of the
 * acting user's school that they may see (need-to-know, the rule
 * `/students/profile/:id` applies) whose name or UPN contains `query.q`, by
 * name, and how many match: one statement. An empty search finds nobody.
 */
export async function searchStudents(app: SignedIn, query: ListQuery<string>): Promise<{ rows: FoundStudent[]; total: number }> {
	if (!query.q) return { rows: [], total: 0 }
	const visible = visibleStudentsQuery(app.auth)
	const search = studentNameOrUpn(query.q)
	const where = `where ${visible.sql} and ${search.sql}`
	const params = [...visible.params, ...search.params]
	const [result] = await executePrepared<{ total: number; rows: FoundStudent[] | string }[]>(
		app.em,
		`select
			(select count(*)::int from student s ${where}) as total,
			coalesce((select json_agg(json_build_object(
				'id', p.id, 'name', p.first_name || ' ' || p.last_name, 'upn', p.upn, 'yearGroup', p.year_group, 'archived', p.archived
			) order by p.n) from (
				select s.id, s.first_name, s.last_name, s.upn, s.year_group, s.archived,
					row_number() over (order by lower(s.last_name), lower(s.first_name), s.id) as n
				from student s ${where}
				order by lower(s.last_name), lower(s.first_name), s.id
				limit ? offset ?
			) p), '[]'::json) as rows`,
		[...params, ...params, query.pageSize, (query.page - 1) * query.pageSize],
	)
	return { total: result?.total ?? 0, rows: jsonColumn(result?.rows ?? []) }
}

/**
 * The staff a student can be linked to: the school's need managers and
 * professionals who have been given access (invited or active).
 */
export async function listProfessionalOptions(app: SignedIn): Promise<{ value: string; label: string }[]> {
	const members = await app.em.find(
		SchoolMembership,
		{ school: actingSchool(app), role: { $in: SCHOOL_ROLES.filter((role) => role !== 'schoolAdmin') }, access: { $ne: 'none' } },
		{ orderBy: { lastName: 'asc', firstName: 'asc' } },
	)
	return members.map((member) => ({
		value: member.id,
		label: `${member.firstName} ${member.lastName}${member.jobTitle ? ` (${member.jobTitle})` : ''}`,
	}))
}

/** A student of the acting user's school; any other id (another school's, or not an id) answers 404. */
export async function getStudent(app: SignedIn, id: string): Promise<Student> {
	const student = await app.em.findOne(Student, { id: recordId(id), school: actingSchool(app) })
	if (!student) throw notFound()
	return student
}

export type StudentDetails = {
	id: string
	upn: string
	firstName: string
	lastName: string
	dateOfBirth: string
	gender: Gender
	yearGroup: YearGroup
	senStatus: SenStatus
	archived: boolean
	keyProfessional: string | null
	connectedProfessionals: string[]
	groups: string[]
}

/** A student with its links, for the details screen: three queries. */
export async function getStudentDetails(app: SignedIn, id: string): Promise<StudentDetails> {
	const student = await getStudent(app, id)
	const [links, groups] = await Promise.all([
		app.em.find(StudentProfessional, { student }),
		app.em.execute<{ name: string }[]>(
			'select g.name from group_student gs join student_group g on g.id = gs.group_id and g.school_id = ? where gs.student_id = ? order by lower(g.name)',
			[actingSchool(app), student.id],
		),
	])
	return {
		id: student.id,
		upn: student.upn,
		firstName: student.firstName,
		lastName: student.lastName,
		dateOfBirth: String(student.dateOfBirth).slice(0, 10),
		gender: student.gender,
		yearGroup: student.yearGroup,
		senStatus: student.senStatus,
		archived: student.archived,
		keyProfessional: links.find((link) => link.isKey)?.membership.id ?? null,
		connectedProfessionals: links.filter((link) => !link.isKey).map((link) => link.membership.id),
		groups: groups.map((group) => group.name),
	}
}

export type StudentInput = {
	upn: string
	firstName: string
	lastName: string
	dateOfBirth: string
	gender: Gender
	yearGroup: YearGroup
	senStatus: SenStatus
	keyProfessional: string | null
	connectedProfessionals: string[]
}

/**
 * Creates (id null) or updates a student of the acting user's school with its
 * key and connected professionals, audited, in one transaction. A UPN taken
 * anywhere on the platform answers 1003 on the `upn` field; a second key
 * professional slipping in by a race answers 1004.
 */
export async function saveStudent(app: SignedIn, id: string | null, input: StudentInput): Promise<Student> {
	const schoolId = actingSchool(app)
	const existing = id ? await getStudent(app, id) : null
	const upn = normaliseUpn(input.upn)
	if (await app.em.count(Student, { upn, ...(existing ? { id: { $ne: existing.id } } : {}) })) throw new AppError(1003, { field: 'upn' })

	const wanted = await professionalLinksWanted(app, input)

	return mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			const fields = {
				upn,
				firstName: input.firstName,
				lastName: input.lastName,
				dateOfBirth: input.dateOfBirth,
				gender: input.gender,
				yearGroup: input.yearGroup,
				senStatus: input.senStatus,
			}
			const student = existing ? tx.assign(await tx.findOneOrFail(Student, { id: existing.id, school: schoolId }), fields) : tx.create(Student, { ...fields, school: schoolId })
			await writeProfessionalLinks(tx as never, student, wanted, Boolean(existing))
			audit(tx as never, app.auth, existing ? 'student.update' : 'student.create', { type: 'Student', id: student.id, schoolId })
			await tx.flush()
			return student
		}),
	)
}

export type ProfessionalLinks = Pick<StudentInput, 'keyProfessional' | 'connectedProfessionals'>

/**
 * The links a form asks for, one per person (the key professional is not also
 * connected). Anyone who is not one of this school's professionals with access
 * is, to this school, nobody: 404.
 */
async function professionalLinksWanted(app: SignedIn, input: ProfessionalLinks): Promise<Map<string, boolean>> {
	const allowed = new Set((await listProfessionalOptions(app)).map((option) => option.value))
	if ([input.keyProfessional ?? [], ...input.connectedProfessionals].flat().some((membershipId) => !allowed.has(membershipId))) {
		throw notFound()
	}
	const wanted = new Map<string, boolean>(input.connectedProfessionals.map((membershipId) => [membershipId, false]))
	if (input.keyProfessional) wanted.set(input.keyProfessional, true)
	return wanted
}

/** Makes a student's links what `wanted` says, inside the caller's transaction. */
async function writeProfessionalLinks(tx: Em, student: Student, wanted: Map<string, boolean>, existing: boolean) {
	const links = existing ? await tx.find(StudentProfessional, { student }) : []
	// Links that go or stop being key are written first, so the one-key index never sees two keys at once.
	for (const link of links) {
		const isKey = wanted.get(link.membership.id)
		if (isKey === undefined) tx.remove(link)
		else if (link.isKey && !isKey) link.isKey = false
	}
	await tx.flush()
	for (const [membershipId, isKey] of wanted) {
		const link = links.find((candidate) => candidate.membership.id === membershipId)
		if (link) link.isKey = isKey
		else tx.create(StudentProfessional, { student, membership: membershipId, isKey })
	}
}

/**
 * Sets a student's key and connected professionals (the need manager's
 * manage-students screen), audited, in one transaction; a second key
 * professional slipping in by a race answers 1004.
 */
export async function setStudentProfessionals(app: SignedIn, id: string, input: ProfessionalLinks) {
	const student = await getStudent(app, id)
	const wanted = await professionalLinksWanted(app, input)
	await mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			const own = await tx.findOneOrFail(Student, { id: student.id, school: actingSchool(app) })
			await writeProfessionalLinks(tx as never, own, wanted, true)
			audit(tx as never, app.auth, 'student.professionals', { type: 'Student', id: own.id, schoolId: actingSchool(app) })
			await tx.flush()
		}),
	)
}

export async function setStudentArchived(app: SignedIn, id: string, archived: boolean) {
	const student = await getStudent(app, id)
	student.archived = archived
	audit(app.em, app.auth, archived ? 'student.archive' : 'student.unarchive', { type: 'Student', id: student.id, schoolId: student.school.id })
	await app.em.flush()
}
