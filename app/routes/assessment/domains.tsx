import { data, Form, Link } from 'react-router'
import { FeedbackStatusBadge } from '#app/components/assessment/FeedbackStatusBadge.tsx'
import { SubmitButton } from '#app/components/forms/SubmitButton.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { Cell, Column, Row, RowHeader, Table, TableBody, TableHeader } from '#app/components/ui/Table.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { refused } from '#app/routes/spencer-admin/questionnaires/+parts/respond.server.ts'
import { domainProgress, getOwnFeedback, submitFeedback } from '#app/services/answers.server.ts'
import { redirectWithToast } from '#app/services/toast.server.ts'
import type { Route } from './+types/domains.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const feedback = await getOwnFeedback(app, params.id)
	const domains = await domainProgress(app, feedback)
	return { feedback, domains, area: app.area }
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

/** A feedback's domains with their progress, the way into the stepper, and the final review with Submit. */
export default function FeedbackDomains({ loaderData, actionData }: Route.ComponentProps) {
	const { feedback, domains, area } = loaderData
	const base = `${area}/questionnaires/${feedback.id}/domains`
	const answered = domains.reduce((sum, domain) => sum + domain.answered, 0)
	const total = domains.reduce((sum, domain) => sum + domain.total, 0)
	const resume = domains.find((domain) => domain.answered < domain.total) ?? domains[0]
	const unanswered = actionData?.unanswered
	return (
		<>
			<BackLink to={`${area}/questionnaires`}>Questionnaires</BackLink>
			<PageHeader title={`${feedback.questionnaire}: ${feedback.studentName}`}>
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
					<ul className="mt-2 list-disc ps-5">
						{unanswered.map((question) => (
							<li key={`${question.domainId}-${question.number}`}>
								<Link to={`${base}/${question.domainId}`} className="font-medium underline underline-offset-2">
									{`${question.domain}, question ${question.number}`}
								</Link>
								{`: ${question.text}`}
							</li>
						))}
					</ul>
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
				<Form method="post" className="mt-6 flex flex-col gap-2">
					<p className="text-slate-800">When every question is answered, submit your feedback. It cannot be changed afterwards.</p>
					<div>
						<SubmitButton intent="submit">Submit feedback</SubmitButton>
					</div>
				</Form>
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
