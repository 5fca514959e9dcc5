import { Form, useLocation } from 'react-router'
import { AssignedTable } from '#app/components/assessment/AssignedTable.tsx'
import { Pagination } from '#app/components/lists/Pagination.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES } from '#app/models/enums.ts'
import { listAssigned, readFeedbackStatus } from '#app/services/answers.server.ts'
import { ensureRoundsDue } from '#app/services/profiles.server.ts'
import type { Route } from './+types/questionnaires.ts'
import { requireAssessor } from './+parts/area.server.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireAssessor(context, request)
	const url = new URL(request.url)
	const query = readListQuery(url, ['due'] as const, 'due')
	const status = readFeedbackStatus(url)
	await ensureRoundsDue(app.em, app.auth)
	const { rows, total } = await listAssigned(app, query, { status })
	return { rows, total, query, status, area: app.area }
}

const controlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

export default function Questionnaires({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, status, area } = loaderData
	const location = useLocation()
	return (
		<>
			<PageHeader title="Questionnaires">The questionnaires you have been asked to answer about students, round by round.</PageHeader>
			<Form key={location.search} method="get" role="search" aria-label="Questionnaires" className="mb-4 flex flex-wrap items-end gap-3">
				<div className="flex flex-col gap-1">
					<label htmlFor="assigned-search" className="text-sm font-medium text-slate-900">
						Search by student
					</label>
					<input id="assigned-search" type="search" name="q" defaultValue={query.q} className={`w-64 ${controlClass}`} />
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor="assigned-status" className="text-sm font-medium text-slate-900">
						Status
					</label>
					<select id="assigned-status" name="status" defaultValue={status ?? ''} className={controlClass}>
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
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
					{query.q || status ? 'No matching data' : 'Nothing to answer yet.'}
				</p>
			) : (
				<div className="rounded-lg border border-slate-200 bg-white">
					<AssignedTable rows={rows} area={area} caption="Questionnaires to answer" />
				</div>
			)}
			<Pagination page={query.page} pageSize={query.pageSize} total={total} noun="questionnaires" />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Questionnaires · Spencer' }]
