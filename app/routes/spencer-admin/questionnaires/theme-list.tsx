import { data, useLocation } from 'react-router'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { plural } from '#app/lib/plural.ts'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { RowModalButton } from '#app/components/ui/ModalButton.tsx'
import { isModalOpen } from '#app/lib/modals.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { createTheme, deleteTheme, FieldProblem, getTheme, listThemes, updateTheme, type ThemeInput } from '#app/services/themes.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/theme-list.ts'
import { CatalogueSection, CreateEditModals } from './+parts/Catalogue.tsx'
import { ThemeForm, type ThemeValues } from './+parts/forms.tsx'
import { postedId } from '#app/services/ids.server.ts'
import { pageAfter, refused } from '#app/services/respond.server.ts'
import { ThemeSchema } from './+parts/schemas.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const url = new URL(request.url)
	const themes = await listThemes(app)
	let editing: { id: string; name: string; description: string } | null = null
	if (isModalOpen(url.searchParams, 'edit-theme')) {
		const theme = await getTheme(app, recordId(url.searchParams.get('id')))
		editing = { id: theme.id, name: theme.name, description: theme.description ?? '' }
	}
	return { themes, editing }
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const back = pageAfter(url)

	if (intent === 'create-theme' || intent === 'edit-theme') {
		const save = (value: ThemeInput) => (intent === 'create-theme' ? createTheme(app, value) : updateTheme(app, postedId(formData), value))
		const saved = await saveSubmission(formData, ThemeSchema, save, { extra: { intent }, refusals: [FieldProblem] })
		if (!saved.ok) return saved.response
		return redirectWithToast(app.em, back, { type: 'success', title: intent === 'create-theme' ? 'Theme created' : 'Theme saved' })
	}

	if (intent === 'delete-theme') {
		try {
			await deleteTheme(app, postedId(formData))
		} catch (error) {
			return refused(app, back, error)
		}
		return redirectWithToast(app.em, back, { type: 'success', title: 'Theme deleted' })
	}
	return data({ intent: null, result: null }, { status: 400 })
}

export default function ThemeList({ loaderData, actionData }: Route.ComponentProps) {
	const { themes, editing } = loaderData
	const location = useLocation()
	const deleting = themes.find((theme) => theme.id === new URLSearchParams(location.search).get('id'))
	return (
		<CatalogueSection
			id="themes"
			title="Themes"
			intro="Questions count towards a theme; recommendations are suggested by theme."
			create={{ modal: 'create-theme', label: 'Create theme' }}
		>
			{themes.length === 0 ? (
				<p className="text-slate-700">No themes yet.</p>
			) : (
				<DataTable
					caption="Themes"
					hideCaption
					className="rounded-lg bg-white"
					rows={themes}
					columns={[
						{ header: 'Name', rowHeader: true, cell: (theme) => theme.name },
						{ header: 'Description', className: 'max-w-md text-slate-700', cell: (theme) => theme.description },
						{ header: 'Questions', numeric: true, cell: (theme) => theme.questions },
						{ header: 'Recommendations', numeric: true, cell: (theme) => theme.recommendations },
						{
							header: 'Actions',
							cell: (theme) => (
								<div className="flex flex-wrap gap-2">
									<RowModalButton modal="edit-theme" id={theme.id} of={theme.name}>
										Edit
									</RowModalButton>
									<RowModalButton modal="delete-theme" id={theme.id} of={theme.name} variant="danger">
										Delete
									</RowModalButton>
								</div>
							),
						},
					]}
				/>
			)}

			<CreateEditModals<ThemeValues>
				noun="theme"
				editing={editing && { id: editing.id, values: { name: editing.name, description: editing.description } }}
				actionData={actionData}
				renderForm={(props) => <ThemeForm {...props} />}
			/>
			{deleting ? (
				<ConfirmModal name="delete-theme" title="Delete theme" intent="delete-theme" fields={{ id: deleting.id }} confirmLabel="Delete theme">
					<p>
						Delete the theme “{deleting.name}”? A theme that questions or recommendations use cannot be deleted
						{deleting.questions + deleting.recommendations > 0
							? ` (this one has ${plural(deleting.questions, 'question')} and ${plural(deleting.recommendations, 'recommendation')}).`
							: '.'}
					</p>
				</ConfirmModal>
			) : null}
		</CatalogueSection>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Theme list · Questionnaires · Spencer' }]
