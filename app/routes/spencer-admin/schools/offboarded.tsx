import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { OffboardingCounts } from '#app/components/schools/OffboardingCounts.tsx'
import { formatDateTime } from '#app/lib/format.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { offboardingRecord } from '#app/services/offboarding.server.ts'
import type { Route } from './+types/offboarded.ts'

// The record of an offboarded school (ADR 081): when and by whom, and every kind of row the dry run counted, counted
// again as the page is read, for the platform admin to show the school (and its data protection officer) that none is left.

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'spencerAdmin')
	return offboardingRecord(app, params.id)
}

export default function OffboardedSchool({ loaderData }: Route.ComponentProps) {
	const { id, at, by, left } = loaderData
	const remaining = left.reduce((sum, count) => sum + count.n, 0)
	return (
		<>
			<BackLink to="/spencer-admin/schools">Schools</BackLink>
			<PageHeader title="School offboarded">
				Offboarded on {formatDateTime(at)}
				{by ? ` by ${by}` : ''}. Spencer keeps only this record of the school: a line of the platform’s audit trail, with the
				school’s id, {id}.
			</PageHeader>
			<section aria-labelledby="left-heading" className="max-w-4xl rounded-lg border border-slate-200 bg-white p-6">
				<h2 id="left-heading" className="mb-3 text-lg font-semibold text-slate-900">
					What is left of the school
				</h2>
				<p className="mb-4 font-semibold">
					{remaining === 0
						? 'Nothing: no row of the school remains in Spencer.'
						: `${remaining.toLocaleString('en-GB')} row${remaining === 1 ? '' : 's'} of the school remain. Tell the Spencer team: the offboarding should have deleted them.`}
				</p>
				<p className="mb-4 max-w-prose">
					Counted now, each kind of row the dry run counted before the deletion. Print this page for the school’s records of
					the deletion.
				</p>
				<OffboardingCounts caption="Left in Spencer, counted now" rows={left} />
			</section>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'School offboarded · Spencer' }]
