import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { FEEDBACK_STATUSES, type FeedbackStatus, type ProfileKind } from '#app/models/enums.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { isUuid } from './ids.server.ts'
import { dueOn, todayInUk, uuidArray } from './profiles.server.ts'
import { oneOf } from './list-params.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'

/**
 * Giving feedback: the rounds a respondent must answer, the domains of one
 * feedback with their progress, one domain's questions, saving answers and
 * submitting. Only the feedback's respondent reaches any of it; anyone else
 * gets 404.
 */

const dateOnly = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10))

/** The feedback lists' status filter (`?status=`), read by readList (ADR 023). */
export const FEEDBACK_STATUS_FILTER = oneOf('status', FEEDBACK_STATUSES, 'Choose a status from the list.')

export type AssignedRow = {
	id: string
	studentName: string
	questionnaire: string
	round: number
	opensOn: string
	dueOn: string
	status: FeedbackStatus
}

type AssignedSqlRow = {
	id: string
	first_name: string
	last_name: string
	title: string
	index: number
	opens_on: string
	kind: ProfileKind
	interval_weeks: number | null
	status: FeedbackStatus
}

const toAssigned = (row: AssignedSqlRow): AssignedRow => ({
	id: row.id,
	studentName: `${row.first_name} ${row.last_name}`,
	questionnaire: row.title,
	round: row.index + 1,
	opensOn: dateOnly(row.opens_on),
	dueOn: dueOn(dateOnly(row.opens_on), row.kind, row.interval_weeks),
	status: row.status,
})

const ASSIGNED_FROM = `from feedback f
	join round r on r.id = f.round_id
	join profile p on p.id = r.profile_id
	join student s on s.id = p.student_id
	join questionnaire q on q.id = p.questionnaire_id`

/** Whose feedback: one respondent's (what I must answer), or every respondent's of a school (its figure). */
export type AnswerScope = { membershipId: string; schoolId: string } | { schoolId: string | null }

/**
 * What must still be answered (docs/architecture.md#routes: `questionnaires/:id` is "a feedback the user must
 * give", one respondent × one round), as the conditions on `ASSIGNED_FROM`: feedback not yet
 * submitted (Incomplete or In progress) of a round that has opened, on an active profile of the
 * school, about a student who is not archived, whose respondent still has access to the school and
 * is still one of the profile's respondents, or has started it (a respondent taken off a profile
 * may finish what they started, ADR 027). Late feedback counts: a recurring round stays to
 * answer after the next one opens, as long as the profile is active (ADR 012). A closed profile,
 * an archived student, a respondent without access, or taken off the profile before starting:
 * nothing to answer.
 * The one definition behind the Questionnaires list, the home's questionnaires tab and its figures
 * (ADR 026).
 */
export function mustAnswer(scope: AnswerScope, today = todayInUk()): { conditions: string[]; params: unknown[] } {
	const conditions = [
		'p.school_id = ?',
		"f.status <> 'complete'",
		"p.status = 'active'",
		's.archived = false',
		'r.opens_on <= ?::date',
		// Taken off the profile: what they never started is withdrawn, what they started they may finish (ADR 027).
		"(f.status = 'inProgress' or exists (select 1 from profile_respondent pr where pr.profile_id = p.id and pr.membership_id = f.respondent_id))",
		"exists (select 1 from school_membership m where m.id = f.respondent_id and m.school_id = p.school_id and m.access = 'active')",
	]
	const params: unknown[] = [scope.schoolId, today]
	if ('membershipId' in scope) {
		conditions.unshift('f.respondent_id = ?')
		params.unshift(scope.membershipId)
	}
	return { conditions, params }
}

/**
 * How many feedback must be answered in a scope, as a statement that may also be a subquery; with `aboutStudent`,
 * the alias of an outer query's student (not `s`), only about that student.
 */
export function countMustAnswer(scope: AnswerScope, aboutStudent?: string): { sql: string; params: unknown[] } {
	const { conditions, params } = mustAnswer(scope)
	if (aboutStudent) conditions.push(`s.id = ${aboutStudent}.id`)
	return { sql: `select count(*)::int as total ${ASSIGNED_FROM} where ${conditions.join(' and ')}`, params }
}

/** How many feedback the acting user must give: the total of the Questionnaires list as it opens. */
export async function countToAnswer(app: SignedIn): Promise<number> {
	const { sql, params } = countMustAnswer(ownScope(app))
	const [row] = await app.em.execute<{ total: number }[]>(sql, params)
	return row?.total ?? 0
}

function ownScope(app: SignedIn): { membershipId: string; schoolId: string } {
	const schoolId = actingSchool(app)
	if (!app.auth.membershipId) throw notFound()
	return { membershipId: app.auth.membershipId, schoolId }
}

/**
 * The acting user's feedback rounds, by the day they opened: what they must answer (`mustAnswer`),
 * narrowed to Incomplete or In progress by `status`; or, with `status` Complete, what they have
 * submitted (a closed profile's included). Two queries (page, total). Rounds appear as the
 * scheduled job creates them (ADR 019).
 */
