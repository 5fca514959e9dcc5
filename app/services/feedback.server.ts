import type { ListQuery } from '#app/lib/pagination.ts'
import { respondentName } from '#app/lib/respondents.ts'
import { answerNeed, questionSeverity, type Band } from '#app/lib/scoring.ts'
import { FREQUENCY_SCALE, type FeedbackStatus } from '#app/models/enums.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { studentNameOrUpn } from './student-search.server.ts'
import { countMustAnswer, FEEDBACK_STATUS_FILTER } from './answers.server.ts'
import { anId } from './list-params.server.ts'
import { visibleStudentsQuery } from './need-to-know.server.ts'
import { actingSchool, notFound, recordId } from './tenancy.server.ts'

/**
 * Reading feedback: need managers read every feedback of their school;
 * professionals their own and the submitted feedback of the students they may
 * see (need-to-know). Anything
 * else — another school's, or a student a professional is not linked to —
 * answers 404.
 */

/**
 * The SQL condition (on aliases `p` profile, `s` student, `f` feedback) and
 * its parameters for the feedback the acting user may read. A need manager:
 * every feedback of the school. A professional: their own, and the other
 * respondents' *submitted* feedback about a student they may see
 * (need-to-know, `visibleStudentsQuery`) — the same answers the comparison
 * view's respondents mode already scores; a colleague's unsubmitted draft
 * stays theirs (ADR 012).
 */
function visibility(app: SignedIn): { sql: string; params: unknown[] } {
	const schoolId = actingSchool(app)
	const students = visibleStudentsQuery(app.auth, 's')
	if (app.auth.role === 'needManager') return { sql: `p.school_id = s.school_id and ${students.sql}`, params: students.params }
	return {
		sql: `p.school_id = ? and p.school_id = s.school_id and (f.respondent_id = ? or (f.status = 'complete' and ${students.sql}))`,
		params: [schoolId, app.auth.membershipId, ...students.params],
	}
}

const FEEDBACK_FROM = `from feedback f
	join round r on r.id = f.round_id
	join profile p on p.id = r.profile_id
	join student s on s.id = p.student_id
	join questionnaire q on q.id = p.questionnaire_id
	left join school_membership m on m.id = f.respondent_id`

const dateOnly = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10))
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
	opens_on: string
	/** Null once the respondent was deleted from the directory (ADR 029). */
	respondent_first: string | null
	respondent_last: string | null
	status: FeedbackStatus
	submitted_at: string | null
}

const FEEDBACK_COLUMNS = `f.id, s.id as student_id, s.first_name, s.last_name, q.title, r.index, r.opens_on,
	m.first_name as respondent_first, m.last_name as respondent_last, f.status, f.submitted_at`

const toRow = (row: FeedbackSqlRow): FeedbackRow => ({
	id: row.id,
	studentId: row.student_id,
	studentName: `${row.first_name} ${row.last_name}`,
	questionnaire: row.title,
	round: row.index + 1,
	opensOn: dateOnly(row.opens_on),
	respondent: respondentName(row.respondent_first, row.respondent_last),
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
	const visible = visibility(app)
	const conditions = [visible.sql]
	const params = [...visible.params]
	if (query.q) {
		const search = studentNameOrUpn(query.q)
		conditions.push(search.sql)
		params.push(...search.params)
	}
	if (filters.questionnaireId) {
		conditions.push('q.id = ?')
		params.push(filters.questionnaireId)
	}
	if (filters.status) {
		conditions.push('f.status = ?')
		params.push(filters.status)
	}
	if (filters.submittedSince) {
		conditions.push("f.status = 'complete'", 'f.submitted_at > ?')
		params.push(filters.submittedSince)
	}
	const where = `where ${conditions.join(' and ')}`
	const [rows, totals] = await Promise.all([
		app.em.execute<FeedbackSqlRow[]>(
			`select ${FEEDBACK_COLUMNS} ${FEEDBACK_FROM} ${where}
			order by f.submitted_at desc nulls last, r.opens_on desc, lower(s.last_name), f.id
			limit ? offset ?`,
			[...params, query.pageSize, (query.page - 1) * query.pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total ${FEEDBACK_FROM} ${where}`, params),
	])
	return { rows: rows.map(toRow), total: totals[0]?.total ?? 0 }
}

/** The questionnaires the school's profiles use, for the feedback list's filter. */
export async function listUsedQuestionnaires(app: SignedIn): Promise<{ value: string; label: string }[]> {
	const rows = await app.em.execute<{ id: string; title: string }[]>(
		'select distinct q.id, q.title from questionnaire q join profile p on p.questionnaire_id = q.id where p.school_id = ? order by q.title',
		[actingSchool(app)],
	)
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
	const visible = visibility(app)
	const [row] = await app.em.execute<(FeedbackSqlRow & { questionnaire_id: string })[]>(
		`select ${FEEDBACK_COLUMNS}, q.id as questionnaire_id ${FEEDBACK_FROM} where f.id = ? and ${visible.sql}`,
		[recordId(id), ...visible.params],
	)
	if (!row) throw notFound()
	const questions = await app.em.execute<{ domain_id: string; domain: string; id: string; text: string; reverse: boolean; value: number | null }[]>(
		`select d.id as domain_id, d.name as domain, qu.id, qu.text, qu.reverse, a.value
		from domain d join question qu on qu.domain_id = d.id
		left join answer a on a.question_id = qu.id and a.feedback_id = ?
		where d.questionnaire_id = ?
		order by d.position, qu.position`,
		[row.id, row.questionnaire_id],
	)
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
	audit(app.em, app.auth, 'feedback.read', { type: 'Feedback', id: row.id, schoolId: actingSchool(app) })
	await app.em.flush()
	return { ...toRow(row), domains }
}

/**
 * When the user was last here before this visit: their previous sign-in (the
 * sign-in before the current one, from the audit trail), or two weeks ago
 * for a first visit (ADR 012).
 */
export async function previousVisit(app: SignedIn, now = new Date()): Promise<string> {
	const [row] = await app.em.execute<{ at: string }[]>(
		`select at from audit_event where entity_type = 'User' and entity_id = ? and action = 'auth.sign-in' order by at desc offset 1 limit 1`,
		[app.auth.userId],
	)
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
	const who =
		app.auth.role === 'needManager'
			? { sql: `exists (select 1 from profile p where p.student_id = hs.id and p.school_id = hs.school_id and p.status = 'active')`, params: [] }
			: visibleStudentsQuery(app.auth, 'hs')
	const where = `where hs.school_id = ? and hs.archived = false and ${who.sql}`
	const params = [schoolId, ...who.params]
	const open = countMustAnswer({ schoolId }, 'hs')
	const [rows, totals] = await Promise.all([
		app.em.execute<{ id: string; first_name: string; last_name: string; year_group: string; profiles: number; open_feedback: number }[]>(
			`select hs.id, hs.first_name, hs.last_name, hs.year_group,
				(select count(*)::int from profile p where p.student_id = hs.id and p.school_id = hs.school_id and p.status = 'active') as profiles,
				(${open.sql}) as open_feedback
			from student hs ${where}
			order by lower(hs.last_name), lower(hs.first_name), hs.id
			limit ? offset ?`,
			[...open.params, ...params, query.pageSize, (query.page - 1) * query.pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total from student hs ${where}`, params),
	])
	return {
		total: totals[0]?.total ?? 0,
		rows: rows.map((row) => ({
			id: row.id,
			name: `${row.first_name} ${row.last_name}`,
			yearGroup: row.year_group,
			profiles: row.profiles,
			openFeedback: row.open_feedback,
		})),
	}
}
