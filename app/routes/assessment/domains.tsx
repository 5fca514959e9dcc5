import { data } from 'react-router'
import { useArrivalFocus } from '#app/components/assessment/useArrivalFocus.ts'
import { refused } from '#app/services/respond.server.ts'
import { domainProgress, getOwnFeedback, submitFeedback, unansweredQuestions } from '#app/services/answers.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/domains.ts'
import { Overview, Review } from './+parts/FeedbackDomains.tsx'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const feedback = await getOwnFeedback(app, params.id)
	const domains = await domainProgress(app, feedback)
	// `?step=review`: the check before submitting, which is also its confirmation (the only Submit button).
	const review = new URL(request.url).searchParams.get('step') === 'review' && feedback.editable
	const unanswered = review ? await unansweredQuestions(app, feedback) : null
	return { feedback, domains, area: app.area, unanswered }
}

export async function action({ context, request, params }: Route.ActionArgs) {
	const app = await requireAssessor(context, request)
	const feedback = await getOwnFeedback(app, params.id)
	const here = `${app.area}/questionnaires/${feedback.id}/domains`
	const formData = await request.formData()
	if (formData.get('intent') !== 'submit') return data({ unanswered: null }, { status: 400 })
	try {
		const result = await submitFeedback(app, feedback.id)
		if (!result.ok) return data({ unanswered: result.unanswered }, { status: 400 })
	} catch (error) {
		return refused(app, here, error)
	}
	return redirectWithToast(app.em, `${app.area}/questionnaires`, {
		type: 'success',
		title: 'Feedback submitted',
		description: `Thank you: your answers about ${feedback.studentName} are with the school.`,
	})
}

/** A feedback's domains with their progress and the way into the stepper; or, at `?step=review`, the review with Submit. */
export default function FeedbackDomains({ loaderData, actionData }: Route.ComponentProps) {
	const { feedback, domains, area } = loaderData
	const base = `${area}/questionnaires/${feedback.id}/domains`
	const review = loaderData.unanswered !== null
	const { headingRef } = useArrivalFocus(review ? 'review' : 'domains')
	if (loaderData.unanswered) return <Review feedback={feedback} domains={domains} base={base} unanswered={loaderData.unanswered} headingRef={headingRef} />
	return <Overview feedback={feedback} domains={domains} base={base} area={area} unanswered={actionData?.unanswered ?? null} headingRef={headingRef} />
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: `${loaderData?.unanswered ? 'Review and submit: ' : ''}${loaderData ? `${loaderData.feedback.questionnaire}: ${loaderData.feedback.studentName}` : 'Questionnaire'} · Spencer`,
	},
]
