import { parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import { ConfirmModal } from '#app/components/ui/ConfirmModal.tsx'
import { plural } from '#app/components/questionnaires/plural.ts'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { ModalButton, UrlModal } from '#app/components/ui/UrlModal.tsx'
import { isModalOpen } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { createTheme, deleteTheme, FieldProblem, getTheme, listThemes, updateTheme } from '#app/services/themes.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/theme-list.ts'
import { resultFor, ThemeForm } from './+parts/forms.tsx'
import { pageAfter, postedId, refused } from './+parts/respond.server.ts'
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

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	const back = pageAfter(request)

	if (intent === 'create-theme' || intent === 'edit-theme') {
		const submission = parseWithZod(formData, { schema: ThemeSchema })
		if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
		try {
			if (intent === 'create-theme') await createTheme(app, submission.value)
			else await updateTheme(app, postedId(formData), submission.value)
		} catch (error) {
			if (!(error instanceof FieldProblem)) throw error
			return data({ intent, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 })
		}
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
		<section aria-labelledby="themes-heading" className="flex flex-col gap-4">
			<div className="flex flex-wrap items-center justify-between gap-4">
				<div>
					<h2 id="themes-heading" className="text-lg font-semibold text-slate-900">
						Themes
					</h2>
					<p className="text-sm text-slate-700">Questions count towards a theme; recommendations are suggested by theme.</p>
				</div>
				<ModalButton modal="create-theme">
					Create theme
				</ModalButton>
			</div>
			{themes.length === 0 ? (
				<p className="text-slate-700">No themes yet.</p>
			) : (
				<Table caption="Themes" hideCaption className="rounded-lg bg-white">
					<TableHeader>
						<tr>
							<Column>Name</Column>
							<Column>Description</Column>
							<Column numeric>Questions</Column>
							<Column numeric>Recommendations</Column>
							<Column>Actions</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{themes.map((theme) => (
							<Row key={theme.id}>
								<RowHeader>{theme.name}</RowHeader>
								<Cell className="max-w-md text-slate-700">{theme.description}</Cell>
								<Cell numeric>{theme.questions}</Cell>
								<Cell numeric>{theme.recommendations}</Cell>
								<Cell>
									<div className="flex flex-wrap gap-2">
										<ModalButton modal="edit-theme" params={{ id: theme.id }} variant="secondary" size="sm">
											Edit<span className="sr-only"> {theme.name}</span>
										</ModalButton>
										<ModalButton modal="delete-theme" params={{ id: theme.id }} variant="danger" size="sm">
											Delete<span className="sr-only"> {theme.name}</span>
										</ModalButton>
									</div>
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			)}

			<UrlModal name="create-theme" title="Create theme">
				<ThemeForm intent="create-theme" submitLabel="Create theme" lastResult={resultFor(actionData, 'create-theme')} />
			</UrlModal>
			{editing ? (
				<UrlModal name="edit-theme" title="Edit theme">
					<ThemeForm
						key={editing.id}
						intent="edit-theme"
						submitLabel="Save theme"
						hidden={{ id: editing.id }}
						defaultValue={{ name: editing.name, description: editing.description }}
						lastResult={resultFor(actionData, 'edit-theme')}
					/>
				</UrlModal>
			) : null}
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
		</section>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Theme list · Questionnaires · Spencer' }]
