import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import type { ListQuery } from '#app/lib/pagination.ts'
import { respondentName } from '#app/lib/respondents.ts'
import { answerNeed, questionSeverity, type Band } from '#app/lib/scoring.ts'
import { FREQUENCY_SCALE, type FeedbackStatus } from '#app/models/enums.ts'
import { auditRead } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { studentNameOrUpnMatches } from './student-search.server.ts'
import { assignedFrom, FEEDBACK_STATUS_FILTER, mustAnswerCount } from './answers.server.ts'
import { anId } from './list-params.server.ts'
import { visibleStudent } from './need-to-know.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'
import { pageAndTotal, typedSql, type Database } from './typed-sql.server.ts'
import { dateOnly } from '#app/lib/format.ts'

/**
 * Reading feedback: need managers read every feedback of their school;
 * professionals their own and the submitted feedback of the students they may
 * see (need-to-know). Anything
 * else — another school's, or a student a professional is not linked to —
 * answers 404.
 */

/** A feedback with its round, profile, student, questionnaire and respondent: `f`, `r`, `p`, `s`, `q`, `m`. */
function feedbackFrom(db: Kysely<Database>) {
	return assignedFrom(db).leftJoin('school_membership as m', 'm.id', 'f.respondent_id')
}
type FeedbackQuery = ReturnType<typeof feedbackFrom>

/**
 * `query` narrowed to the feedback the acting user may read. A need manager:
 * every feedback of the school. A professional: their own, and the other
 * respondents' *submitted* feedback about a student they may see
 * (need-to-know, `visibleStudent`) — the same answers the comparison
 * view's respondents mode already scores; a colleague's unsubmitted draft
 * stays theirs (ADR 012).
 */
function readable(app: SignedIn, query: FeedbackQuery): FeedbackQuery {
	const schoolId = actingSchool(app)
	const me = app.auth.membershipId
	return query.where((eb) => {
		const students = visibleStudent(app.auth, { id: eb.ref('s.id'), schoolId: eb.ref('s.school_id') })
		const ofTheStudentsSchool = eb('p.school_id', '=', eb.ref('s.school_id'))
		if (app.auth.role === 'needManager') return eb.and([ofTheStudentsSchool, students])
		const othersSubmitted = eb.and([eb('f.status', '=', 'complete'), students])
		return eb.and([
			eb('p.school_id', '=', schoolId),
			ofTheStudentsSchool,
			me ? eb.or([eb('f.respondent_id', '=', me), othersSubmitted]) : othersSubmitted,
		])
	})
}

const FEEDBACK_COLUMNS = [
	'f.id',
	's.id as student_id',
	's.first_name',
	's.last_name',
	'q.title',
	'r.index',
	'r.opens_on',
	'm.school_id as respondent_school',
	'm.first_name as respondent_first',
	'm.last_name as respondent_last',
	'f.status',
	'f.submitted_at',
] as const

const instant = (value: unknown) => (value ? new Date(value as string).toISOString() : null)

export type FeedbackRow = {
	id: string
	studentId: string
	studentName: string
	questionnaire: string
	round: number
	opensOn: string
	respondent: string
	status: FeedbackStatus
	submittedAt: string | null
}

type FeedbackSqlRow = {
	id: string
	student_id: string
	first_name: string
	last_name: string
	title: string
	index: number
	opens_on: Date | string
	/** Null once the respondent was deleted from the directory (ADR 029). */
	respondent_school: string | null
	respondent_first: string | null
	respondent_last: string | null
	status: FeedbackStatus
	submitted_at: Date | string | null
}

/** A row as the acting school reads it: another school's respondent is not named (ADR 092). */
const toRow = (actingSchoolId: string) => (row: FeedbackSqlRow): FeedbackRow => ({
	id: row.id,
	studentId: row.student_id,
	studentName: `${row.first_name} ${row.last_name}`,
	questionnaire: row.title,
	round: row.index + 1,
	opensOn: dateOnly(row.opens_on),
	respondent: respondentName(actingSchoolId, { school_id: row.respondent_school, first_name: row.respondent_first, last_name: row.respondent_last }),
	status: row.status,
	submittedAt: instant(row.submitted_at),
})

