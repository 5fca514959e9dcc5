import { FeedbackTable } from '#app/components/assessment/FeedbackTable.tsx'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { FilterSelect, ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES } from '#app/models/enums.ts'
import { readFeedbackStatus } from '#app/services/answers.server.ts'
import { listFeedback, listUsedQuestionnaires, readFeedbackFilters } from '#app/services/feedback.server.ts'
import type { Route } from './+types/feedback-list.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const url = new URL(request.url)
	const query = readListQuery(url, ['submitted'] as const, 'submitted')
	const filters = readFeedbackFilters(url, readFeedbackStatus(url))
	const [{ rows, total }, questionnaires] = await Promise.all([listFeedback(app, query, filters), listUsedQuestionnaires(app)])
	return { rows, total, query, filters, questionnaires, area: app.area }
}

const STATUS_OPTIONS = FEEDBACK_STATUSES.map((value) => ({ value, label: FEEDBACK_STATUS_LABELS[value] }))

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, questionnaires, area } = loaderData
	const filtered = Boolean(query.q || filters.questionnaireId || filters.status)
	return (
		<>
			<PageHeader title="Feedback">
				{area === '/need-manager'
					? 'The feedback given about your school’s students, newest first.'
					: 'Your feedback and the feedback given about the students you work with, newest first.'}
			</PageHeader>
			<ListSearch id="feedback-search" label="Search by student" name="Feedback" q={query.q} className="mb-4">
				<FilterSelect id="feedback-questionnaire" label="Questionnaire" name="questionnaire" value={filters.questionnaireId} all="All questionnaires" options={questionnaires} />
				<FilterSelect id="feedback-status" label="Status" name="status" value={filters.status} all="All statuses" options={STATUS_OPTIONS} />
			</ListSearch>
			<ListPanel empty={rows.length === 0} emptyMessage={filtered ? 'No matching data' : 'No feedback yet.'} page={{ ...query, total }} noun="feedback">
				<FeedbackTable rows={rows} area={area} caption="Feedback" />
			</ListPanel>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Feedback · Spencer' }]
