import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Link, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { z } from 'zod'
import { FormErrors } from '#app/components/forms/FormErrors.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { CHECKED_ON_SUBMIT } from '#app/components/forms/checked-on-submit.ts'
import { RichText } from '#app/components/questionnaires/RichText.tsx'
import { SeverityBadge } from '#app/components/questionnaires/StatusBadge.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { listOf } from '#app/components/forms/CheckboxList.tsx'
import { Checkbox } from '#app/components/ui/Checkbox.tsx'
import { TextArea } from '#app/components/ui/TextArea.tsx'
import { formatDate, formatScore } from '#app/lib/format.ts'
import { BAND_LABELS, SCORING_COLOURS } from '#app/lib/scoring.ts'
import { NOT_AN_OWNER, PlanReviewFields as ReviewFieldsSchema, defaultReviewOn } from '#app/lib/plan-review-schema.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { profileReviewOwners } from '#app/services/plan-reviews.server.ts'
import { todayInUk } from '#app/lib/format.ts'
import { decideSuggestions, listDismissed, NotAnOwner, StaleSuggestions } from '#app/services/student-recommendations.server.ts'
import { profileSuggestions } from '#app/services/suggestions.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import { ADDED_MODAL, AddedModal, ConfirmDismissModal, DISMISS_MODAL } from './+parts/DecisionModals.tsx'
import { DismissedSuggestions } from './+parts/DismissedSuggestions.tsx'
import { PlanReviewFields } from './+parts/PlanReviewFields.tsx'
import { restore } from './+parts/restore.server.ts'
import type { Route } from './+types/review.ts'


const DecisionSchema = z.object({
	intent: z.enum(['add', 'dismiss', 'confirm-dismiss']),
	recommendation: z.array(z.string(), { error: 'Choose at least one recommendation' }).min(1, 'Choose at least one recommendation'),
	note: z.string().trim().max(1000, 'Keep the note under 1,000 characters').optional(),
	...ReviewFieldsSchema,
})

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager')
	const [suggestions, dismissed, owners] = await Promise.all([
		profileSuggestions(app, params.id),
		listDismissed(app, params.id),
		profileReviewOwners(app, params.id),
	])
	return { suggestions, dismissed, review: { owners: owners.options, defaultOwner: owners.defaultOwner, reviewOn: defaultReviewOn(todayInUk()) } }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'needManager')
	const formData = await request.formData()
	if (formData.get('intent') === 'restore') return restore(app, params.id, formData)
	const submission = parseWithZod(formData, { schema: DecisionSchema })
	if (submission.status !== 'success') {
		// The profile must be the school's before anything is said about the form.
		await profileSuggestions(app, params.id)
		return data({ result: submission.reply() }, { status: 400 })
	}
	const { intent, recommendation, note, reviewOn, owner } = submission.value
	if (intent === 'confirm-dismiss') {
		// The profile must be the school's; only its own suggestions are named back, and a choice that is no longer
		// one (another need manager decided it meanwhile) is said on the form, as the dismissal itself would (409).
		const { themes } = await profileSuggestions(app, params.id)
		const chosen = new Map<string, string>()
		for (const one of themes.flatMap((theme) => theme.recommendations)) if (recommendation.includes(one.id)) chosen.set(one.id, one.title)
		if (new Set(recommendation).size !== chosen.size) {
			return data({ result: submission.reply({ formErrors: [new StaleSuggestions().message] }) }, { status: 409 })
		}
		return { result: undefined, confirmDismiss: { chosen: [...chosen].map(([id, title]) => ({ id, title })), note: note ?? '' } }
	}
	const here = `/need-manager/recommendations/${params.id}`
	let count: number
	try {
		;({ count } = await decideSuggestions(app, params.id, {
			status: intent === 'add' ? 'active' : 'dismissed',
			recommendationIds: recommendation,
			note: note || null,
			review: { reviewOn, ownerId: owner },
		}))
	} catch (error) {
		if (error instanceof NotAnOwner) return data({ result: submission.reply({ fieldErrors: { owner: [NOT_AN_OWNER] } }) }, { status: 400 })
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

/**
 * A choice refused as stale (409: decided meanwhile, in another tab or by another need manager) reads the list again, as
 * a page without JavaScript does: what is shown is then what can be chosen. React Router reads nothing again after a
 * refused post by default, which left the decided suggestion on offer, refused again at each try.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return actionStatus === 409 || defaultShouldRevalidate
}

export default function ReviewSuggestions({ loaderData, actionData }: Route.ComponentProps) {
	const { suggestions, dismissed, review } = loaderData
	const location = useLocation()
	const [form, fields] = useForm({
		id: 'suggestions',
		lastResult: actionData?.result,
		constraint: getZodConstraint(DecisionSchema),
		...CHECKED_ON_SUBMIT,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: DecisionSchema }),
	})
	const confirmDismiss = actionData && 'confirmDismiss' in actionData ? actionData.confirmDismiss : undefined
	// What was posted, shown again when the server refused it (without JavaScript the page is drawn anew).
	const chosen = listOf(fields.recommendation.initialValue)
	// The count the add's redirect put in the address: a whole number a plan could hold, else no dialog (an edited address).
	const addedParam = new URLSearchParams(location.search).get('added') ?? ''
	const added = /^[1-9]\d{0,2}$/.test(addedParam) ? Number(addedParam) : 0
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
				<>
					{/* A choice refused as stale that left nothing to choose: why it was refused is still said. */}
					<FormErrors id={form.errorId} errors={form.errors} />
					<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">No suggestions are waiting for this profile.</p>
				</>
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
										{`${BAND_LABELS[theme.band]} need (${formatScore(theme.score)})`}
									</span>
								</span>
							</legend>
							<ul className="flex flex-col gap-4">
								{theme.recommendations.map((recommendation) => (
									<li key={recommendation.id} className="flex flex-col gap-2 border-b border-slate-200 pb-4 last:border-0 last:pb-0">
										<div className="flex flex-wrap items-center gap-2">
											<Checkbox
												name={fields.recommendation.name}
												value={recommendation.id}
												defaultSelected={chosen.includes(recommendation.id)}
												// "Choose at least one recommendation" is above the list: each box says it is in question and points there.
												isInvalid={Boolean(fields.recommendation.errors?.length)}
												aria-describedby={fields.recommendation.errors?.length ? fields.recommendation.errorId : undefined}
											>
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
							defaultValue={typeof fields.note.initialValue === 'string' ? fields.note.initialValue : undefined}
							description="For example what was agreed and with whom."
							errorMessage={fields.note.errors?.join(' ')}
							isInvalid={Boolean(fields.note.errors?.length)}
							rows={3}
						/>
					</div>
					<PlanReviewFields defaults={review} reviewOn={fields.reviewOn} owner={fields.owner} />
					<div className="flex flex-wrap gap-3">
						<SubmitButton intent="add">Add chosen recommendations</SubmitButton>
						<SubmitButton intent="confirm-dismiss" variant="secondary" formAction={`${location.pathname}?modal=${DISMISS_MODAL}`}>
							Dismiss chosen
						</SubmitButton>
					</div>
				</Form>
			)}
			<DismissedSuggestions rows={dismissed} />
			{confirmDismiss && confirmDismiss.chosen.length > 0 ? <ConfirmDismissModal {...confirmDismiss} student={suggestions.student.name} /> : null}
			{added > 0 ? <AddedModal added={added} student={suggestions.student.name} profileUrl={profileUrl} /> : null}
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData ? `Add a recommendation: ${loaderData.suggestions.student.name}` : 'Add a recommendation'} · Spencer` },
]
