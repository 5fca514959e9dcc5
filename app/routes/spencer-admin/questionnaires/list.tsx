import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useLocation } from 'react-router'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { plural } from '#app/components/questionnaires/plural.ts'
import { StatusBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { ButtonLink, Link } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { ModalButton, UrlModal } from '#app/components/ui/UrlModal.tsx'
import { isModalOpen, withoutModals } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import {
	archiveQuestionnaire,
	createQuestionnaire,
	deleteQuestionnaire,
	getQuestionnaire,
	listQuestionnaires,
	publishQuestionnaire,
	updateQuestionnaire,
} from '#app/services/questionnaires.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/list.ts'
import { QuestionnaireForm, resultFor } from './+parts/forms.tsx'
import { pageAfter, postedId, refused } from './+parts/respond.server.ts'
import { QuestionnaireSchema } from './+parts/schemas.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const url = new URL(request.url)
	const questionnaires = await listQuestionnaires(app)
	let editing: { id: string; title: string; description: string } | null = null
	if (isModalOpen(url.searchParams, 'edit-questionnaire')) {
		const questionnaire = await getQuestionnaire(app, recordId(url.searchParams.get('id')))
		editing = { id: questionnaire.id, title: questionnaire.title, description: questionnaire.description ?? '' }
	}
	return { questionnaires, editing }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const back = pageAfter(request)

	if (intent === 'create' || intent === 'edit') {
		const submission = parseWithZod(formData, { schema: QuestionnaireSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		if (intent === 'create') {
			const questionnaire = await createQuestionnaire(app, submission.value)
			return redirectWithToast(app.em, `/spencer-admin/questionnaires/${questionnaire.id}`, {
				type: 'success',
				title: 'Questionnaire created',
				description: 'Now add its domains and questions.',
			})
		}
		await updateQuestionnaire(app, postedId(formData), submission.value)
		return redirectWithToast(app.em, back, { type: 'success', title: 'Questionnaire saved' })
	}

	const id = postedId(formData)
	try {
		if (intent === 'publish') {
			await publishQuestionnaire(app, id)
			return redirectWithToast(app.em, back, { type: 'success', title: 'Questionnaire published', description: 'Every school can now use it.' })
		}
		if (intent === 'archive') {
			await archiveQuestionnaire(app, id)
			return redirectWithToast(app.em, back, { type: 'success', title: 'Questionnaire archived' })
		}
		if (intent === 'delete') {
			await deleteQuestionnaire(app, id)
			return redirectWithToast(app.em, back, { type: 'success', title: 'Questionnaire deleted' })
		}
	} catch (error) {
		return refused(app, back, error)
	}
	return data({ intent: null, result: null }, { status: 400 })
}

export default function QuestionnaireList({ loaderData, actionData }: Route.ComponentProps) {
	const { questionnaires, editing } = loaderData
	const location = useLocation()
	const here = withoutModals(location, ['id'])
	const deleting = questionnaires.find((questionnaire) => questionnaire.id === new URLSearchParams(location.search).get('id'))
	return (
		<section aria-labelledby="questionnaires-heading" className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<h2 id="questionnaires-heading" className="text-lg font-semibold text-slate-900">
					All questionnaires
				</h2>
				<ModalButton modal="create-questionnaire">
					Create questionnaire
				</ModalButton>
			</div>
			{questionnaires.length === 0 ? (
				<p className="text-slate-700">No questionnaires yet. Create one to start.</p>
			) : (
				<Table caption="Questionnaires" hideCaption className="rounded-lg bg-white">
					<TableHeader>
						<tr>
							<Column>Title</Column>
							<Column>Status</Column>
							<Column numeric>Domains</Column>
							<Column numeric>Questions</Column>
							<Column numeric>Connected profiles</Column>
							<Column>Actions</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{questionnaires.map((questionnaire) => (
							<Row key={questionnaire.id}>
								<RowHeader>
									<Link to={`/spencer-admin/questionnaires/${questionnaire.id}`}>{questionnaire.title}</Link>
								</RowHeader>
								<Cell>
									<StatusBadge status={questionnaire.status} />
								</Cell>
								<Cell numeric>{questionnaire.domains}</Cell>
								<Cell numeric>{questionnaire.questions}</Cell>
								<Cell numeric>{questionnaire.profiles}</Cell>
								<Cell>
									<div className="flex flex-wrap items-center gap-2">
										<ModalButton
											modal="edit-questionnaire"
											params={{ id: questionnaire.id }}
											variant="secondary"
											size="sm"
										>
											Edit<span className="sr-only"> {questionnaire.title}</span>
										</ModalButton>
										<ButtonLink to={`/spencer-admin/questionnaires/${questionnaire.id}/preview`} variant="secondary" size="sm">
											Preview<span className="sr-only"> {questionnaire.title}</span>
										</ButtonLink>
										<Form method="post" action={here}>
											<input type="hidden" name="id" value={questionnaire.id} />
											{questionnaire.status === 'published' ? (
												<SubmitButton intent="archive" variant="secondary" size="sm">
													Archive<span className="sr-only"> {questionnaire.title}</span>
												</SubmitButton>
											) : (
												<SubmitButton intent="publish" variant="secondary" size="sm">
													Publish<span className="sr-only"> {questionnaire.title}</span>
												</SubmitButton>
											)}
										</Form>
										<ModalButton
											modal="delete-questionnaire"
											params={{ id: questionnaire.id }}
											variant="danger"
											size="sm"
										>
											Delete<span className="sr-only"> {questionnaire.title}</span>
										</ModalButton>
									</div>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}

			<UrlModal name="create-questionnaire" title="Create questionnaire">
				<QuestionnaireForm intent="create" submitLabel="Create questionnaire" lastResult={resultFor(actionData, 'create')} />
			</UrlModal>
			{editing ? (
				<UrlModal name="edit-questionnaire" title="Edit questionnaire">
					<QuestionnaireForm
						key={editing.id}
						intent="edit"
						submitLabel="Save questionnaire"
						hidden={{ id: editing.id }}
						defaultValue={{ title: editing.title, description: editing.description }}
						lastResult={resultFor(actionData, 'edit')}
					/>
				</UrlModal>
			) : null}
			{deleting ? (
				<ConfirmModal
					name="delete-questionnaire"
					title="Delete questionnaire"
					intent="delete"
					fields={{ id: deleting.id }}
					confirmLabel="Delete questionnaire"
				>
					<p>
						Delete “{deleting.title}” with its {plural(deleting.domains, 'domain')} and {plural(deleting.questions, 'question')}? This cannot be
						undone. A questionnaire with connected profiles cannot be deleted; archive it instead.
					</p>
				</ConfirmModal>
			) : null}
		</section>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Questionnaires · Spencer' }]
