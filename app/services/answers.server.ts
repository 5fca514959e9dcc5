import { sql, type AliasableExpression, type Expression, type Kysely } from 'kysely'
import { containsPattern } from '#app/lib/like.ts'
import type { ListQuery } from '#app/lib/pagination.ts'
import { FEEDBACK_STATUSES, type FeedbackStatus, type ProfileKind } from '#app/models/enums.ts'
import { audit } from './audit.server.ts'
import type { SignedIn } from './guards.server.ts'
import { isUuid } from './ids.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { dueOn, uuidArray } from './profiles.server.ts'
import { oneOf } from './list-params.server.ts'
import { Refusal } from './questionnaires.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import { pageAndTotal, typedSql, type Database } from './typed-sql.server.ts'
import { dateOnly } from '#app/lib/format.ts'

/**
 * Giving feedback: the rounds a respondent must answer, the domains of one
 * feedback with their progress, one domain's questions, saving answers and
 * submitting. Only the feedback's respondent reaches any of it; anyone else
 * gets 404.
 */


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
	opens_on: Date | string
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

/** A feedback with its round, profile, student and questionnaire: `f`, `r`, `p`, `s`, `q`. */
export function assignedFrom(db: Kysely<Database>) {
	return db
		.selectFrom('feedback as f')
		.innerJoin('round as r', 'r.id', 'f.round_id')
		.innerJoin('profile as p', 'p.id', 'r.profile_id')
		.innerJoin('student as s', 's.id', 'p.student_id')
		.innerJoin('questionnaire as q', 'q.id', 'p.questionnaire_id')
}
type Assigned = ReturnType<typeof assignedFrom>

const ASSIGNED_COLUMNS = ['f.id', 's.first_name', 's.last_name', 'q.title', 'r.index', 'r.opens_on', 'p.kind', 'p.interval_weeks', 'f.status'] as const


/** Whose feedback: one respondent's (what I must answer), or every respondent's of a school (its figure). */
export type AnswerScope = { membershipId: string; schoolId: string } | { schoolId: string | null }

/**
 * What must still be answered (docs/architecture.md#routes: `questionnaires/:id` is "a feedback the user must
 * give", one respondent × one round), as the conditions on `assignedFrom`: feedback not yet
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
function whereMustAnswer(query: Assigned, scope: AnswerScope, today = todayInUk()): Assigned {
	return query
		.$if('membershipId' in scope, (qb) => qb.where('f.respondent_id', '=', (scope as { membershipId: string }).membershipId))
		.where('p.school_id', '=', scope.schoolId as string)
		.where('f.status', '<>', 'complete')
		.where('p.status', '=', 'active')
		.where('s.archived', '=', false)
		.where((eb) => eb('r.opens_on', '<=', eb.cast<string>(eb.val(today), 'date')))
		.where((eb) =>
			eb.or([
				// Taken off the profile: what they never started is withdrawn, what they started they may finish (ADR 027).
				eb('f.status', '=', 'inProgress'),
				eb.exists(
					eb
						.selectFrom('profile_respondent as pr')
						.select(eb.lit(1).as('one'))
						.whereRef('pr.profile_id', '=', 'p.id')
						.whereRef('pr.membership_id', '=', 'f.respondent_id'),
				),
			]),
		)
		.where((eb) =>
			eb.exists(
				eb
					.selectFrom('school_membership as m')
					.select(eb.lit(1).as('one'))
					.whereRef('m.id', '=', 'f.respondent_id')
					.whereRef('m.school_id', '=', 'p.school_id')
					.where('m.access', '=', 'active'),
			),
		)
}

/**
 * How many feedback must be answered in a scope, as a subquery for a typed select; with `aboutStudent`, an outer
 * query's student id, only about that student.
 */
export function mustAnswerCount(db: Kysely<Database>, scope: AnswerScope, aboutStudent?: Expression<string>): AliasableExpression<number> {
	return whereMustAnswer(assignedFrom(db), scope)
		.$if(aboutStudent !== undefined, (qb) => qb.where('s.id', '=', aboutStudent!))
		.select(sql<number>`count(*)::int`.as('total'))
		.$asScalar()
}

