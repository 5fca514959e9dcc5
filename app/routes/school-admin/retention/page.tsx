import { data } from 'react-router'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { isModalOpen } from '#app/lib/modals.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { readPlainList } from '#app/services/list-params.server.ts'
import { pageAfter } from '#app/services/respond.server.ts'
import { getRetentionStudent, RETENTION_SORTS, retentionPage } from '#app/services/retention.server.ts'
import { DueTable } from './+parts/DueTable.tsx'
import { HOLD_MODAL, HoldModal } from './+parts/HoldModal.tsx'
import { PeriodForm } from './+parts/PeriodForm.tsx'
import { removeHold, saveHold, savePeriod } from './+parts/retention-actions.server.ts'
import type { Route } from './+types/page.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const url = new URL(request.url)
	const query = readPlainList(url, { sorts: RETENTION_SORTS, sort: 'due' })
	// The hold modal is about one student, who must be this school's (else 404), wherever the list's pages have them.
	const student = isModalOpen(url.searchParams, HOLD_MODAL) ? await getRetentionStudent(app, url.searchParams.get('id')) : null
	const page = await retentionPage(app, query)
	return { ...page, query, student }
}

export async function action({ context, request, url }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const formData = await request.formData()
	const back = pageAfter(url)
	switch (formData.get('intent')) {
		case 'period':
			return savePeriod(app, formData, back)
		case 'hold':
			return saveHold(app, formData, back)
		case 'lift-hold':
			return removeHold(app, formData, back)
		default:
			return data({ intent: null, result: null }, { status: 400 })
	}
}

export default function Retention({ loaderData, actionData }: Route.ComponentProps) {
	const { years, today, windowEnd, rows, total, query, student } = loaderData
	const resultOf = (intent: 'period' | 'hold') => (actionData && actionData.intent === intent ? actionData.result : undefined)
	return (
		<>
			<PageHeader title="Retention">
				How long Spencer keeps the records of students who have left your school, and whose records are due to be erased
				soon.
			</PageHeader>
			<div className="flex flex-col gap-8">
				<PeriodForm years={years} lastResult={resultOf('period')} />
				<DueTable rows={rows} total={total} query={query} today={today} windowEnd={windowEnd} />
			</div>
			{student ? <HoldModal student={student} lastResult={resultOf('hold')} /> : null}
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Retention · Spencer' }]