export async function listAssigned(
	app: SignedIn,
	query: ListQuery<'due'>,
	{ status = null }: { status?: FeedbackStatus | null } = {},
): Promise<{ rows: AssignedRow[]; total: number }> {
	const scope = ownScope(app)
	const { conditions, params } =
		status === 'complete'
			? { conditions: ['f.respondent_id = ?', 'p.school_id = ?', "f.status = 'complete'", 's.archived = false'], params: [scope.membershipId, scope.schoolId] }
			: mustAnswer(scope)
	if (status && status !== 'complete') {
		conditions.push('f.status = ?')
		params.push(status)
	}
	if (query.q) {
		conditions.push(`lower(s.first_name || ' ' || s.last_name) like ?`)
		params.push(containsPattern(query.q))
	}
	const where = `where ${conditions.join(' and ')}`
	const [rows, totals] = await Promise.all([
		app.em.execute<AssignedSqlRow[]>(
			`select f.id, s.first_name, s.last_name, q.title, r.index, r.opens_on, p.kind, p.interval_weeks, f.status
			${ASSIGNED_FROM} ${where}
			order by r.opens_on, lower(s.last_name), f.id
			limit ? offset ?`,
			[...params, query.pageSize, (query.page - 1) * query.pageSize],
		),
		app.em.execute<{ total: number }[]>(`select count(*)::int as total ${ASSIGNED_FROM} ${where}`, params),
	])
	return { rows: rows.map(toAssigned), total: totals[0]?.total ?? 0 }
}

export type OwnFeedback = AssignedRow & {
	studentId: string
	questionnaireId: string
	/** Answers can change: not submitted and the profile still active. */
	editable: boolean
	submittedAt: string | null
}

/** A feedback the acting user is the respondent of, in their school; anything else is 404. */
export async function getOwnFeedback(app: SignedIn, id: string): Promise<OwnFeedback> {
	const schoolId = actingSchool(app)
	if (!isUuid(id) || !app.auth.membershipId) throw notFound()
	const [row] = await app.em.execute<(AssignedSqlRow & { student_id: string; questionnaire_id: string; profile_status: string; submitted_at: Date | null })[]>(
		`select f.id, s.first_name, s.last_name, q.title, r.index, r.opens_on, p.kind, p.interval_weeks, f.status,
			s.id as student_id, q.id as questionnaire_id, p.status as profile_status, f.submitted_at
		${ASSIGNED_FROM}
		where f.id = ? and f.respondent_id = ? and p.school_id = ?`,
		[id, app.auth.membershipId, schoolId],
	)
	if (!row) throw notFound()
	return {
		...toAssigned(row),
		studentId: row.student_id,
		questionnaireId: row.questionnaire_id,
		editable: row.status !== 'complete' && row.profile_status === 'active',
		submittedAt: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
	}
}

export type DomainProgress = { id: string; name: string; answered: number; total: number }

/** The domains of a feedback's questionnaire with how many of their questions are answered: one query. */
export async function domainProgress(app: SignedIn, feedback: OwnFeedback): Promise<DomainProgress[]> {
	const rows = await app.em.execute<{ id: string; name: string; answered: number; total: number }[]>(
		`select d.id, d.name, count(qu.id)::int as total, count(a.id)::int as answered
		from domain d
		left join question qu on qu.domain_id = d.id
		left join answer a on a.question_id = qu.id and a.feedback_id = ?
		where d.questionnaire_id = ?
		group by d.id, d.name, d.position
		order by d.position`,
		[feedback.id, feedback.questionnaireId],
	)
	return rows
}

export type StepperDomain = {
	id: string
	name: string
	description: string | null
	position: number
	count: number
	previousId: string | null
	nextId: string | null
	questions: { id: string; number: number; text: string; value: number | null }[]
}

/** One domain of a feedback's questionnaire with its questions and the answers so far: two queries. */
export async function stepperDomain(app: SignedIn, feedback: OwnFeedback, domainId: string): Promise<StepperDomain> {
	if (!isUuid(domainId)) throw notFound()
	const [domains, questions] = await Promise.all([
		app.em.execute<{ id: string; name: string; description: string | null }[]>(
			'select id, name, description from domain where questionnaire_id = ? order by position',
			[feedback.questionnaireId],
		),
		app.em.execute<{ id: string; text: string; value: number | null }[]>(
			`select qu.id, qu.text, a.value from question qu
			join domain d on d.id = qu.domain_id and d.questionnaire_id = ?
			left join answer a on a.question_id = qu.id and a.feedback_id = ?
			where qu.domain_id = ? order by qu.position`,
			[feedback.questionnaireId, feedback.id, domainId],
		),
	])
	const index = domains.findIndex((domain) => domain.id === domainId)
	const domain = domains[index]
	if (!domain) throw notFound()
	return {
		id: domain.id,
		name: domain.name,
		description: domain.description,
		position: index + 1,
		count: domains.length,
		previousId: domains[index - 1]?.id ?? null,
		nextId: domains[index + 1]?.id ?? null,
		questions: questions.map((question, number) => ({ id: question.id, number: number + 1, text: question.text, value: question.value })),
	}
}

