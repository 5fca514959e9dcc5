import { School } from '#app/models/index.ts'
import { countMustAnswer, countToAnswer } from './answers.server.ts'
import type { SignedIn } from './guards.server.ts'
import { actingSchool } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'

type Count = { count: number }
const first = (rows: Count[]) => Number(rows[0]?.count ?? 0)

/** The figures of the actor's own school; every count is filtered by it. */
export async function schoolOverview({ em, auth }: SignedIn) {
	const schoolId = auth.schoolId
	const school = schoolId ? await em.findOne(School, { id: schoolId }, { fields: ['name'] }) : null
	// The feedback the school's respondents must still give: the same rule as each one's own list.
	const due = countMustAnswer({ schoolId })
	// Raw until answers.server.ts gives the feedback-due count as a typed subquery (its `mustAnswerCount`, on h-sql1).
	const [totals] = await em.execute<
		{ students: number; staff: number; groups: number; incoming: number; outgoing: number; active_profiles: number; feedback_due: number }[]
	>(
		`select (select count(*)::int from student where school_id = ? and archived = false) as students,
			(select count(*)::int from school_membership where school_id = ?) as staff,
			(select count(*)::int from student_group where school_id = ?) as groups,
			(select count(*)::int from transfer_request where to_school_id = ? and status = 'created') as incoming,
			(select count(*)::int from transfer_request where from_school_id = ? and status = 'created') as outgoing,
			(select count(*)::int from profile where school_id = ? and status = 'active') as active_profiles,
			(${due.sql}) as feedback_due`,
		[schoolId, schoolId, schoolId, schoolId, schoolId, schoolId, ...due.params],
	)
	return {
		schoolName: school?.name ?? null,
		students: totals?.students ?? 0,
		staff: totals?.staff ?? 0,
		groups: totals?.groups ?? 0,
		incomingTransfers: totals?.incoming ?? 0,
		outgoingTransfers: totals?.outgoing ?? 0,
		activeProfiles: totals?.active_profiles ?? 0,
		feedbackDue: totals?.feedback_due ?? 0,
	}
}

/** What a professional has on their plate: the students they work with and the feedback they owe (`countToAnswer`). */
export async function professionalOverview(app: SignedIn) {
	const { em, auth } = app
	const membershipId = auth.membershipId
	const school = auth.schoolId ? await em.findOne(School, { id: auth.schoolId }, { fields: ['name'] }) : null
	const [students, due] = await Promise.all([
		typedSql(em)
			.selectFrom('student as s')
			.select((eb) => eb.cast<number>(eb.fn.count('s.id').distinct(), 'integer').as('count'))
			.where('s.school_id', '=', actingSchool(app))
			.where('s.archived', '=', false)
			.where((eb) =>
				membershipId
					? eb.or([
							eb.exists(
								eb
									.selectFrom('student_professional as sp')
									.select(eb.lit(1).as('one'))
									.whereRef('sp.student_id', '=', 's.id')
									.where('sp.membership_id', '=', membershipId),
							),
							eb.exists(
								eb
									.selectFrom('group_student as gs')
									.innerJoin('group_staff as gf', 'gf.group_id', 'gs.group_id')
									.select(eb.lit(1).as('one'))
									.whereRef('gs.student_id', '=', 's.id')
									.where('gf.membership_id', '=', membershipId),
							),
						])
					: eb.lit(false),
			)
			.execute(),
		countToAnswer(app),
	])
	return { schoolName: school?.name ?? null, students: first(students), feedbackDue: due }
}
