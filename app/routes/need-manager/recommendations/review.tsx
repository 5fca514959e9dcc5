import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useLocation } from 'react-router'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { RichText } from '#app/components/questionnaires/RichText.tsx'
import { SeverityBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { UrlModal } from '#app/components/ui/UrlModal.tsx'
import { formatDate } from '#app/lib/format.ts'
import { BAND_LABELS, SCORING_COLOURS } from '#app/lib/scoring.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { decideSuggestions, profileSuggestions, StaleSuggestions } from '#app/services/recommendations.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/review.ts'

const ADDED_MODAL = 'need-manager-recommendations-added'

const DecisionSchema = z.object({
	intent: z.enum(['add', 'dismiss']),
	recommendation: z.array(z.string(), { error: 'Choose at least one recommendation' }).min(1, 'Choose at least one recommendation'),
	note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
})

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager')
	return { suggestions: await profileSuggestions(app, params.id) }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'needManager')
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: DecisionSchema })
	if (submission.status !== 'success') {
		// The profile must be the school's before anything is said about the form.
		await profileSuggestions(app, params.id)
		return data({ result: submission.reply() }, { status: 400 })
	}
	const { intent, recommendation, note } = submission.value
	const here = `/need-manager/recommendations/${params.id}`
	let count: number
	try {
		;({ count } = await decideSuggestions(app, params.id, {
			status: intent === 'add' ? 'active' : 'dismissed',
			recommendationIds: recommendation,
			note: note || null,
		}))
	} catch (error) {
		if (!(error instanceof StaleSuggestions)) throw error
		return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: 409 })
	}
	if (count === 0) {
		// Posted twice (no JavaScript), or another need manager got there first: the first decision stands.
		return redirectWithToast(app.em, here, {
			type: 'info',
			title: 'Already decided',
			description: 'These recommendations had already been added or dismissed for this student; nothing was changed.',
		})
	}
	if (intent === 'dismiss') {
		return redirectWithToast(app.em, here, { type: 'success', title: count === 1 ? 'Recommendation dismissed' : `${count} recommendations dismissed` })
	}
	return redirectWithToast(app.em, `${here}?modal=${ADDED_MODAL}&added=${count}`, {
		type: 'success',
		title: count === 1 ? 'Recommendation added' : `${count} recommendations added`,
	})
}

export default function ReviewSuggestions({ loaderData, actionData }: Route.ComponentProps) {
	const { suggestions } = loaderData
	const location = useLocation()
	const [form, fields] = useForm({
		id: 'suggestions',
		lastResult: actionData?.result,
		constraint: getZodConstraint(DecisionSchema),
		shouldValidate: 'onSubmit',
		onValidate: ({ formData }) => parseWithZod(formData, { schema: DecisionSchema }),
	})
	const added = Number(new URLSearchParams(location.search).get('added') ?? '0')
	const profileUrl = `/students/profile/${suggestions.student.id}`
	return (
		<>
			<BackLink to="/need-manager/recommendations">Recommendations</BackLink>
			<PageHeader title={`Add a recommendation: ${suggestions.student.name}`}>
				{suggestions.questionnaireTitle}
				{suggestions.round ? `, round ${suggestions.round.index + 1} (${formatDate(suggestions.round.opensOn)})` : ''}. Suggestions come from
				the themes whose score reaches each recommendation’s severity.{' '}
				<Link to={profileUrl} className="text-brand underline underline-offset-2">
					View the student’s profile
				</Link>
			</PageHeader>
			{suggestions.themes.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">No suggestions are waiting for this profile.</p>
			) : (
				<Form method="post" {...getFormProps(form)} className="flex flex-col gap-6">
					<FormErrors id={form.errorId} errors={form.errors} />
					<FormErrors id={fields.recommendation.errorId} errors={fields.recommendation.errors} />
					{suggestions.themes.map((theme) => (
						<fieldset key={theme.themeId} className="rounded-lg border border-slate-200 bg-white p-6">
							<legend className="px-1 text-lg font-semibold text-slate-900">
								<span className="inline-flex items-center gap-2">
									{theme.themeName}
									<span className="inline-flex items-center gap-1 text-sm font-medium text-slate-700">
										<svg aria-hidden="true" viewBox="0 0 12 12" className="size-3">
											<rect width="12" height="12" rx="2" fill={SCORING_COLOURS[theme.band]} />
										</svg>
										{`${BAND_LABELS[theme.band]} need (${theme.score.toFixed(2)})`}
									</span>
								</span>
							</legend>
							<ul className="flex flex-col gap-4">
								{theme.recommendations.map((recommendation) => (
									<li key={recommendation.id} className="flex flex-col gap-2 border-b border-slate-200 pb-4 last:border-0 last:pb-0">
										<div className="flex flex-wrap items-center gap-2">
											<Checkbox name={fields.recommendation.name} value={recommendation.id}>
												<span className="font-medium">{recommendation.title}</span>
											</Checkbox>
											<SeverityBadge severity={recommendation.severity} />
										</div>
										<RichText text={recommendation.description} className="ms-7 text-sm text-slate-800" />
									</li>
								))}
							</ul>
						</fieldset>
					))}
					<div className="max-w-xl">
						<TextArea
							label="Note (for the recommendations you add)"
							name={fields.note.name}
							description="For example what was agreed and with whom."
							errorMessage={fields.note.errors?.join(' ')}
							isInvalid={Boolean(fields.note.errors?.length)}
							rows={3}
						/>
					</div>
					<div className="flex flex-wrap gap-3">
						<SubmitButton intent="add">Add chosen recommendations</SubmitButton>
						<SubmitButton intent="dismiss" variant="secondary">
							Dismiss chosen
						</SubmitButton>
					</div>
				</Form>
			)}
			{added > 0 ? (
				<UrlModal
					name={ADDED_MODAL}
					title="Recommendations added"
					footer={<ButtonLink to={profileUrl}>View the student’s profile</ButtonLink>}
				>
					<p>
						{`${added === 1 ? 'One recommendation was' : `${added} recommendations were`} added to ${suggestions.student.name}’s profile. You can mark each as done there.`}
					</p>
				</UrlModal>
			) : null}
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData ? `Add a recommendation: ${loaderData.suggestions.student.name}` : 'Add a recommendation'} · Spencer` },
]