const readOnly = () => new Refusal('This feedback cannot be changed', 'It has been submitted, or its profile has been closed.')

/**
 * First statement of every write to a feedback's answers: locks the feedback
 * and its profile rows until the transaction ends and refuses unless the
 * feedback is not yet complete and its profile still active. A submit or a
 * profile closed between the page's read and this write therefore waits for,
 * or is seen by, the write — never an answer saved after either.
 */
async function lockEditable(tx: SignedIn['em'], feedbackId: string) {
	const [row] = await tx.execute<{ status: FeedbackStatus; profile_status: string }[]>(
		`select f.status, p.status as profile_status
		from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id
		where f.id = ? for update of f, p`,
		[feedbackId],
	)
	if (!row || row.status === 'complete' || row.profile_status !== 'active') throw readOnly()
}

/**
 * Saves answers to questions of one domain of a feedback the acting user is
 * the respondent of: one upsert statement for all of them (questions of other
 * domains or questionnaires are ignored), and the feedback moves to In
 * progress. Audited.
 */
export async function saveAnswers(app: SignedIn, feedbackId: string, domainId: string, answers: { questionId: string; value: number }[]) {
	const feedback = await getOwnFeedback(app, feedbackId)
	if (!isUuid(domainId)) throw notFound()
	const valid = answers.filter((answer) => isUuid(answer.questionId) && Number.isInteger(answer.value) && answer.value >= 0 && answer.value <= 4)
	if (valid.length === 0) return feedback
	await app.em.transactional(async (tx) => {
		await lockEditable(tx, feedback.id)
		await tx.execute(
			`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
			select gen_random_uuid(), now(), now(), ?, posted.question_id, posted.value
			from unnest(?::uuid[], ?::smallint[]) as posted(question_id, value)
			join question qu on qu.id = posted.question_id and qu.domain_id = ?
			join domain d on d.id = qu.domain_id and d.questionnaire_id = ?
			on conflict (feedback_id, question_id) do update set value = excluded.value, updated_at = now()`,
			[feedback.id, uuidArray(valid.map((answer) => answer.questionId)), `{${valid.map((answer) => answer.value).join(',')}}`, domainId, feedback.questionnaireId],
		)
		await tx.execute(
			`update feedback set status = 'inProgress', updated_at = now()
			where id = ? and status = 'incomplete' and exists (select 1 from answer where feedback_id = ?)`,
			[feedback.id, feedback.id],
		)
		audit(tx as never, app.auth, 'feedback.answer', { type: 'Feedback', id: feedback.id, schoolId: actingSchool(app) })
		await tx.flush()
	})
	return feedback
}

export type Unanswered = { domainId: string; domain: string; questionId: string; number: number; text: string }

/**
 * A feedback's unanswered questions in the stepper's order, numbered within their domain as the
 * stepper shows them: one query. What the review step lists, and why a submit is refused.
 */
async function listUnanswered(em: SignedIn['em'], feedback: OwnFeedback): Promise<Unanswered[]> {
	const questions = await em.execute<{ domain_id: string; domain: string; id: string; text: string; answered: boolean }[]>(
		`select d.id as domain_id, d.name as domain, qu.id, qu.text, (a.id is not null) as answered
		from domain d join question qu on qu.domain_id = d.id
		left join answer a on a.question_id = qu.id and a.feedback_id = ?
		where d.questionnaire_id = ?
		order by d.position, qu.position`,
		[feedback.id, feedback.questionnaireId],
	)
	const counts = new Map<string, number>()
	const unanswered: Unanswered[] = []
	for (const question of questions) {
		const number = (counts.get(question.domain_id) ?? 0) + 1
		counts.set(question.domain_id, number)
		if (!question.answered) unanswered.push({ domainId: question.domain_id, domain: question.domain, questionId: question.id, number, text: question.text })
	}
	return unanswered
}

/** The review step before submitting: the acting user's feedback's unanswered questions (none: it can be submitted). */
export async function unansweredQuestions(app: SignedIn, feedback: OwnFeedback): Promise<Unanswered[]> {
	return listUnanswered(app.em, feedback)
}

/**
 * Submits a feedback: refused (with the list of unanswered questions) while
 * any question is unanswered; otherwise Complete with its submission time,
 * after which it is read-only. Audited.
 */
export async function submitFeedback(app: SignedIn, feedbackId: string): Promise<{ ok: true } | { ok: false; unanswered: Unanswered[] }> {
	const feedback = await getOwnFeedback(app, feedbackId)
	return app.em.transactional(async (tx) => {
		await lockEditable(tx, feedback.id)
		const unanswered = await listUnanswered(tx, feedback)
		if (unanswered.length) return { ok: false as const, unanswered }
		await tx.execute(
			`update feedback set status = 'complete', submitted_at = now(), updated_at = now() where id = ? and status <> 'complete'`,
			[feedback.id],
		)
		audit(tx as never, app.auth, 'feedback.submit', { type: 'Feedback', id: feedback.id, schoolId: actingSchool(app) })
		await tx.flush()
		return { ok: true as const }
	})
}
