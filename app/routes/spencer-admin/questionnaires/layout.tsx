import { Outlet } from 'react-router'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { LinkTabs } from '#app/components/ui/LinkTabs.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/layout.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'spencerAdmin')
	return null
}

/** The three tabs of the questionnaire builder: each one its own URL, so they work without JavaScript. */
export default function QuestionnairesLayout() {
	return (
		<>
			<PageHeader title="Questionnaires">
				The questionnaires every school can use, the themes their questions count towards, and the recommendations
				suggested when a theme scores high.
			</PageHeader>
			<LinkTabs
				label="Questionnaires sections"
				className="mb-6"
				tabs={[
					{ to: '/spencer-admin/questionnaires/list', label: 'Questionnaires' },
					{ to: '/spencer-admin/questionnaires/theme-list', label: 'Theme list' },
					{ to: '/spencer-admin/questionnaires/recommendations', label: 'Recommendations' },
				]}
			/>
			<Outlet />
		</>
	)
}
