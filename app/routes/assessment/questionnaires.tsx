import { AssignedTable } from '#app/components/assessment/AssignedTable.tsx'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { FilterSelect, ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES } from '#app/models/enums.ts'
import { listAssigned, readFeedbackStatus } from '#app/services/answers.server.ts'
import type { Route } from './+types/questionnaires.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const url = new URL(request.url)
	const query = readListQuery(url, ['due'] as const, 'due')
	const status = readFeedbackStatus(url)
	const { rows, total } = await listAssigned(app, query, { status })
	return { rows, total, query, status, area: app.area }
}

const STATUS_OPTIONS = FEEDBACK_STATUSES.map((value) => ({ value, label: FEEDBACK_STATUS_LABELS[value] }))

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, status, area } = loaderData
	return (
		<>
			<PageHeader title="Questionnaires">The questionnaires you have been asked to answer about students, round by round.</PageHeader>
			<ListSearch id="assigned-search" label="Search by student" name="Questionnaires" q={query.q} className="mb-4">
				<FilterSelect id="assigned-status" label="Status" name="status" value={status} all="All statuses" options={STATUS_OPTIONS} />
			</ListSearch>
			<ListPanel empty={rows.length === 0} emptyMessage={query.q || status ? 'No matching data' : 'Nothing to answer yet.'} page={{ ...query, total }} noun="questionnaires">
				<AssignedTable rows={rows} area={area} caption="Questionnaires to answer" />
			</ListPanel>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Questionnaires · Spencer' }]
