import { data, useLocation } from 'react-router'
import { IllegalInputPanel } from '#app/components/lists/ListPanel.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, readFilters } from '#app/services/list-params.server.ts'
import { WHAT_HELPS_FILTERS, whatHelps, whatHelpsOptions } from '#app/services/what-helps.server.ts'
import { ObservationsNote, WhatHelpsFilters } from './+parts/WhatHelpsFilters.tsx'
import { WhatHelpsFigure } from './+parts/WhatHelpsFigure.tsx'
import type { Route } from './+types/what-helps.ts'

/**
 * What helps, across the school (issue 18, item 4; ADR 074): one module, registered in the need manager's and the
 * school admin's areas. Aggregates only; rows about fewer than 5 students say only "fewer than 5".
 */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'schoolAdmin')
	const { filters, illegal } = readFilters(new URL(request.url), WHAT_HELPS_FILTERS)
	if (illegal) return data({ filters, illegal, options: await whatHelpsOptions(app), rows: [] }, listStatus({ illegal }))
	const { options, rows, missing } = await whatHelps(app, filters)
	// A group deleted since the link was made, or another school's: 404, with the filters to choose again.
	if (missing) return data({ filters, illegal: missing, options, rows }, { status: 404 })
	return { filters, illegal, options, rows }
}

export default function WhatHelps({ loaderData }: Route.ComponentProps) {
	const { filters, illegal, options, rows } = loaderData
	const location = useLocation()
	return (
		<>
			<PageHeader title="What helps, across the school">
				For each recommendation: how many students had it on their plan, the latest outcome recorded at each student’s
				review, and the median of the changes in the recommendation’s theme measured at those reviews.
			</PageHeader>
			<ObservationsNote />
			<div className="mb-6 flex flex-wrap items-end justify-between gap-4">
				<WhatHelpsFilters filters={filters} options={options} illegal={illegal} />
				{illegal ? null : (
					<a href={`${location.pathname}.csv${location.search}`} download className="font-medium text-blue-800 underline underline-offset-2">
						Download CSV
					</a>
				)}
			</div>
			{illegal ? (
				<IllegalInputPanel illegal={illegal} />
			) : rows.length ? (
				<WhatHelpsFigure rows={rows} />
			) : (
				<p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
					{Object.values(filters).some(Boolean) ? 'No student within these filters has had a recommendation added to their plan.' : 'No student has had a recommendation added to their plan yet.'}
				</p>
			)}
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'What helps · Spencer' }]
