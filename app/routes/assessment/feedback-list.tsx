import { data } from 'react-router'
import { FeedbackTable } from '#app/components/assessment/FeedbackTable.tsx'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { FilterSelect, ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES } from '#app/models/enums.ts'
import { FEEDBACK_FILTERS, listFeedback, listUsedQuestionnaires } from '#app/services/feedback.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import type { Route } from './+types/feedback-list.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const list = readList(new URL(request.url), { sorts: ['submitted'] as const, sort: 'submitted', filters: FEEDBACK_FILTERS })
	const [{ rows, total }, questionnaires] = await Promise.all([
		unlessIllegal(list, () => listFeedback(app, list.query, list.filters), NO_ROWS),
		listUsedQuestionnaires(app),
	])
	return data({ rows, total, query: list.query, filters: list.filters, illegal: list.illegal, questionnaires, area: app.area }, listStatus(list))
}

const STATUS_OPTIONS = FEEDBACK_STATUSES.map((value) => ({ value, label: FEEDBACK_STATUS_LABELS[value] }))

export default function FeedbackList({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, illegal, questionnaires, area } = loaderData
	const filtered = Boolean(query.q || filters.questionnaireId || filters.status)
	return (
		<>
			<PageHeader title="Feedback">
				{area === '/need-manager'
					? 'The feedback given about your school’s students, newest first.'
					: 'Your feedback and the feedback given about the students you work with, newest first.'}
			</PageHeader>
			<ListSearch id="feedback-search" label="Search by student" name="Feedback" q={query.q} illegal={illegal} className="mb-4">
				<FilterSelect id="feedback-questionnaire" label="Questionnaire" name="questionnaire" value={filters.questionnaireId} all="All questionnaires" options={questionnaires} />
				<FilterSelect id="feedback-status" label="Status" name="status" value={filters.status} all="All statuses" options={STATUS_OPTIONS} />
			</ListSearch>
			<ListPanel empty={rows.length === 0} emptyMessage={filtered ? 'No matching data' : 'No feedback yet.'} illegal={illegal} page={{ ...query, total }} noun="feedback">
				<FeedbackTable rows={rows} area={area} caption="Feedback" />
			</ListPanel>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Feedback · Spencer' }]
