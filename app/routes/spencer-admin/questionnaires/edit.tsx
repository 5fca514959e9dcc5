import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { plural } from '#app/lib/plural.ts'
import { StatusBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink, Link } from '#app/components/ui/Link.tsx'
import { ModalButton } from '#app/components/ui/ModalButton.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { getQuestionnaireStructure } from '#app/services/questionnaires.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { themeOptions } from '#app/services/themes.server.ts'
import type { Route } from './+types/edit.ts'
import { editorAction } from './+parts/editor-actions.server.ts'
import { DomainForm, QuestionForm, QuestionnaireForm, resultFor } from './+parts/forms.tsx'
import { Structure } from './+parts/Structure.tsx'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const [questionnaire, themes] = await Promise.all([getQuestionnaireStructure(app, recordId(params.id)), themeOptions(app)])
	return { questionnaire, themes }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	return editorAction(app, recordId(params.id), await request.formData())
}

export default function EditQuestionnaire({ loaderData, actionData }: Route.ComponentProps) {
	const { questionnaire, themes } = loaderData
	const location = useLocation()
	const target = new URLSearchParams(location.search)
	const domain = questionnaire.domains.find((item) => item.id === (target.get('id') ?? target.get('domainId')))
	const question = questionnaire.domains.flatMap((item) => item.questions).find((item) => item.id === target.get('id'))
	const questionCount = questionnaire.domains.reduce((sum, item) => sum + item.questions.length, 0)
	return (
		<>
			<p className="mb-4 text-sm">
				<Link to="/spencer-admin/questionnaires/list">Back to questionnaires</Link>
			</p>
			<PageHeader title={questionnaire.title}>{questionnaire.description}</PageHeader>
			<div className="-mt-4 mb-6 flex flex-wrap items-center gap-3">
				<StatusBadge status={questionnaire.status} />
				<span className="text-sm text-slate-700">
					{plural(questionnaire.domains.length, 'domain')}, {plural(questionCount, 'question')},{' '}
					{plural(questionnaire.profiles, 'connected profile')}
				</span>
				<ModalButton modal="edit-questionnaire" variant="secondary" size="sm">
					Edit title and description
				</ModalButton>
				<ButtonLink to={`/spencer-admin/questionnaires/${questionnaire.id}/preview`} variant="secondary" size="sm">
					Preview
				</ButtonLink>
				<Form method="post">
					{questionnaire.status === 'published' ? (
						<SubmitButton intent="archive" variant="secondary" size="sm">
							Archive
						</SubmitButton>
					) : (
						<SubmitButton intent="publish" size="sm">
							Publish
						</SubmitButton>
					)}
				</Form>
			</div>

			{questionnaire.locked ? (
				<p role="note" className="mb-6 max-w-3xl rounded-md border border-amber-600 bg-amber-50 p-4 text-amber-950">
					<strong className="font-semibold">Structure locked.</strong> This questionnaire has{' '}
					{plural(questionnaire.profiles, 'connected profile')}, so its domains and questions can no longer be added, removed or
					reordered. You can still edit their wording: the title, names, descriptions and question text.
				</p>
			) : null}

			<section aria-labelledby="domains-heading" className="flex flex-col gap-4">
				<div className="flex flex-wrap items-center justify-between gap-4">
					<h2 id="domains-heading" className="text-xl font-semibold text-slate-900">
						Domains and questions
					</h2>
					{questionnaire.locked ? null : (
						<ModalButton modal="add-domain">
							Add domain
						</ModalButton>
					)}
				</div>
				<Structure domains={questionnaire.domains} locked={questionnaire.locked} />
			</section>

			<UrlModal name="edit-questionnaire" title="Edit questionnaire">
				<QuestionnaireForm
					intent="edit-questionnaire"
					submitLabel="Save questionnaire"
					defaultValue={{ title: questionnaire.title, description: questionnaire.description ?? '' }}
					lastResult={resultFor(actionData, 'edit-questionnaire')}
				/>
			</UrlModal>
			<UrlModal name="add-domain" title="Add domain">
				<DomainForm intent="add-domain" submitLabel="Add domain" lastResult={resultFor(actionData, 'add-domain')} />
			</UrlModal>
			{domain ? (
				<>
					<UrlModal name="edit-domain" title="Edit domain">
						<DomainForm
							key={domain.id}
							intent="edit-domain"
							submitLabel="Save domain"
							hidden={{ id: domain.id }}
							defaultValue={{ name: domain.name, description: domain.description ?? '' }}
							lastResult={resultFor(actionData, 'edit-domain')}
						/>
					</UrlModal>
					<UrlModal name="add-question" title={`Add question to ${domain.name}`}>
						<QuestionForm
							key={domain.id}
							intent="add-question"
							submitLabel="Add question"
							hidden={{ domainId: domain.id }}
							themes={themes}
							lastResult={resultFor(actionData, 'add-question')}
						/>
					</UrlModal>
					<ConfirmModal name="delete-domain" title="Delete domain" intent="delete-domain" fields={{ id: domain.id }} confirmLabel="Delete domain">
						<p>
							Delete the domain “{domain.name}” and its {plural(domain.questions.length, 'question')}? This cannot be undone.
						</p>
					</ConfirmModal>
				</>
			) : null}
			{question ? (
				<>
					<UrlModal name="edit-question" title="Edit question">
						<QuestionForm
							key={question.id}
							intent="edit-question"
							submitLabel="Save question"
							hidden={{ id: question.id }}
							themes={themes}
							locked={questionnaire.locked}
							lockedTheme={question.themeName}
							defaultValue={{ text: question.text, themeId: question.themeId ?? '', reverse: question.reverse }}
							lastResult={resultFor(actionData, 'edit-question')}
						/>
					</UrlModal>
					<ConfirmModal
						name="delete-question"
						title="Delete question"
						intent="delete-question"
						fields={{ id: question.id }}
						confirmLabel="Delete question"
					>
						<p>Delete the question “{question.text}”? This cannot be undone.</p>
					</ConfirmModal>
				</>
			) : null}
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.questionnaire.title ?? 'Questionnaire'} · Questionnaires · Spencer` }]
