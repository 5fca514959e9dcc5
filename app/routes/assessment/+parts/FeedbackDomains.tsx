import type { Ref } from 'react'
import { Link } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { FeedbackStatusBadge } from '#app/components/assessment/FeedbackStatusBadge.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { DataTable } from '#app/components/ui/DataTable.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import type { Unanswered } from '#app/services/answers.server.ts'
import type { Route } from '../+types/domains.ts'

type Feedback = Route.ComponentProps['loaderData']['feedback']
type Domains = Route.ComponentProps['loaderData']['domains']

/**
 * The step before submitting: the unanswered questions, each a link to it in the stepper; when there are
 * none, the one Submit button, so a submit is always confirmed on a page of its own (with or without JavaScript).
 */
export function Review({
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
export function Overview({
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
				<DataTable
					caption="Domains and progress"
					hideCaption
					rows={domains}
					columns={[
						{
							header: 'Domain',
							rowHeader: true,
							cell: (domain) => (
								<Link to={`${base}/${domain.id}`} className="font-medium text-brand underline underline-offset-2">
									{domain.name}
								</Link>
							),
						},
						{ header: 'Answered', cell: (domain) => `${domain.answered} of ${domain.total}${domain.answered === domain.total ? ' · done' : ''}` },
					]}
				/>
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
