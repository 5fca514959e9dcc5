import { expressionBuilder, sql, type Expression, type ExpressionBuilder } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import { AppError } from '#app/lib/errors.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import type { StudentIdentity } from '#app/lib/student-schema.ts'
import { normaliseUpn } from '#app/lib/upn.ts'
import { SCHOOL_ROLES, SEN_STATUSES, YEAR_GROUPS, type SenStatus, type YearGroup } from '#app/models/enums.ts'
import { SchoolMembership, Student, StudentProfessional } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import { jsonColumn, type Em } from './database.server.ts'
import { studentNameOrUpnMatches } from './student-search.server.ts'
import type { SignedIn } from './guards.server.ts'
import { visibleStudent } from './need-to-know.server.ts'
import { visibleGroup } from './visible-groups.server.ts'
import { anId, oneOf } from './list-params.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

export const STUDENT_SORTS = ['name', 'upn', 'yearGroup', 'senStatus'] as const
export type StudentSort = (typeof STUDENT_SORTS)[number]

const SORT_COLUMNS: Record<StudentSort, (eb: ExpressionBuilder<Database, 'student'>) => Expression<unknown>[]> = {
	name: (eb) => [eb.fn('lower', ['last_name']), eb.fn('lower', ['first_name'])],
	upn: (eb) => [eb.ref('upn')],
	// Year groups and SEN statuses sort in their own order (Nursery before Year 1), not alphabetically.
	yearGroup: (eb) => [
		YEAR_GROUPS.slice(1).reduce((rank, value, index) => rank.when('year_group', '=', value).then(index + 1), eb.case().when('year_group', '=', YEAR_GROUPS[0]).then(0)).end(),
	],
	senStatus: (eb) => [
		SEN_STATUSES.slice(1).reduce((rank, value, index) => rank.when('sen_status', '=', value).then(index + 1), eb.case().when('sen_status', '=', SEN_STATUSES[0]).then(0)).end(),
	],
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
	const db = typedSql(app.em)
	// The school's students, narrowed to a professional's own (need-to-know).
	let matching = db.selectFrom('student').where((eb) => visibleStudent(app.auth, { id: eb.ref('student.id'), schoolId: eb.ref('student.school_id') }))
	if (query.q) {
		const q = query.q
		matching = matching.where((eb) => studentNameOrUpnMatches(q, { firstName: eb.ref('first_name'), lastName: eb.ref('last_name'), upn: eb.ref('upn') }))
	}
	if (filters.yearGroup) matching = matching.where('year_group', '=', filters.yearGroup)
	if (filters.senStatus) matching = matching.where('sen_status', '=', filters.senStatus)
	if (filters.groupId) {
		const groupId = filters.groupId
		matching = matching.where((eb) =>
			eb.exists(
				eb
					.selectFrom('group_student as gs')
					.innerJoin('student_group as g', 'g.id', 'gs.group_id')
					.select(eb.lit(1).as('one'))
					.whereRef('gs.student_id', '=', 'student.id')
					.where('g.id', '=', groupId)
					.where('g.school_id', '=', schoolId),
			),
		)
	}
	const direction = query.dir === 'desc' ? 'desc' : 'asc'
	const sortBy = (eb: ExpressionBuilder<Database, 'student'>) => [...SORT_COLUMNS[query.sort](eb), eb.ref('student.id')]
	const result = await db
		.with('page', () => {
			let page = matching.select((eb) => [
				'student.id',
				'student.first_name',
				'student.last_name',
				'student.upn',
				'student.year_group',
				'student.sen_status',
				'student.archived',
				eb.fn.agg<number>('row_number').over((over) => sortBy(eb).reduce((sorted, column) => sorted.orderBy(column, direction), over)).as('n'),
			])
			for (const column of sortBy(expressionBuilder(page))) page = page.orderBy(column, direction)
			return page.limit(query.pageSize).offset((query.page - 1) * query.pageSize)
		})
		.selectNoFrom((eb) => [
			matching.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('total')).as('total'),
			jsonArrayFrom(
				eb
					.selectFrom('page as p')
					.select((row) => [
						'p.id',
						row(row(row.ref('p.first_name'), '||', ' '), '||', row.ref('p.last_name')).as('name'),
						'p.upn',
						'p.year_group as yearGroup',
						'p.sen_status as senStatus',
						'p.archived',
						row
							.selectFrom('student_professional as sp')
							.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'sp.membership_id').on('m.school_id', '=', schoolId))
							.select((key) => key(key(key.ref('m.first_name'), '||', ' '), '||', key.ref('m.last_name')).as('name'))
							.where('sp.is_key', '=', true)
							.whereRef('sp.student_id', '=', 'p.id')
							.as('keyProfessional'),
						row.fn
							.coalesce(
								row
									.selectFrom('group_student as gs')
									.innerJoin('student_group as g', (join) => join.onRef('g.id', '=', 'gs.group_id').on('g.school_id', '=', schoolId))
									.select((group) => group.fn.jsonAgg(group.ref('g.name')).orderBy(group.fn('lower', ['g.name'])).as('names'))
									.whereRef('gs.student_id', '=', 'p.id'),
								sql<string[]>`'[]'::json`,
							)
							.as('groups'),
					])
					.orderBy('p.n'),
			).as('rows'),
		])
		.executeTakeFirst()
	return { total: result?.total ?? 0, rows: jsonColumn<StudentRow[]>(result?.rows ?? []) }
}

