import { FeedbackStatusBadge } from '#app/components/assessment/FeedbackStatusBadge.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { Link } from '#app/components/ui/Link.tsx'
import { formatDate, formatDateTime } from '#app/lib/format.ts'
import { BAND_LABELS, SCORING_COLOURS, type Band } from '#app/lib/scoring.ts'
import { getFeedbackAnswers } from '#app/services/feedback.server.ts'
import type { Route } from './+types/feedback-answers.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	return { feedback: await getFeedbackAnswers(app, params.id), area: app.area }
}

/** One feedback's answers, domain by domain, each with its severity in words and colour. */
export default function FeedbackAnswers({ loaderData }: Route.ComponentProps) {
	const { feedback, area } = loaderData
	return (
		<>
			<BackLink to={`${area}/feedback`}>Feedback</BackLink>
			<PageHeader title={`${feedback.questionnaire}: ${feedback.studentName}`}>
				Round {feedback.round} (opened {formatDate(feedback.opensOn)}) · by {feedback.respondent}
				{feedback.submittedAt ? ` · submitted ${formatDateTime(feedback.submittedAt)}` : ''}
			</PageHeader>
			<div className="mb-6 flex flex-wrap items-center gap-3">
				<FeedbackStatusBadge status={feedback.status} />
				<Link to={`/students/profile/${feedback.studentId}`}>{feedback.studentName}’s profile</Link>
			</div>
			<div className="flex flex-col gap-6">
				{feedback.domains.map((domain) => (
					<section key={domain.id} aria-labelledby={`domain-${domain.id}`} className="rounded-lg border border-slate-200 bg-white p-4">
						<h2 id={`domain-${domain.id}`} className="mb-3 text-lg font-semibold text-slate-900">
							{domain.name}
						</h2>
						<ol className="flex flex-col divide-y divide-slate-200">
							{domain.questions.map((question) => (
								<li key={question.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
									<span className="max-w-2xl">
										{question.number}. {question.text}
									</span>
									<span className="flex items-center gap-3">
										<span className="font-medium">{question.label ?? 'Not answered'}</span>
										{question.severity ? <Severity band={question.severity} /> : null}
									</span>
								</li>
							))}
						</ol>
					</section>
				))}
			</div>
		</>
	)
}

/** A severity as a coloured dot beside its word: never colour alone. */
function Severity({ band }: { band: Band }) {
	return (
		<span className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-2 py-0.5 text-sm font-semibold text-slate-900">
			<span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: SCORING_COLOURS[band] }} />
			{`${BAND_LABELS[band]} need`}
		</span>
	)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData ? `Feedback: ${loaderData.feedback.studentName}` : 'Feedback'} · Spencer` },
]
