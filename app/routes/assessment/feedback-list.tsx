import { Form, useLocation } from 'react-router'
import { FeedbackTable } from '#app/components/assessment/FeedbackTable.tsx'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES } from '#app/models/enums.ts'
import { readFeedbackStatus } from '#app/services/answers.server.ts'
import { listFeedback, listUsedQuestionnaires, readFeedbackFilters } from '#app/services/feedback.server.ts'
import { ensureRoundsDue } from '#app/services/profiles.server.ts'
import type { Route } from './+types/feedback-list.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const url = new URL(request.url)
	const query = readListQuery(url, ['submitted'] as const, 'submitted')
	const filters = readFeedbackFilters(url, readFeedbackStatus(url))
	await ensureRoundsDue(app.em, app.auth)
	const [{ rows, total }, questionnaires] = await Promise.all([listFeedback(app, query, filters), listUsedQuestionnaires(app)])
	return { rows, total, query, filters, questionnaires, area: app.area }
}

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, questionnaires, area } = loaderData
	const location = useLocation()
	const filtered = Boolean(query.q || filters.questionnaireId || filters.status)
	return (
		<>
			<PageHeader title="Feedback">
				{area === '/need-manager'
					? 'The feedback given about your school’s students, newest first.'
					: 'Your feedback and the feedback given about the students you work with, newest first.'}
			</PageHeader>
			<Form key={location.search} method="get" role="search" aria-label="Feedback" className="mb-4 flex flex-wrap items-end gap-3">
				<div className="flex flex-col gap-1">
					<label htmlFor="feedback-search" className="text-sm font-medium text-slate-900">
						Search by student
					</label>
					<input id="feedback-search" type="search" name="q" defaultValue={query.q} className={`w-64 ${controlClass}`} />
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor="feedback-questionnaire" className="text-sm font-medium text-slate-900">
						Questionnaire
					</label>
					<select id="feedback-questionnaire" name="questionnaire" defaultValue={filters.questionnaireId ?? ''} className={controlClass}>
						<option value="">All questionnaires</option>
						{questionnaires.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor="feedback-status" className="text-sm font-medium text-slate-900">
						Status
					</label>
					<select id="feedback-status" name="status" defaultValue={filters.status ?? ''} className={controlClass}>
						<option value="">All statuses</option>
						{FEEDBACK_STATUSES.map((value) => (
							<option key={value} value={value}>
								{FEEDBACK_STATUS_LABELS[value]}
							</option>
						))}
					</select>
				</div>
				<button type="submit" className="h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100">
					Search
				</button>
			</Form>
			{rows.length === 0 ? (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">{filtered ? 'No matching data' : 'No feedback yet.'}</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
					<FeedbackTable rows={rows} area={area} caption="Feedback" />
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="feedback" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Feedback · Spencer' }]