/** How many feedback the acting user must give: the total of the Questionnaires list as it opens. */
export async function countToAnswer(app: SignedIn): Promise<number> {
	const db = typedSql(app.em)
	const row = await db
		.selectNoFrom(mustAnswerCount(db, ownScope(app)).as('total'))
		.executeTakeFirst()
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
	const assigned = assignedFrom(typedSql(app.em))
	let matching =
		status === 'complete'
			? assigned
					.where('f.respondent_id', '=', scope.membershipId)
					.where('p.school_id', '=', scope.schoolId)
					.where('f.status', '=', 'complete')
					.where('s.archived', '=', false)
			: whereMustAnswer(assigned, scope)
	if (status && status !== 'complete') matching = matching.where('f.status', '=', status)
	if (query.q) {
		const search = containsPattern(query.q)
		matching = matching.where((eb) => eb(eb.fn('lower', [sql<string>`${eb.ref('s.first_name')} || ' ' || ${eb.ref('s.last_name')}`]), 'like', search))
	}
	const sorted = matching
		.select(ASSIGNED_COLUMNS)
		.orderBy('r.opens_on')
		.orderBy((eb) => eb.fn('lower', ['s.last_name']))
		.orderBy('f.id')
	const { rows, total } = await pageAndTotal(matching, sorted, query)
	return { rows: rows.map(toAssigned), total }
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
	const row = await assignedFrom(typedSql(app.em))
		.select([...ASSIGNED_COLUMNS, 's.id as student_id', 'q.id as questionnaire_id', 'p.status as profile_status', 'f.submitted_at'])
		.where('f.id', '=', id)
		.where('f.respondent_id', '=', app.auth.membershipId)
		.where('p.school_id', '=', schoolId)
		.executeTakeFirst()
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
	return typedSql(app.em)
		.selectFrom('domain as d')
		.leftJoin('question as qu', 'qu.domain_id', 'd.id')
		.leftJoin('answer as a', (join) => join.onRef('a.question_id', '=', 'qu.id').on('a.feedback_id', '=', feedback.id))
		.select((eb) => ['d.id', 'd.name', eb.cast<number>(eb.fn.count('qu.id'), 'integer').as('total'), eb.cast<number>(eb.fn.count('a.id'), 'integer').as('answered')])
		.where('d.questionnaire_id', '=', feedback.questionnaireId)
		.groupBy(['d.id', 'd.name', 'd.position'])
		.orderBy('d.position')
		.execute()
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
	const db = typedSql(app.em)
	const [domains, questions] = await Promise.all([
		db.selectFrom('domain').select(['id', 'name', 'description']).where('questionnaire_id', '=', feedback.questionnaireId).orderBy('position').execute(),
		db
			.selectFrom('question as qu')
			.innerJoin('domain as d', (join) => join.onRef('d.id', '=', 'qu.domain_id').on('d.questionnaire_id', '=', feedback.questionnaireId))
			.leftJoin('answer as a', (join) => join.onRef('a.question_id', '=', 'qu.id').on('a.feedback_id', '=', feedback.id))
			.select(['qu.id', 'qu.text', 'a.value'])
			.where('qu.domain_id', '=', domainId)
			.orderBy('qu.position')
			.execute(),
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
	const row = await typedSql(tx)
		.selectFrom('feedback as f')
		.innerJoin('round as r', 'r.id', 'f.round_id')
		.innerJoin('profile as p', 'p.id', 'r.profile_id')
		.select(['f.status', 'p.status as profile_status'])
		.where('f.id', '=', feedbackId)
		.forUpdate(['f', 'p'])
		.executeTakeFirst()
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
	// One answer a question: a form posts each question once, and a post that repeats one (by hand) keeps its last value
	// rather than asking the upsert to change one row twice, which PostgreSQL refuses.
	const valid = [
		...new Map(
			answers
				.filter((answer) => isUuid(answer.questionId) && Number.isInteger(answer.value) && answer.value >= 0 && answer.value <= 4)
				.map((answer) => [answer.questionId.toLowerCase(), answer.value]),
		),
	].map(([questionId, value]) => ({ questionId, value }))
	if (valid.length === 0) return feedback
	await app.em.transactional(async (tx) => {
		await lockEditable(tx, feedback.id)
		const db = typedSql(tx)
		const posted = sql<{ question_id: string; value: number }>`unnest(${uuidArray(valid.map((answer) => answer.questionId))}::uuid[], ${`{${valid.map((answer) => answer.value).join(',')}}`}::smallint[])`.as<'posted'>(
			sql`posted(question_id, value)`,
		)
		await db
			.insertInto('answer')
			.columns(['id', 'created_at', 'updated_at', 'feedback_id', 'question_id', 'value'])
			.expression(
				db
					.selectFrom(posted)
					.innerJoin('question as qu', (join) => join.onRef('qu.id', '=', 'posted.question_id').on('qu.domain_id', '=', domainId))
					.innerJoin('domain as d', (join) => join.onRef('d.id', '=', 'qu.domain_id').on('d.questionnaire_id', '=', feedback.questionnaireId))
					.select((eb) => [
						sql<string>`gen_random_uuid()`.as('id'),
						sql<Date>`now()`.as('created_at'),
						sql<Date>`now()`.as('updated_at'),
						eb.cast<string>(eb.val(feedback.id), 'uuid').as('feedback_id'),
						'posted.question_id',
						'posted.value',
					]),
			)
			.onConflict((conflict) =>
				conflict.columns(['feedback_id', 'question_id']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: sql`now()` })),
			)
			.execute()
		await db
			.updateTable('feedback')
			.set({ status: 'inProgress', updated_at: sql`now()` })
			.where('id', '=', feedback.id)
			.where('status', '=', 'incomplete')
			.where((eb) => eb.exists(eb.selectFrom('answer').select(eb.lit(1).as('one')).where('feedback_id', '=', feedback.id)))
			.execute()
		audit(tx, app.auth, 'feedback.answer', { type: 'Feedback', id: feedback.id, schoolId: actingSchool(app) })
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
	const questions = await typedSql(em)
		.selectFrom('domain as d')
		.innerJoin('question as qu', 'qu.domain_id', 'd.id')
		.leftJoin('answer as a', (join) => join.onRef('a.question_id', '=', 'qu.id').on('a.feedback_id', '=', feedback.id))
		.select((eb) => ['d.id as domain_id', 'd.name as domain', 'qu.id', 'qu.text', eb('a.id', 'is not', null).as('answered')])
		.where('d.questionnaire_id', '=', feedback.questionnaireId)
		.orderBy('d.position')
		.orderBy('qu.position')
		.execute()
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
		await typedSql(tx)
			.updateTable('feedback')
			.set({ status: 'complete', submitted_at: sql`now()`, updated_at: sql`now()` })
			.where('id', '=', feedback.id)
			.where('status', '<>', 'complete')
			.execute()
		audit(tx, app.auth, 'feedback.submit', { type: 'Feedback', id: feedback.id, schoolId: actingSchool(app) })
		await tx.flush()
		return { ok: true as const }
	})
}
