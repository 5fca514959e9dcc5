import { data } from 'react-router'
import { AssignedTable } from '#app/components/assessment/AssignedTable.tsx'
import { ListPanel } from '#app/components/lists/ListPanel.tsx'
import { FilterSelect, ListSearch } from '#app/components/lists/ListSearch.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES } from '#app/models/enums.ts'
import { FEEDBACK_STATUS_FILTER, listAssigned } from '#app/services/answers.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import type { Route } from './+types/questionnaires.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const list = readList(new URL(request.url), { sorts: ['due'] as const, sort: 'due', filters: { status: FEEDBACK_STATUS_FILTER } })
	const { status } = list.filters
	const { rows, total } = await unlessIllegal(list, () => listAssigned(app, list.query, { status }), NO_ROWS)
	return data({ rows, total, query: list.query, status, illegal: list.illegal, area: app.area }, listStatus(list))
}

const STATUS_OPTIONS = FEEDBACK_STATUSES.map((value) => ({ value, label: FEEDBACK_STATUS_LABELS[value] }))

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, status, illegal, area } = loaderData
	return (
		<>
			<PageHeader title="Questionnaires">
				The questionnaires you still have to answer about students, round by round. Those you have submitted are under the status Complete.
			</PageHeader>
			<ListSearch id="assigned-search" label="Search by student" name="Questionnaires" q={query.q} illegal={illegal} className="mb-4">
				<FilterSelect id="assigned-status" label="Status" name="status" value={status} all="All still to answer" options={STATUS_OPTIONS} />
			</ListSearch>
			<ListPanel empty={rows.length === 0} emptyMessage={query.q || status ? 'No matching data' : 'Nothing to answer yet.'} illegal={illegal} page={{ ...query, total }} noun="questionnaires">
				<AssignedTable rows={rows} area={area} caption="Questionnaires to answer" />
			</ListPanel>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Questionnaires · Spencer' }]
