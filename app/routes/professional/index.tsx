import { Figures, PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { professionalOverview } from '#app/services/overview.server.ts'
import type { Route } from './+types/index.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'professional')
	return { overview: await professionalOverview(app) }
}

export default function ProfessionalOverview({ loaderData }: Route.ComponentProps) {
	const { overview } = loaderData
	return (
		<>
			<PageHeader title={overview.schoolName ?? 'Overview'}>
				You answer the questionnaires your SENCo asks you to complete about the students you work with, and read their
				feedback and profiles.
			</PageHeader>
			<Figures
				label="Your figures"
				items={[
					{ label: 'Students you work with', value: overview.students },
					{ label: 'Questionnaires to answer', value: overview.feedbackDue },
				]}
			/>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Overview · Spencer' }]
