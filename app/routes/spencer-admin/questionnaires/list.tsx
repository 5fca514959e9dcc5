import { parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { plural } from '#app/lib/plural.ts'
import { StatusBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { ButtonLink, Link } from '#app/components/ui/Link.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { RowModalButton } from '#app/components/ui/ModalButton.tsx'
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
import { CatalogueSection, CreateEditModals } from './+parts/Catalogue.tsx'
import { QuestionnaireForm, type QuestionnaireValues } from './+parts/forms.tsx'
import { postedId } from '#app/services/ids.server.ts'
import { pageAfter, refused } from '#app/services/respond.server.ts'
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

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const back = pageAfter(url)

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
		<CatalogueSection id="questionnaires" title="All questionnaires" create={{ modal: 'create-questionnaire', label: 'Create questionnaire' }}>
			{questionnaires.length === 0 ? (
				<p className="text-slate-700">No questionnaires yet. Create one to start.</p>
			) : (
				<DataTable
					caption="Questionnaires"
					hideCaption
					className="rounded-lg bg-white"
					rows={questionnaires}
					columns={[
						{
							header: 'Title',
							rowHeader: true,
							cell: (questionnaire) => <Link to={`/spencer-admin/questionnaires/${questionnaire.id}`}>{questionnaire.title}</Link>,
						},
						{ header: 'Status', cell: (questionnaire) => <StatusBadge status={questionnaire.status} /> },
						{ header: 'Domains', numeric: true, cell: (questionnaire) => questionnaire.domains },
						{ header: 'Questions', numeric: true, cell: (questionnaire) => questionnaire.questions },
						{ header: 'Connected profiles', numeric: true, cell: (questionnaire) => questionnaire.profiles },
						{ header: 'Actions', cell: (questionnaire) => <QuestionnaireActions questionnaire={questionnaire} here={here} /> },
					]}
				/>
			)}

			<CreateEditModals<QuestionnaireValues>
				noun="questionnaire"
				intents={{ create: 'create', edit: 'edit' }}
				editing={editing && { id: editing.id, values: { title: editing.title, description: editing.description } }}
				actionData={actionData}
				renderForm={(props) => <QuestionnaireForm {...props} />}
			/>
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
		</CatalogueSection>
	)
}

/** A questionnaire's Edit, Preview, Publish or Archive, and Delete. */
function QuestionnaireActions({ questionnaire, here }: { questionnaire: { id: string; title: string; status: string }; here: string }) {
	return (
		<div className="flex flex-wrap items-center gap-2">
			<RowModalButton modal="edit-questionnaire" id={questionnaire.id} of={questionnaire.title}>
				Edit
			</RowModalButton>
			<ButtonLink to={`/spencer-admin/questionnaires/${questionnaire.id}/preview`} variant="secondary" size="sm">
				Preview<span className="sr-only"> {questionnaire.title}</span>
			</ButtonLink>
			<Form method="post" action={here}>
				<input type="hidden" name="id" value={questionnaire.id} />
				<SubmitButton intent={questionnaire.status === 'published' ? 'archive' : 'publish'} variant="secondary" size="sm">
					{questionnaire.status === 'published' ? 'Archive' : 'Publish'}
					<span className="sr-only"> {questionnaire.title}</span>
				</SubmitButton>
			</Form>
			<RowModalButton modal="delete-questionnaire" id={questionnaire.id} of={questionnaire.title} variant="danger">
				Delete
			</RowModalButton>
		</div>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Questionnaires · Spencer' }]
