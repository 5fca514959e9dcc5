import { AppError } from '#app/lib/errors.ts'
import type { ExpressionBuilder } from 'kysely'
import { Domain, Profile, Question, Questionnaire, type QuestionnaireStatus } from '#app/models/index.ts'
import type { AppContext } from '#app/context.ts'
import { audit } from './audit.server.ts'
import type { Em } from './database.server.ts'
import { mapConstraintErrors } from './db-errors.server.ts'
import type { SignedIn } from './guards.server.ts'
import { requireThemeChoice } from './themes.server.ts'
import { notFound } from './tenancy.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'

/**
 * A write the questionnaire's state does not allow and that has no catalogue
 * code (reordering a questionnaire in use, publishing an empty one): the
 * route shows it as an error toast.
 */
export class Refusal extends Error {
	readonly title: string
	constructor(title: string, message: string) {
		super(message)
		this.name = 'Refusal'
		this.title = title
	}
}

export const STRUCTURE_LOCKED =
	'This questionnaire has connected profiles, so its domains and questions can no longer be added, removed or reordered. Their wording can still be edited.'

const structureLocked = () => new Refusal('The structure is locked', STRUCTURE_LOCKED)

export type QuestionnaireRow = {
	id: string
	title: string
	status: QuestionnaireStatus
	domains: number
	questions: number
	profiles: number
}

/** Every questionnaire with its counts of domains, questions and connected profiles: one query, whatever their number. */
export async function listQuestionnaires({ em }: AppContext): Promise<QuestionnaireRow[]> {
	const rows = await typedSql(em)
		.selectFrom('questionnaire as q')
		.select((eb) => [
			'q.id',
			'q.title',
			'q.status',
			eb
				.selectFrom('domain as d')
				.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
				.whereRef('d.questionnaire_id', '=', 'q.id')
				.as('domains'),
			eb
				.selectFrom('question as x')
				.innerJoin('domain as d', 'd.id', 'x.domain_id')
				.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
				.whereRef('d.questionnaire_id', '=', 'q.id')
				.as('questions'),
			eb
				.selectFrom('profile as p')
				.select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'))
				.whereRef('p.questionnaire_id', '=', 'q.id')
				.as('profiles'),
		])
		.orderBy((eb) => eb.case().when('q.status', '=', 'published').then(0).when('q.status', '=', 'draft').then(1).else(2).end())
		.orderBy((eb) => eb.fn('lower', ['q.title']))
		.orderBy('q.id')
		.execute()
	return rows.map((row) => ({
		id: row.id,
		title: row.title,
		status: row.status,
		domains: row.domains ?? 0,
		questions: row.questions ?? 0,
		profiles: row.profiles ?? 0,
	}))
}

export async function getQuestionnaire({ em }: AppContext, id: string): Promise<Questionnaire> {
	const questionnaire = await em.findOne(Questionnaire, { id })
	if (!questionnaire) throw notFound()
	return questionnaire
}

/** Profiles of every school that use the questionnaire: a platform-wide count, as the lock is. */
async function profileCount(em: Em, questionnaireId: string): Promise<number> {
	return em.count(Profile, { questionnaire: questionnaireId })
}

/** Whether the questionnaire has connected profiles, which lock its structure (404 when it does not exist). */
export async function isStructureLocked(app: AppContext, id: string): Promise<boolean> {
	const questionnaire = await getQuestionnaire(app, id)
	return (await profileCount(app.em, questionnaire.id)) > 0
}

export type QuestionView = {
	id: string
	position: number
	text: string
	themeId: string | null
	themeName: string | null
	reverse: boolean
}
export type DomainView = { id: string; position: number; name: string; description: string | null; questions: QuestionView[] }
export type QuestionnaireStructure = {
	id: string
	title: string
	description: string | null
	status: QuestionnaireStatus
	profiles: number
	/** With connected profiles, domains and questions can be reworded but not added, removed or reordered. */
	locked: boolean
	domains: DomainView[]
}