/**
 * The groups a user may filter the students list by: one query, its own so that a list whose input is illegal
 * (ADR 023) keeps its chosen group in the form without running the list's query.
 */
export async function studentGroupOptions(app: SignedIn): Promise<StudentOption[]> {
	const options = await typedSql(app.em)
		.selectFrom('student_group as g')
		.select(['g.id as value', 'g.name as label'])
		.where((eb) => visibleGroup(app, { id: eb.ref('g.id'), schoolId: eb.ref('g.school_id') }))
		.orderBy((eb) => eb.fn('lower', ['g.name']))
		.execute()
	return options
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
	const q = query.q
	const matching = typedSql(app.em)
		.selectFrom('student as s')
		.where((eb) => visibleStudent(app.auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))
		.where((eb) => studentNameOrUpnMatches(q, { firstName: eb.ref('s.first_name'), lastName: eb.ref('s.last_name'), upn: eb.ref('s.upn') }))
	const result = await typedSql(app.em)
		.with('page', () =>
			matching
				.select((eb) => [
					's.id',
					's.first_name',
					's.last_name',
					's.upn',
					's.year_group',
					's.archived',
					eb.fn
						.agg<number>('row_number')
						.over((over) => over.orderBy(eb.fn('lower', ['s.last_name'])).orderBy(eb.fn('lower', ['s.first_name'])).orderBy('s.id'))
						.as('n'),
				])
				.orderBy((eb) => eb.fn('lower', ['s.last_name']))
				.orderBy((eb) => eb.fn('lower', ['s.first_name']))
				.orderBy('s.id')
				.limit(query.pageSize)
				.offset((query.page - 1) * query.pageSize),
		)
		.selectNoFrom((eb) => [
			matching.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('total')).as('total'),
			jsonArrayFrom(
				eb
					.selectFrom('page as p')
					.select((row) => ['p.id', row(row(row.ref('p.first_name'), '||', ' '), '||', row.ref('p.last_name')).as('name'), 'p.upn', 'p.year_group as yearGroup', 'p.archived'])
					.orderBy('p.n'),
			).as('rows'),
		])
		.executeTakeFirst()
	return { total: result?.total ?? 0, rows: jsonColumn<FoundStudent[]>(result?.rows ?? []) }
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

/**
 * Inside a transaction: the school's student `id`, locked until it commits, or 404. A transfer (which locks the same
 * row), an erasure or the nightly purge then waits for the write, or the write waits for it and finds the student
 * gone from this school.
 */
export async function lockStudent(tx: Em, schoolId: string, id: string): Promise<void> {
	const student = await typedSql(tx).selectFrom('student').select('id').where('id', '=', id).where('school_id', '=', schoolId).forUpdate().executeTakeFirst()
	if (!student) throw notFound()
}

/** A student of the acting user's school; any other id (another school's, or not an id) answers 404. */
export async function getStudent(app: SignedIn, id: string): Promise<Student> {
	const student = await app.em.findOne(Student, { id: recordId(id), school: actingSchool(app) })
	if (!student) throw notFound()
	return student
}

export type StudentDetails = StudentIdentity & {
	id: string
	senStatus: SenStatus
	archived: boolean
	keyProfessional: string | null
	connectedProfessionals: string[]
	groups: string[]
}

/** The names of a student's groups, by name. */
export async function studentGroupNames(em: Em, schoolId: string, studentId: string): Promise<string[]> {
	const groups = await typedSql(em)
		.selectFrom('group_student as gs')
		.innerJoin('student_group as g', (join) => join.onRef('g.id', '=', 'gs.group_id').on('g.school_id', '=', schoolId))
		.select('g.name')
		.where('gs.student_id', '=', studentId)
		.orderBy((eb) => eb.fn('lower', ['g.name']))
		.execute()
	return groups.map((group) => group.name)
}

/** A student with its links, for the details screen: three queries. */
export async function getStudentDetails(app: SignedIn, id: string): Promise<StudentDetails> {
	const student = await getStudent(app, id)
	const [links, groups] = await Promise.all([
		app.em.find(StudentProfessional, { student }),
		studentGroupNames(app.em, actingSchool(app), student.id),
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
		groups,
	}
}

export type StudentInput = StudentIdentity & {
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
			audit(tx, app.auth, existing ? 'student.update' : 'student.create', { type: 'Student', id: student.id, schoolId })
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
			audit(tx, app.auth, 'student.professionals', { type: 'Student', id: own.id, schoolId: actingSchool(app) })
			await tx.flush()
		}),
	)
}

export async function setStudentArchived(app: SignedIn, id: string, archived: boolean) {
	const student = await getStudent(app, id)
	if (student.archived === archived) return
	student.archived = archived
	// The retention period counts from the last archiving (ADR 070): restoring the student stops it, archiving again restarts it.
	student.archivedAt = archived ? new Date() : null
	audit(app.em, app.auth, archived ? 'student.archive' : 'student.unarchive', { type: 'Student', id: student.id, schoolId: student.school.id })
	await app.em.flush()
}
