import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { SignedIn } from '#app/services/guards.server.ts'
import {
	addDomain,
	addQuestion,
	archiveQuestionnaire,
	deleteDomain,
	deleteQuestion,
	isStructureLocked,
	moveDomain,
	moveQuestion,
	publishQuestionnaire,
	updateDomain,
	updateQuestion,
	updateQuestionnaire,
} from '#app/services/questionnaires.server.ts'
import { FieldProblem } from '#app/services/themes.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { postedId } from '#app/services/ids.server.ts'
import { refused } from '#app/services/respond.server.ts'
import { DomainSchema, NO_THEME, QuestionSchema, QuestionTextSchema, QuestionnaireSchema } from './schemas.ts'

const MOVES = {
	'domain-up': { kind: 'domain', direction: 'up' },
	'domain-down': { kind: 'domain', direction: 'down' },
	'question-up': { kind: 'question', direction: 'up' },
	'question-down': { kind: 'question', direction: 'down' },
} as const

/**
 * The editor's writes, told apart by `intent`. Field errors answer 400 with
 * the submission; refusals (1005, a locked structure) go back with a toast.
 */
export async function editorAction(app: SignedIn, questionnaireId: string, formData: FormData) {
	const intent = String(formData.get('intent') ?? '')
	const page = `/spencer-admin/questionnaires/${questionnaireId}`
	const done = (title: string, hash = '') => redirectWithToast(app.em, `${page}${hash}`, { type: 'success', title })

	try {
		switch (intent) {
			case 'edit-questionnaire': {
				const submission = parseWithZod(formData, { schema: QuestionnaireSchema })
				if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
				await updateQuestionnaire(app, questionnaireId, submission.value)
				return done('Questionnaire saved')
			}
			case 'add-domain':
			case 'edit-domain': {
				const submission = parseWithZod(formData, { schema: DomainSchema })
				if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
				if (intent === 'add-domain') {
					const domain = await addDomain(app, questionnaireId, submission.value)
					return done('Domain added', `#domain-${domain.id}`)
				}
				const id = postedId(formData)
				await updateDomain(app, questionnaireId, id, submission.value)
				return done('Domain saved', `#domain-${id}`)
			}
			case 'add-question': {
				const submission = parseWithZod(formData, { schema: QuestionSchema })
				if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
				const { text, themeId, reverse } = submission.value
				try {
					const question = await addQuestion(app, questionnaireId, postedId(formData, 'domainId'), {
						text,
						themeId: themeId && themeId !== NO_THEME ? themeId : null,
						reverse: reverse ?? false,
					})
					return done('Question added', `#question-${question.id}`)
				} catch (error) {
					if (!(error instanceof FieldProblem)) throw error
					return data({ intent, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 })
				}
			}
			case 'edit-question': {
				const id = postedId(formData)
				if (await isStructureLocked(app, questionnaireId)) {
					const submission = parseWithZod(formData, { schema: QuestionTextSchema })
					if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
					await updateQuestion(app, questionnaireId, id, { text: submission.value.text })
					return done('Question saved', `#question-${id}`)
				}
				const submission = parseWithZod(formData, { schema: QuestionSchema })
				if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
				const { text, themeId, reverse } = submission.value
				try {
					await updateQuestion(app, questionnaireId, id, {
						text,
						themeId: themeId && themeId !== NO_THEME ? themeId : null,
						reverse: reverse ?? false,
					})
				} catch (error) {
					if (!(error instanceof FieldProblem)) throw error
					return data({ intent, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 })
				}
				return done('Question saved', `#question-${id}`)
			}
			case 'delete-domain':
				await deleteDomain(app, questionnaireId, postedId(formData))
				return done('Domain deleted')
			case 'delete-question':
				await deleteQuestion(app, questionnaireId, postedId(formData))
				return done('Question deleted')
			case 'publish':
				await publishQuestionnaire(app, questionnaireId)
				return done('Questionnaire published')
			case 'archive':
				await archiveQuestionnaire(app, questionnaireId)
				return done('Questionnaire archived')
			case 'domain-up':
			case 'domain-down':
			case 'question-up':
			case 'question-down': {
				const { kind, direction } = MOVES[intent]
				const id = postedId(formData)
				if (kind === 'domain') await moveDomain(app, questionnaireId, id, direction)
				else await moveQuestion(app, questionnaireId, id, direction)
				// The hash names the button pressed, so focus can return to it (and, without JavaScript, the page scrolls there).
				return done(`${kind === 'domain' ? 'Domain' : 'Question'} moved ${direction}`, `#${intent}-${id}`)
			}
		}
	} catch (error) {
		return refused(app, page, error)
	}
	return data({ intent: null, result: null }, { status: 400 })
}
