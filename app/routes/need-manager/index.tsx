import { Figures, PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { schoolOverview } from '#app/services/overview.server.ts'
import type { Route } from './+types/index.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager')
	return { overview: await schoolOverview(app) }
}

export default function NeedManagerOverview({ loaderData }: Route.ComponentProps) {
	const { overview } = loaderData
	return (
		<>
			<PageHeader title={overview.schoolName ?? 'Overview'}>
				You lead assessment in your school: you set up profiles for students, choose who answers them, read the feedback,
				and add the recommended strategies to each student's plan.
			</PageHeader>
			<Figures
				label="Assessment figures"
				items={[
					{ label: 'Students', value: overview.students },
					{ label: 'Active profiles', value: overview.activeProfiles },
					{ label: 'Feedback still to be given', value: overview.feedbackDue },
					{ label: 'Groups', value: overview.groups },
				]}
			/>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Overview · Spencer' }]
