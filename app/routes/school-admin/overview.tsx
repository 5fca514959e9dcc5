import { Figures, PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { schoolOverview } from '#app/services/overview.server.ts'
import type { Route } from './+types/overview.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return { overview: await schoolOverview(app) }
}

export default function SchoolAdminOverview({ loaderData }: Route.ComponentProps) {
	const { overview } = loaderData
	return (
		<>
			<PageHeader title={overview.schoolName ?? 'School overview'}>
				You look after this school's records on Spencer: its students (one by one or imported from your MIS), transfers to
				and from other schools, the staff directory and who has access, and groups.
			</PageHeader>
			<Figures
				label="School figures"
				items={[
					{ label: 'Students', value: overview.students },
					{ label: 'Staff in the directory', value: overview.staff },
					{ label: 'Groups', value: overview.groups },
					{ label: 'Transfer requests waiting for you', value: overview.incomingTransfers },
				]}
			/>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'School overview · Spencer' }]
