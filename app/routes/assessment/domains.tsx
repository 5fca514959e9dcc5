import type { Ref } from 'react'
import { data, Form, Link } from 'react-router'
import { useArrivalFocus } from '#app/components/assessment/useArrivalFocus.ts'
import { FeedbackStatusBadge } from '#app/components/assessment/FeedbackStatusBadge.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { refused } from '#app/services/respond.server.ts'
import { domainProgress, getOwnFeedback, submitFeedback, unansweredQuestions, type Unanswered } from '#app/services/answers.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/domains.ts'
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

type Feedback = Route.ComponentProps['loaderData']['feedback']
type Domains = Route.ComponentProps['loaderData']['domains']

/**
 * The step before submitting: the unanswered questions, each a link to it in the stepper; when there are
 * none, the one Submit button, so a submit is always confirmed on a page of its own (with or without JavaScript).
 */
function Review({
	feedback,
	domains,
	base,
	unanswered,
	headingRef,
}: {
	feedback: Feedback
	domains: Domains
	base: string
	unanswered: Unanswered[]
	headingRef: Ref<HTMLHeadingElement>
}) {
	const total = domains.reduce((sum, domain) => sum + domain.total, 0)
	return (
		<>
			<BackLink to={base}>All domains</BackLink>
			<PageHeader title="Review and submit" headingRef={headingRef}>
				{feedback.questionnaire}: {feedback.studentName} · round {feedback.round}
			</PageHeader>
			<p className="mb-4 text-slate-800">
				{total - unanswered.length} of {total} questions answered
			</p>
			{unanswered.length ? (
				<section aria-labelledby="unanswered" className="max-w-3xl rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
					<h2 id="unanswered" className="font-semibold">
						{unanswered.length === 1 ? 'One question is' : `${unanswered.length} questions are`} still unanswered
					</h2>
					<p className="mt-1">Answer {unanswered.length === 1 ? 'it' : 'them'}, then come back here to submit.</p>
					<UnansweredList base={base} unanswered={unanswered} />
				</section>
			) : (
				<Form method="post" className="flex max-w-3xl flex-col gap-4">
					<p className="text-slate-800">
						Every question is answered. When you submit, your answers go to the school and can no longer be changed.
					</p>
					<div className="flex flex-wrap gap-3">
						<SubmitButton intent="submit">Submit feedback</SubmitButton>
						<ButtonLink to={base} variant="secondary">
							Not yet
						</ButtonLink>
					</div>
				</Form>
			)}
		</>
	)
}

function UnansweredList({ base, unanswered }: { base: string; unanswered: Unanswered[] }) {
	return (
		<ul className="mt-2 list-disc ps-5">
			{unanswered.map((question) => (
				<li key={question.questionId}>
					<Link to={`${base}/${question.domainId}#question-${question.questionId}`} className="font-medium underline underline-offset-2">
						{`${question.domain}, question ${question.number}`}
					</Link>
					{`: ${question.text}`}
				</li>
			))}
		</ul>
	)
}

/** The domains with their progress, the way into the stepper and to the review. */
function Overview({
	feedback,
	domains,
	base,
	area,
	unanswered,
	headingRef,
}: {
	feedback: Feedback
	domains: Domains
	base: string
	area: string
	unanswered: Unanswered[] | null
	headingRef: Ref<HTMLHeadingElement>
}) {
	const answered = domains.reduce((sum, domain) => sum + domain.answered, 0)
	const total = domains.reduce((sum, domain) => sum + domain.total, 0)
	const resume = domains.find((domain) => domain.answered < domain.total) ?? domains[0]
	return (
		<>
			<BackLink to={`${area}/questionnaires`}>Questionnaires</BackLink>
			<PageHeader title={`${feedback.questionnaire}: ${feedback.studentName}`} headingRef={headingRef}>
				Round {feedback.round}, opened {formatDate(feedback.opensOn)}
				{feedback.status === 'complete' ? ` · submitted ${formatDateTime(feedback.submittedAt)}` : ` · due ${formatDate(feedback.dueOn)}`}
			</PageHeader>
			<div className="mb-4 flex flex-wrap items-center gap-3">
				<FeedbackStatusBadge status={feedback.status} />
				<p className="text-slate-800">
					{answered} of {total} questions answered
				</p>
				{feedback.editable && resume ? (
					<ButtonLink to={`${base}/${resume.id}`} variant="secondary">
						{answered === 0 ? 'Start' : 'Continue'}
					</ButtonLink>
				) : null}
			</div>
			{unanswered?.length ? (
				<div role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
					<h2 className="font-semibold">
						{unanswered.length === 1 ? 'One question is' : `${unanswered.length} questions are`} still unanswered. Answer{' '}
						{unanswered.length === 1 ? 'it' : 'them'}, then submit.
					</h2>
					<UnansweredList base={base} unanswered={unanswered} />
				</div>
			) : null}
			<div className="rounded-lg border border-slate-200 bg-white">
				<Table caption="Domains and progress" hideCaption>
					<TableHeader>
						<tr>
							<Column>Domain</Column>
							<Column>Answered</Column>
						</tr>
					</TableHeader>
					<TableBody>
						{domains.map((domain) => (
							<Row key={domain.id}>
								<RowHeader>
									<Link to={`${base}/${domain.id}`} className="font-medium text-brand underline underline-offset-2">
										{domain.name}
									</Link>
								</RowHeader>
								<Cell>
									{domain.answered} of {domain.total}
									{domain.answered === domain.total ? ' · done' : ''}
								</Cell>
							</Row>
						))}
					</TableBody>
				</Table>
			</div>
			{feedback.editable ? (
				<div className="mt-6 flex flex-col gap-2">
					<p className="text-slate-800">When every question is answered, review and submit your feedback. It cannot be changed afterwards.</p>
					<div>
						<ButtonLink to={`${base}?step=review`}>Review and submit</ButtonLink>
					</div>
				</div>
			) : (
				<p className="mt-6 text-slate-800">
					{feedback.status === 'complete' ? 'This feedback has been submitted and can no longer be changed.' : 'This profile has been closed.'}
				</p>
			)}
		</>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData ? `${loaderData.feedback.questionnaire}: ${loaderData.feedback.studentName}` : 'Questionnaire'} · Spencer` },
]
