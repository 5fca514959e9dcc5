import { sql } from 'kysely'
import type { ListQuery } from '#app/lib/pagination.ts'
import type { ProfileKind } from '#app/models/enums.ts'
import { Profile, Questionnaire, SchoolMembership } from '#app/models/index.ts'
import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import { isUuid } from './ids.server.ts'
import { weeksAfter } from '#app/lib/rounds.ts'
import type { SignedIn } from './guards.server.ts'
import { studentNameOrUpnMatches } from './student-search.server.ts'
import { pageAndTotal, typedSql } from './typed-sql.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { getStudent, listProfessionalOptions, lockStudent } from './students.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import { dateOnly, todayInUk } from '#app/lib/format.ts'

/** A postgres array literal for `?::uuid[]` parameters. */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`

/**
 * Creates the rounds that have fallen due for the active profiles of one
 * school (`schoolId`) or of every school (null), and a Feedback row for each
 * respondent of each new round — two inserts in one statement, whatever the
 * number of profiles. Called by the scheduled "rounds-due" job and by the
 * post that creates a profile, never by a page's loader (ADR 019).
 *
 * A one-time profile has round 0 on its start date; a recurring one a round
 * every N weeks from its start, up to today and not after its end date (an
 * archived student's profiles wait until the student is restored). Only
 * indices past a profile's last round are generated, and the unique
 * (profile, index) and (round, respondent) constraints with `on conflict do
 * nothing` make it idempotent: concurrent callers create each row once, and
 * the feedback of a round is written in the same statement as the round.
 */
export async function ensureRoundsDue(em: Em, schoolId: string | null, today: string = todayInUk()) {
	const db = typedSql(em)
	const now = sql<Date>`now()`
	const newId = sql<string>`gen_random_uuid()`
	await db
		.with('due', (db) =>
			db
				.selectFrom('profile as p')
				.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'p.student_id').on('s.archived', '=', false))
				// The first index not generated yet, and every index from it to today's (a one-time profile has only 0).
				.crossJoinLateral((eb) =>
					eb
						.selectFrom('round as r')
						.select((max) => max(max.fn.coalesce(max.fn.max('r.index'), max.lit(-1)), '+', 1).as('first'))
						.whereRef('r.profile_id', '=', 'p.id')
						.as('done'),
				)
				.crossJoinLateral((eb) => {
					const day = eb.cast<string>(eb.val(today), 'date')
					const last = eb
						.case()
						.when('p.kind', '=', 'one-time')
						.then(0)
						.else(
							eb(
								eb.cast<number>(eb(eb.fn('least', [day, eb.fn.coalesce('p.end_date', day)]), '-', eb.ref('p.start_date')), 'integer'),
								'/',
								eb.parens(eb(eb.ref('p.interval_weeks'), '*', 7)),
							),
						)
						.end()
					return sql<{ i: number }>`generate_series(${eb.ref('done.first')}, ${last})`.as<'g'>(sql`g(i)`)
				})
				.select((eb) => [
					'p.id as profile_id',
					'g.i as index',
					// A date plus whole days is a date.
					sql<string>`${eb.ref('p.start_date')} + ${eb(eb(eb.ref('g.i'), '*', eb.fn.coalesce('p.interval_weeks', eb.lit(0))), '*', 7)}`.as('opens_on'),
				])
				.where('p.status', '=', 'active')
				.where((eb) => eb('p.start_date', '<=', eb.cast<string>(eb.val(today), 'date')))
				.$if(schoolId !== null, (query) => query.where('p.school_id', '=', schoolId as string)),
		)
		.with('new_rounds', (db) =>
			db
				.insertInto('round')
				.columns(['id', 'created_at', 'updated_at', 'profile_id', 'index', 'opens_on'])
				.expression(db.selectFrom('due').select([newId.as('id'), now.as('created_at'), now.as('updated_at'), 'profile_id', 'index', 'opens_on']))
				.onConflict((conflict) => conflict.columns(['profile_id', 'index']).doNothing())
				.returning(['id', 'profile_id']),
		)
		// The feedback of the new rounds, in the same statement: each of the profile's respondents owes one.
		.insertInto('feedback')
		.columns(['id', 'created_at', 'updated_at', 'round_id', 'respondent_id', 'status'])
		.expression((eb) =>
			eb
				.selectFrom('new_rounds as nr')
				.innerJoin('profile_respondent as pr', 'pr.profile_id', 'nr.profile_id')
				.select((select) => [newId.as('id'), now.as('created_at'), now.as('updated_at'), 'nr.id as round_id', 'pr.membership_id as respondent_id', select.val('incomplete').as('status')]),
		)
		.onConflict((conflict) => conflict.columns(['round_id', 'respondent_id']).doNothing())
		.execute()
}

/** The day a round's feedback is due: when the next round opens, or two weeks after a one-time round opens (ADR 012). */
export function dueOn(opensOn: string, kind: ProfileKind, intervalWeeks: number | null): string {
	return weeksAfter(opensOn, kind === 'recurring' && intervalWeeks ? intervalWeeks : 2)
}

/** Published questionnaires: the ones a profile can use. */
export async function listPublishedQuestionnaires({ em }: SignedIn): Promise<{ value: string; label: string }[]> {
	const rows = await em.find(Questionnaire, { status: 'published' }, { fields: ['id', 'title'], orderBy: { title: 'asc' } })
	return rows.map((row) => ({ value: row.id, label: row.title }))
}

export type ProfileInput = {
	questionnaireId: string
	kind: ProfileKind
	intervalWeeks: number | null
	startDate: string
	endDate: string | null
	respondents: string[]
}

/**
 * Creates a profile for a student of the acting need manager's school: the
 * questionnaire must be published, the respondents the school's need managers
 * and professionals with access. The rounds already due are created with it.
 */
export async function createProfile(app: SignedIn, studentId: string, input: ProfileInput): Promise<Profile> {
	const schoolId = actingSchool(app)
	const student = await getStudent(app, studentId)
	const questionnaire = isUuid(input.questionnaireId) ? await app.em.findOne(Questionnaire, { id: input.questionnaireId }) : null
	if (!questionnaire || questionnaire.status !== 'published') {
		throw new Refusal('Questionnaire not available', 'Only a published questionnaire can be used for a profile.')
	}
	const allowed = new Set((await listProfessionalOptions(app)).map((option) => option.value))
	// Someone who is not one of this school's staff with access is, to this school, nobody.
	if (input.respondents.some((id) => !allowed.has(id))) throw notFound()
	return app.em.transactional(async (tx) => {
		// Still this school's student as the profile is written: a transfer accepted meanwhile waits, or is seen (404).
		await lockStudent(tx, schoolId, student.id)
		const profile = tx.create(Profile, {
			school: schoolId,
			student: student.id,
			questionnaire,
			kind: input.kind,
			intervalWeeks: input.kind === 'recurring' ? input.intervalWeeks : null,
			startDate: input.startDate,
			endDate: input.endDate,
			createdBy: app.auth.userId,
		})
		profile.respondents.set([...new Set(input.respondents)].map((id) => tx.getReference(SchoolMembership, id)))
		audit(tx, app.auth, 'profile.create', { type: 'Profile', id: profile.id, schoolId })
		await tx.flush()
		await ensureRoundsDue(tx as never, schoolId)
		return profile
	})
}

/** Closes a profile of the acting user's school: no more rounds; what was answered stays. */
export async function closeProfile(app: SignedIn, id: string) {
	const schoolId = actingSchool(app)
	const profile = isUuid(id) ? await app.em.findOne(Profile, { id, school: schoolId }) : null
	if (!profile) throw notFound()
	if (profile.status === 'closed') return
	profile.status = 'closed'
	audit(app.em, app.auth, 'profile.close', { type: 'Profile', id: profile.id, schoolId })
	await app.em.flush()
}

export type ManagedProfile = {
	id: string
	questionnaire: string
	kind: ProfileKind
	intervalWeeks: number | null
	startDate: string
	endDate: string | null
	status: 'active' | 'closed'
	rounds: number
	respondents: string[]
}

export type ManagedStudent = {
	id: string
	name: string
	upn: string
	yearGroup: string
	keyProfessional: string | null
	connectedProfessionals: string[]
	profiles: ManagedProfile[]
}


/**
 * One page of the school's students (not archived) with their professionals
 * and profiles, for the manage-students screen: four queries whatever the
 * number of students (the page, the total, the page's links, the page's
 * profiles with their rounds and respondents).
 */
export async function listManagedStudents(app: SignedIn, query: ListQuery<'name'>): Promise<{ rows: ManagedStudent[]; total: number }> {
	const { em } = app
	const schoolId = actingSchool(app)
	const db = typedSql(em)
	let matching = db.selectFrom('student as s').where('s.school_id', '=', schoolId).where('s.archived', '=', false)
	if (query.q) {
		const q = query.q
		matching = matching.where((eb) => studentNameOrUpnMatches(q, { firstName: eb.ref('s.first_name'), lastName: eb.ref('s.last_name'), upn: eb.ref('s.upn') }))
	}
	const dir = query.dir === 'desc' ? 'desc' : 'asc'
	const sorted = matching
		.select(['s.id', 's.first_name', 's.last_name', 's.upn', 's.year_group'])
		.orderBy((eb) => eb.fn('lower', ['s.last_name']), dir)
		.orderBy((eb) => eb.fn('lower', ['s.first_name']), dir)
		.orderBy('s.id')
	const { rows: students, total } = await pageAndTotal(matching, sorted, query)
	const ids = students.map((student) => student.id)
	const [links, profiles] = students.length
		? await Promise.all([
				db
					.selectFrom('student_professional as sp')
					.innerJoin('school_membership as m', (join) => join.onRef('m.id', '=', 'sp.membership_id').on('m.school_id', '=', schoolId))
					.select(['sp.student_id', 'sp.is_key', 'm.first_name', 'm.last_name'])
					.where('sp.student_id', 'in', ids)
					.orderBy((eb) => eb.fn('lower', ['m.last_name']))
					.orderBy((eb) => eb.fn('lower', ['m.first_name']))
					.execute(),
				db
					.selectFrom('profile as p')
					.innerJoin('questionnaire as q', 'q.id', 'p.questionnaire_id')
					.select((eb) => [
						'p.id',
						'p.student_id',
						'q.title',
						'p.kind',
						'p.interval_weeks',
						'p.start_date',
						'p.end_date',
						'p.status',
						eb
							.selectFrom('round as r')
							.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
							.whereRef('r.profile_id', '=', 'p.id')
							.as('rounds'),
						eb
							.selectFrom('profile_respondent as pr')
							.innerJoin('school_membership as m', 'm.id', 'pr.membership_id')
							.select((names) =>
								names.fn
									.agg<string[]>('array_agg', [names(names(names.ref('m.first_name'), '||', ' '), '||', names.ref('m.last_name'))])
									.orderBy(names.fn('lower', ['m.last_name']))
									.orderBy(names.fn('lower', ['m.first_name']))
									.as('names'),
							)
							.whereRef('pr.profile_id', '=', 'p.id')
							.as('respondents'),
					])
					.where('p.school_id', '=', schoolId)
					.where('p.student_id', 'in', ids)
					.orderBy('p.status')
					.orderBy('p.start_date', 'desc')
					.orderBy('p.created_at', 'desc')
					.execute(),
			])
		: [[], []]
	return {
		total,
		rows: students.map((student) => {
			const own = links.filter((link) => link.student_id === student.id)
			const key = own.find((link) => link.is_key)
			return {
				id: student.id,
				name: `${student.first_name} ${student.last_name}`,
				upn: student.upn,
				yearGroup: student.year_group,
				keyProfessional: key ? `${key.first_name} ${key.last_name}` : null,
				connectedProfessionals: own.filter((link) => !link.is_key).map((link) => `${link.first_name} ${link.last_name}`),
				profiles: profiles
					.filter((profile) => profile.student_id === student.id)
					.map((profile) => ({
						id: profile.id,
						questionnaire: profile.title,
						kind: profile.kind,
						intervalWeeks: profile.interval_weeks,
						startDate: dateOnly(profile.start_date),
						endDate: profile.end_date ? dateOnly(profile.end_date) : null,
						status: profile.status,
						rounds: profile.rounds ?? 0,
						respondents: profile.respondents ?? [],
					})),
			}
		}),
	}
}
