import { Outlet } from 'react-router'
import { LinkTabs } from '#app/components/ui/LinkTabs.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/layout.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return null
}

/** Requests received from other schools, and requests this school has sent. */
export default function TransfersLayout() {
	return (
		<>
			<LinkTabs
				label="Transfer requests"
				className="mb-4"
				tabs={[
					{ to: '/school-admin/students/transfer-students/incoming', label: 'Incoming requests' },
					{ to: '/school-admin/students/transfer-students/outgoing', label: 'Outgoing requests' },
				]}
			/>
			<Outlet />
		</>
	)
}
