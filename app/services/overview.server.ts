import { sql, type SelectQueryBuilder } from 'kysely'
import { School } from '#app/models/index.ts'
import { countToAnswer, mustAnswerCount } from './answers.server.ts'
import type { SignedIn } from './guards.server.ts'
import { visibleStudent } from './need-to-know.server.ts'
import { actingSchool } from './tenancy.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

type Count = { count: number }
const first = (rows: Count[]) => Number(rows[0]?.count ?? 0)

/** A subquery's row count, as a column of the statement it stands in. */
function count<TB extends keyof Database>(query: SelectQueryBuilder<Database, TB, object>) {
	return query.select(sql<number>`count(*)::int`.as('n')).$asScalar()
}

/** The figures of the actor's own school; every count is filtered by it. */
export async function schoolOverview(app: SignedIn) {
	const schoolId = actingSchool(app)
	const school = await app.em.findOne(School, { id: schoolId }, { fields: ['name'] })
	const db = typedSql(app.em)
	const totals = await db
		.selectNoFrom([
			count(db.selectFrom('student').where('school_id', '=', schoolId).where('archived', '=', false)).as('students'),
			count(db.selectFrom('school_membership').where('school_id', '=', schoolId)).as('staff'),
			count(db.selectFrom('student_group').where('school_id', '=', schoolId)).as('groups'),
			count(db.selectFrom('transfer_request').where('to_school_id', '=', schoolId).where('status', '=', 'created')).as('incoming'),
			count(db.selectFrom('transfer_request').where('from_school_id', '=', schoolId).where('status', '=', 'created')).as('outgoing'),
			count(db.selectFrom('profile').where('school_id', '=', schoolId).where('status', '=', 'active')).as('active_profiles'),
			// The feedback the school's respondents must still give: the same rule as each one's own list.
			mustAnswerCount(db, { schoolId }).as('feedback_due'),
		])
		.executeTakeFirst()
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
	const school = auth.schoolId ? await em.findOne(School, { id: auth.schoolId }, { fields: ['name'] }) : null
	const [students, due] = await Promise.all([
		typedSql(em)
			.selectFrom('student as s')
			.select((eb) => eb.cast<number>(eb.fn.count('s.id').distinct(), 'integer').as('count'))
			.where('s.school_id', '=', actingSchool(app))
			.where('s.archived', '=', false)
			// The need-to-know rule itself, as every list of the professional's students counts them.
			.where((eb) => visibleStudent(auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') }))
			.execute(),
		countToAnswer(app),
	])
	return { schoolName: school?.name ?? null, students: first(students), feedbackDue: due }
}
