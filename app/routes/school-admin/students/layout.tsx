import { Outlet } from 'react-router'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { LinkTabs } from '#app/components/ui/LinkTabs.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/layout.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	await requireRole(context, request, 'schoolAdmin')
	return null
}

/** The students area's tabs, each its own URL. */
export default function StudentsLayout() {
	return (
		<>
			<PageHeader title="Students">Your school’s students, their key and connected professionals, and their groups.</PageHeader>
			<LinkTabs label="Students sections" className="mb-6" tabs={[
					{ to: '/school-admin/students/list', label: 'Students' },
					{ to: '/school-admin/students/transfer-students', label: 'Transfer students', end: false },
				]} />
			<Outlet />
		</>
	)
}