export type FeedbackFilters = {
	questionnaireId: string | null
	status: FeedbackStatus | null
	/** Only feedback submitted after this instant (the home's feedback tab). */
	submittedSince?: string
}

/** The feedback list's filters in its query string (`?questionnaire=`, `?status=`), read by readList (ADR 023). */
export const FEEDBACK_FILTERS = {
	questionnaireId: anId('questionnaire', 'Choose a questionnaire from the list.'),
	status: FEEDBACK_STATUS_FILTER,
}

/**
 * One page of the feedback the acting user may read, submitted first and
 * newest first, filtered by student, questionnaire and status: two queries.
 */
export async function listFeedback(
	app: SignedIn,
	query: ListQuery<'submitted'>,
	filters: FeedbackFilters,
): Promise<{ rows: FeedbackRow[]; total: number }> {
	let matching = readable(app, feedbackFrom(typedSql(app.em)))
	if (query.q) {
		const q = query.q
		matching = matching.where((eb) => studentNameOrUpnMatches(q, { firstName: eb.ref('s.first_name'), lastName: eb.ref('s.last_name'), upn: eb.ref('s.upn') }))
	}
	if (filters.questionnaireId) matching = matching.where('q.id', '=', filters.questionnaireId)
	if (filters.status) matching = matching.where('f.status', '=', filters.status)
	if (filters.submittedSince) matching = matching.where('f.status', '=', 'complete').where('f.submitted_at', '>', new Date(filters.submittedSince))
	const sorted = matching
		.select(FEEDBACK_COLUMNS)
		.orderBy('f.submitted_at', (order) => order.desc().nullsLast())
		.orderBy('r.opens_on', 'desc')
		.orderBy((eb) => eb.fn('lower', ['s.last_name']))
		.orderBy('f.id')
	const { rows, total } = await pageAndTotal(matching, sorted, query)
	return { rows: rows.map(toRow(actingSchool(app))), total }
}

/** The questionnaires the school's profiles use, for the feedback list's filter. */
export async function listUsedQuestionnaires(app: SignedIn): Promise<{ value: string; label: string }[]> {
	const rows = await typedSql(app.em)
		.selectFrom('questionnaire as q')
		.innerJoin('profile as p', 'p.questionnaire_id', 'q.id')
		.select(['q.id', 'q.title'])
		.distinct()
		.where('p.school_id', '=', actingSchool(app))
		.orderBy('q.title')
		.execute()
	return rows.map((row) => ({ value: row.id, label: row.title }))
}

export type AnsweredQuestion = {
	id: string
	number: number
	text: string
	value: number | null
	label: string | null
	severity: Band | null
}

export type FeedbackAnswers = FeedbackRow & {
	domains: { id: string; name: string; questions: AnsweredQuestion[] }[]
}

const LABELS = new Map<number, string>(FREQUENCY_SCALE.map((option) => [option.value, option.label]))

/**
 * One feedback the acting user may read, its answers grouped by domain with
 * each answer's frequency label and severity. Two queries; the read is
 * audited (docs/architecture.md#security).
 */