/** A questionnaire with its domains and their questions, in order: four queries. */
export async function getQuestionnaireStructure(app: AppContext, id: string): Promise<QuestionnaireStructure> {
	const { em } = app
	const db = typedSql(em)
	const questionnaire = await getQuestionnaire(app, id)
	const [domains, questions, profiles] = await Promise.all([
		db
			.selectFrom('domain')
			.select(['id', 'position', 'name', 'description'])
			.where('questionnaire_id', '=', questionnaire.id)
			.orderBy('position')
			.orderBy('created_at')
			.orderBy('id')
			.execute(),
		db
			.selectFrom('question as x')
			.innerJoin('domain as d', 'd.id', 'x.domain_id')
			.leftJoin('theme as t', 't.id', 'x.theme_id')
			.select(['x.id', 'x.domain_id', 'x.position', 'x.text', 'x.theme_id', 't.name as theme_name', 'x.reverse'])
			.where('d.questionnaire_id', '=', questionnaire.id)
			.orderBy('x.position')
			.orderBy('x.created_at')
			.orderBy('x.id')
			.execute(),
		profileCount(em, questionnaire.id),
	])
	const byDomain = new Map<string, QuestionView[]>()
	for (const question of questions) {
		const list = byDomain.get(question.domain_id) ?? []
		list.push({
			id: question.id,
			position: question.position,
			text: question.text,
			themeId: question.theme_id,
			themeName: question.theme_name,
			reverse: question.reverse,
		})
		byDomain.set(question.domain_id, list)
	}
	return {
		id: questionnaire.id,
		title: questionnaire.title,
		description: questionnaire.description ?? null,
		status: questionnaire.status,
		profiles,
		locked: profiles > 0,
		domains: domains.map((domain) => ({
			id: domain.id,
			position: domain.position,
			name: domain.name,
			description: domain.description,
			questions: byDomain.get(domain.id) ?? [],
		})),
	}
}

export type QuestionnaireInput = { title: string; description?: string | null }

export async function createQuestionnaire({ em, auth }: SignedIn, input: QuestionnaireInput): Promise<Questionnaire> {
	const questionnaire = em.create(Questionnaire, { title: input.title, description: input.description ?? null, status: 'draft' })
	audit(em, auth, 'questionnaire.create', { type: 'Questionnaire', id: questionnaire.id, schoolId: null })
	await em.flush()
	return questionnaire
}

/** Title and description are wording: editable even once profiles use the questionnaire. */
export async function updateQuestionnaire(app: SignedIn, id: string, input: QuestionnaireInput): Promise<Questionnaire> {
	const questionnaire = await getQuestionnaire(app, id)
	questionnaire.title = input.title
	questionnaire.description = input.description ?? null
	audit(app.em, app.auth, 'questionnaire.update', { type: 'Questionnaire', id: questionnaire.id, schoolId: null })
	await app.em.flush()
	return questionnaire
}

/** Publishing makes it available to every school; it needs at least one question. */
export async function publishQuestionnaire(app: SignedIn, id: string): Promise<void> {
	const questionnaire = await getQuestionnaire(app, id)
	await app.em.transactional(async (tx) => {
		// The row locked as a delete of a question locks it (keepAQuestionIfPublished): a delete of the last question and
		// this count cannot pass each other.
		await typedSql(tx).selectFrom('questionnaire').select('id').where('id', '=', questionnaire.id).forUpdate().execute()
		const questions = await tx.count(Question, { domain: { questionnaire: questionnaire.id } })
		if (!questions) throw new Refusal('Not published', 'Add at least one domain with a question before publishing this questionnaire.')
		await typedSql(tx).updateTable('questionnaire').set({ status: 'published', updated_at: new Date() }).where('id', '=', questionnaire.id).execute()
		audit(tx, app.auth, 'questionnaire.publish', { type: 'Questionnaire', id: questionnaire.id, schoolId: null })
		await tx.flush()
	})
}

/** Archiving takes it out of use for new profiles; existing profiles keep it. */
export async function archiveQuestionnaire(app: SignedIn, id: string): Promise<void> {
	const questionnaire = await getQuestionnaire(app, id)
	questionnaire.status = 'archived'
	audit(app.em, app.auth, 'questionnaire.archive', { type: 'Questionnaire', id: questionnaire.id, schoolId: null })
	await app.em.flush()
}

/**
 * Deletes a questionnaire with its domains and questions (the foreign keys
 * cascade). With connected profiles it is 1005 — checked first, and enforced
 * by the profile's foreign key.
 */
export async function deleteQuestionnaire(app: SignedIn, id: string): Promise<void> {
	const questionnaire = await getQuestionnaire(app, id)
	if ((await profileCount(app.em, questionnaire.id)) > 0) throw new AppError(1005)
	await mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			await tx.nativeDelete(Questionnaire, { id: questionnaire.id })
			audit(tx, app.auth, 'questionnaire.delete', { type: 'Questionnaire', id: questionnaire.id, schoolId: null })
			await tx.flush()
		}),
	)
}

export type Direction = 'up' | 'down'

