import { data } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { IllegalInputPanel } from '#app/components/lists/ListPanel.tsx'
import { RichText } from '#app/components/questionnaires/RichText.tsx'
import { SEVERITY_LABELS, SeverityBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { Button } from '#app/components/ui/Button.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import { Select } from '#app/components/ui/Select.tsx'
import { RowModalButton } from '#app/components/ui/ModalButton.tsx'
import { isModalOpen } from '#app/lib/modals.ts'
import { saveSubmission } from '#app/lib/submission.server.ts'
import { RECOMMENDATION_SEVERITIES } from '#app/models/enums.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, readFilters, unlessIllegal } from '#app/services/list-params.server.ts'
import {
	createRecommendation,
	getRecommendation,
	listRecommendations,
	RECOMMENDATION_FILTERS,
	type RecommendationInput,
	updateRecommendation,
} from '#app/services/recommendations.server.ts'
import { recordId } from '#app/services/tenancy.server.ts'
import { FieldProblem, themeOptions } from '#app/services/themes.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/recommendations.ts'
import { CatalogueSection, CreateEditModals } from './+parts/Catalogue.tsx'
import { RecommendationForm, type RecommendationValues } from './+parts/forms.tsx'
import { postedId } from '#app/services/ids.server.ts'
import { pageAfter } from '#app/services/respond.server.ts'
import { RecommendationSchema } from './+parts/schemas.ts'
import { plural } from '#app/lib/plural.ts'

const ALL = 'all'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const url = new URL(request.url)
	const list = readFilters(url, RECOMMENDATION_FILTERS)
	const filter = list.filters
	const [recommendations, themes] = await Promise.all([unlessIllegal(list, () => listRecommendations(app, filter), []), themeOptions(app)])
	let editing: { id: string; title: string; description: string; themeId: string; severity: string } | null = null
	if (isModalOpen(url.searchParams, 'edit-recommendation')) {
		const recommendation = await getRecommendation(app, recordId(url.searchParams.get('id')))
		editing = {
			id: recommendation.id,
			title: recommendation.title,
			description: recommendation.description,
			themeId: recommendation.theme.id,
			severity: recommendation.severity,
		}
	}
	return data({ recommendations, themes, filter, illegal: list.illegal, editing }, listStatus(list))
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	if (intent !== 'create-recommendation' && intent !== 'edit-recommendation') return data({ intent: null, result: null }, { status: 400 })

	const save = (value: RecommendationInput) =>
		intent === 'create-recommendation' ? createRecommendation(app, value) : updateRecommendation(app, postedId(formData), value)
	const saved = await saveSubmission(formData, RecommendationSchema, save, { extra: { intent }, refusals: [FieldProblem] })
	if (!saved.ok) return saved.response
	return redirectWithToast(app.em, pageAfter(url), {
		type: 'success',
		title: intent === 'create-recommendation' ? 'Recommendation created' : 'Recommendation saved',
	})
}

export default function Recommendations({ loaderData, actionData }: Route.ComponentProps) {
	const { recommendations, themes, filter, illegal, editing } = loaderData
	const filtered = Boolean(filter.themeId || filter.severity)
	return (
		<CatalogueSection
			id="recommendations"
			title="Recommendations"
			intro="Strategies suggested when a student’s theme scores at or above their severity."
			create={{ modal: 'create-recommendation', label: 'Create recommendation' }}
		>
			<Form method="get" role="search" aria-label="Filter recommendations" className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4">
				<Select
					name="theme"
					label="Theme"
					className="w-64"
					options={[{ value: ALL, label: 'All themes' }, ...themes]}
					defaultValue={filter.themeId ?? ALL}
					isInvalid={illegal?.field === 'theme'}
					errorMessage={illegal?.field === 'theme' ? illegal.message : undefined}
				/>
				<Select
					name="severity"
					label="Severity"
					className="w-48"
					options={[{ value: ALL, label: 'All severities' }, ...RECOMMENDATION_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] }))]}
					defaultValue={filter.severity ?? ALL}
					isInvalid={illegal?.field === 'severity'}
					errorMessage={illegal?.field === 'severity' ? illegal.message : undefined}
				/>
				<Button type="submit" variant="secondary">
					Filter
				</Button>
				{filtered ? <Link to="/spencer-admin/questionnaires/recommendations">Clear filters</Link> : null}
			</Form>

			{illegal ? (
				<IllegalInputPanel illegal={illegal} />
			) : (
				<p role="status" className="text-sm text-slate-700">
					{plural(recommendations.length, 'recommendation')}
					{filtered ? ' match the filter.' : '.'}
				</p>
			)}
			<ul className="flex flex-col gap-4" aria-label="Recommendations">
				{recommendations.map((recommendation) => (
					<li key={recommendation.id}>
						<article aria-labelledby={`recommendation-${recommendation.id}`} className="rounded-lg border border-slate-200 bg-white p-5">
							<div className="flex flex-wrap items-start justify-between gap-3">
								<div className="flex flex-col gap-1">
									<h3 id={`recommendation-${recommendation.id}`} className="text-base font-semibold text-slate-900">
										{recommendation.title}
									</h3>
									<p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
										<span>Theme: {recommendation.themeName}</span>
										<SeverityBadge severity={recommendation.severity} />
									</p>
								</div>
								<RowModalButton modal="edit-recommendation" id={recommendation.id} of={recommendation.title}>
									Edit
								</RowModalButton>
							</div>
							<RichText text={recommendation.description} className="mt-3 text-sm text-slate-800" />
						</article>
					</li>
				))}
			</ul>

			<CreateEditModals<RecommendationValues>
				noun="recommendation"
				size="lg"
				creating={{ title: '', description: '', themeId: filter.themeId ?? '', severity: filter.severity ?? '' }}
				editing={editing && { id: editing.id, values: editing }}
				actionData={actionData}
				renderForm={(props) => <RecommendationForm themes={themes} {...props} />}
			/>
		</CatalogueSection>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Recommendations · Questionnaires · Spencer' }]