export async function getFeedbackAnswers(app: SignedIn, id: string): Promise<FeedbackAnswers> {
	const db = typedSql(app.em)
	const row = await readable(app, feedbackFrom(db))
		.select([...FEEDBACK_COLUMNS, 'q.id as questionnaire_id'])
		.where('f.id', '=', recordId(id))
		.executeTakeFirst()
	if (!row) throw notFound()
	const questions = await db
		.selectFrom('domain as d')
		.innerJoin('question as qu', 'qu.domain_id', 'd.id')
		.leftJoin('answer as a', (join) => join.onRef('a.question_id', '=', 'qu.id').on('a.feedback_id', '=', row.id))
		.select(['d.id as domain_id', 'd.name as domain', 'qu.id', 'qu.text', 'qu.reverse', 'a.value'])
		.where('d.questionnaire_id', '=', row.questionnaire_id)
		.orderBy('d.position')
		.orderBy('qu.position')
		.execute()
	const domains: FeedbackAnswers['domains'] = []
	for (const question of questions) {
		let domain = domains.at(-1)
		if (domain?.id !== question.domain_id) {
			domain = { id: question.domain_id, name: question.domain, questions: [] }
			domains.push(domain)
		}
		const value = question.value === null ? null : Number(question.value)
		domain.questions.push({
			id: question.id,
			number: domain.questions.length + 1,
			text: question.text,
			value,
			label: value === null ? null : (LABELS.get(value) ?? null),
			severity: value === null ? null : questionSeverity(answerNeed(value, question.reverse)),
		})
	}
	auditRead(app, 'feedback.read', { type: 'Feedback', id: row.id, schoolId: actingSchool(app) })
	await app.em.flush()
	return { ...toRow(actingSchool(app))(row), domains }
}

/**
 * When the user was last here before this visit: their previous sign-in (the
 * sign-in before the current one, from the audit trail), or two weeks ago
 * for a first visit (ADR 012).
 */
export async function previousVisit(app: SignedIn, now = new Date()): Promise<string> {
	const row = await typedSql(app.em)
		.selectFrom('audit_event')
		.select('at')
		.where('entity_type', '=', 'User')
		.where('entity_id', '=', app.auth.userId)
		.where('action', '=', 'auth.sign-in')
		.orderBy('at', 'desc')
		.offset(1)
		.limit(1)
		.executeTakeFirst()
	return row ? new Date(row.at).toISOString() : new Date(now.getTime() - 14 * 24 * 3600 * 1000).toISOString()
}

export type HomeStudent = { id: string; name: string; yearGroup: string; profiles: number; openFeedback: number }

/**
 * The home's students tab: for a need manager the students with an active
 * profile, for a professional the students they may see (need-to-know); each with its
 * active profiles and the feedback still open on them, every respondent's, by the rule
 * of what must be answered (`mustAnswer`, answers.server.ts). Two queries.
 */
export async function listHomeStudents(app: SignedIn, query: ListQuery<'name'>): Promise<{ rows: HomeStudent[]; total: number }> {
	const schoolId = actingSchool(app)
	const db = typedSql(app.em)
	const activeProfiles = (eb: ExpressionBuilder<Database & { hs: Database['student'] }, 'hs'>) =>
		eb.selectFrom('profile as p').whereRef('p.student_id', '=', 'hs.id').whereRef('p.school_id', '=', 'hs.school_id').where('p.status', '=', 'active')
	const students = db
		.selectFrom('student as hs')
		.where('hs.school_id', '=', schoolId)
		.where('hs.archived', '=', false)
		.where((eb) =>
			app.auth.role === 'needManager'
				? eb.exists(activeProfiles(eb).select(eb.lit(1).as('one')))
				: visibleStudent(app.auth, { id: eb.ref('hs.id'), schoolId: eb.ref('hs.school_id') }),
		)
	const { rows, total } = await pageAndTotal(
		students,
		students
			.select((eb) => [
				'hs.id',
				'hs.first_name',
				'hs.last_name',
				'hs.year_group',
				activeProfiles(eb).select(sql<number>`count(*)::int`.as('n')).$asScalar().as('profiles'),
				mustAnswerCount(db, { schoolId }, eb.ref('hs.id')).as('open_feedback'),
			])
			.orderBy((eb) => eb.fn('lower', ['hs.last_name']))
			.orderBy((eb) => eb.fn('lower', ['hs.first_name']))
			.orderBy('hs.id'),
		query,
	)
	return {
		total,
		rows: rows.map((row) => ({
			id: row.id,
			name: `${row.first_name} ${row.last_name}`,
			yearGroup: row.year_group,
			profiles: row.profiles,
			openFeedback: row.open_feedback,
		})),
	}
}