/** Positions 0…n-1 in the given order; only the rows whose position changes are written. */
function renumber<T extends { position: number }>(items: T[]) {
	items.forEach((item, index) => {
		if (item.position !== index) item.position = index
	})
}

function moved<T>(items: T[], index: number, direction: Direction): T[] | null {
	const target = direction === 'up' ? index - 1 : index + 1
	if (index < 0 || target < 0 || target >= items.length) return null
	const next = [...items]
	const [item] = next.splice(index, 1)
	next.splice(target, 0, item as T)
	return next
}

/**
 * A delete that would leave a published questionnaire without a question is refused (the transaction undoes it):
 * publishing asks for one, and schools could otherwise give staff a questionnaire of "0 of 0 questions". The row is
 * locked first, so that two deletes of its last two questions cannot each see the other's still there.
 */
async function keepAQuestionIfPublished(tx: Em, questionnaireId: string, remove: () => Promise<unknown>): Promise<void> {
	const [questionnaire] = await typedSql(tx).selectFrom('questionnaire').select('status').where('id', '=', questionnaireId).forUpdate().execute()
	await remove()
	if (questionnaire?.status !== 'published') return
	if (await tx.count(Question, { domain: { questionnaire: questionnaireId } })) return
	throw new Refusal('Not deleted', 'A published questionnaire needs at least one question. Add another question first, or archive the questionnaire.')
}

async function lockedQuestionnaire(tx: Em, questionnaireId: string): Promise<boolean> {
	return (await profileCount(tx, questionnaireId)) > 0
}

function orderedDomains(tx: Em, questionnaireId: string) {
	return tx.find(Domain, { questionnaire: questionnaireId }, { orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] })
}

function orderedQuestions(tx: Em, domainId: string) {
	return tx.find(Question, { domain: domainId }, { orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] })
}

/** The position after the last of the rows (0 for none), to add one at the end. */
const nextPosition = (eb: ExpressionBuilder<Database, 'domain' | 'question'>) =>
	eb.cast<number>(eb.fn.coalesce(eb(eb.fn.max('position'), '+', 1), eb.lit(0)), 'integer')

export type DomainInput = { name: string; description?: string | null }

/** Adds a domain at the end of the questionnaire. */
export async function addDomain(app: SignedIn, questionnaireId: string, input: DomainInput): Promise<Domain> {
	const questionnaire = await getQuestionnaire(app, questionnaireId)
	return app.em.transactional(async (tx) => {
		if (await lockedQuestionnaire(tx, questionnaire.id)) throw structureLocked()
		const row = await typedSql(tx)
			.selectFrom('domain')
			.select((eb) => nextPosition(eb).as('next'))
			.where('questionnaire_id', '=', questionnaire.id)
			.executeTakeFirst()
		const domain = tx.create(Domain, {
			questionnaire: questionnaire.id,
			position: row?.next ?? 0,
			name: input.name,
			description: input.description ?? null,
		})
		audit(tx, app.auth, 'domain.create', { type: 'Domain', id: domain.id, schoolId: null })
		await tx.flush()
		return domain
	})
}

export async function getDomain({ em }: AppContext, id: string, questionnaireId?: string): Promise<Domain> {
	const domain = await em.findOne(Domain, questionnaireId ? { id, questionnaire: questionnaireId } : { id })
	if (!domain) throw notFound()
	return domain
}

/** A domain's name and description are wording: editable even once profiles use it. */
export async function updateDomain(app: SignedIn, questionnaireId: string, id: string, input: DomainInput): Promise<void> {
	const domain = await getDomain(app, id, questionnaireId)
	domain.name = input.name
	domain.description = input.description ?? null
	audit(app.em, app.auth, 'domain.update', { type: 'Domain', id: domain.id, schoolId: null })
	await app.em.flush()
}

/** Deletes a domain and its questions; the domains after it move up. 1005 once the questionnaire has profiles. */
export async function deleteDomain(app: SignedIn, questionnaireId: string, id: string): Promise<void> {
	await getDomain(app, id, questionnaireId)
	await mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			if (await lockedQuestionnaire(tx, questionnaireId)) throw new AppError(1005)
			await keepAQuestionIfPublished(tx, questionnaireId, () => tx.nativeDelete(Domain, { id }))
			renumber(await orderedDomains(tx, questionnaireId))
			audit(tx, app.auth, 'domain.delete', { type: 'Domain', id, schoolId: null })
			await tx.flush()
		}),
	)
}

/** Moves a domain one place up or down (nothing at either end). */
export async function moveDomain(app: SignedIn, questionnaireId: string, id: string, direction: Direction): Promise<void> {
	await getDomain(app, id, questionnaireId)
	await app.em.transactional(async (tx) => {
		if (await lockedQuestionnaire(tx, questionnaireId)) throw structureLocked()
		const domains = await orderedDomains(tx, questionnaireId)
		const next = moved(
			domains,
			domains.findIndex((domain) => domain.id === id),
			direction,
		)
		if (!next) return
		renumber(next)
		audit(tx, app.auth, 'domain.move', { type: 'Domain', id, schoolId: null })
		await tx.flush()
	})
}

export type QuestionInput = { text: string; themeId: string | null; reverse: boolean }

/** Adds a question at the end of a domain. */
export async function addQuestion(app: SignedIn, questionnaireId: string, domainId: string, input: QuestionInput): Promise<Question> {
	const domain = await getDomain(app, domainId, questionnaireId)
	const theme = input.themeId ? await requireThemeChoice(app, input.themeId) : null
	return mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			if (await lockedQuestionnaire(tx, questionnaireId)) throw structureLocked()
			const row = await typedSql(tx)
				.selectFrom('question')
				.select((eb) => nextPosition(eb).as('next'))
				.where('domain_id', '=', domain.id)
				.executeTakeFirst()
			const question = tx.create(Question, {
				domain: domain.id,
				position: row?.next ?? 0,
				text: input.text,
				theme: theme?.id ?? null,
				reverse: input.reverse,
			})
			audit(tx, app.auth, 'question.create', { type: 'Question', id: question.id, schoolId: null })
			await tx.flush()
			return question
		}),
	)
}

export async function getQuestion({ em }: AppContext, questionnaireId: string, id: string): Promise<Question> {
	const question = await em.findOne(Question, { id, domain: { questionnaire: questionnaireId } })
	if (!question) throw notFound()
	return question
}

/**
 * Rewords a question. Its theme and reverse flag decide how answers are
 * scored, so once the questionnaire has profiles they stay as they are:
 * leave them out (undefined) to keep them.
 */
export async function updateQuestion(
	app: SignedIn,
	questionnaireId: string,
	id: string,
	input: { text: string; themeId?: string | null; reverse?: boolean },
): Promise<void> {
	const question = await getQuestion(app, questionnaireId, id)
	const currentThemeId = question.theme?.id ?? null
	const changesScoring =
		(input.themeId !== undefined && input.themeId !== currentThemeId) || (input.reverse !== undefined && input.reverse !== question.reverse)
	if (changesScoring && (await lockedQuestionnaire(app.em, questionnaireId))) throw structureLocked()
	if (input.themeId !== undefined && input.themeId !== currentThemeId) {
		question.theme = input.themeId ? await requireThemeChoice(app, input.themeId) : null
	}
	if (input.reverse !== undefined) question.reverse = input.reverse
	question.text = input.text
	audit(app.em, app.auth, 'question.update', { type: 'Question', id: question.id, schoolId: null })
	await mapConstraintErrors(() => app.em.flush())
}

/** Deletes a question; the ones after it move up. 1005 once the questionnaire has profiles (or the question has answers). */
export async function deleteQuestion(app: SignedIn, questionnaireId: string, id: string): Promise<void> {
	const question = await getQuestion(app, questionnaireId, id)
	const domainId = question.domain.id
	await mapConstraintErrors(() =>
		app.em.transactional(async (tx) => {
			if (await lockedQuestionnaire(tx, questionnaireId)) throw new AppError(1005)
			await keepAQuestionIfPublished(tx, questionnaireId, () => tx.nativeDelete(Question, { id }))
			renumber(await orderedQuestions(tx, domainId))
			audit(tx, app.auth, 'question.delete', { type: 'Question', id, schoolId: null })
			await tx.flush()
		}),
	)
}

/** Moves a question one place up or down within its domain (nothing at either end). */
export async function moveQuestion(app: SignedIn, questionnaireId: string, id: string, direction: Direction): Promise<void> {
	const question = await getQuestion(app, questionnaireId, id)
	const domainId = question.domain.id
	await app.em.transactional(async (tx) => {
		if (await lockedQuestionnaire(tx, questionnaireId)) throw structureLocked()
		const questions = await orderedQuestions(tx, domainId)
		const next = moved(
			questions,
			questions.findIndex((item) => item.id === id),
			direction,
		)
		if (!next) return
		renumber(next)
		audit(tx, app.auth, 'question.move', { type: 'Question', id, schoolId: null })
		await tx.flush()
	})
}
