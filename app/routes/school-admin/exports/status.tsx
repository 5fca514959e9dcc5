import { useLocation } from 'react-router'
import { ExportStatus } from '#app/components/exports/ExportStatus.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { getStudentExport } from '#app/services/exports.server.ts'
import { requireRole } from '#app/services/guards.server.ts'
import type { Route } from './+types/status.ts'

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return { job: await getStudentExport(app, params.id) }
}

export default function StudentExportStatus({ loaderData }: Route.ComponentProps) {
	const { job } = loaderData
	const location = useLocation()
	return (
		<>
			<BackLink to={`/school-admin/students/list/${job.student.id}`}>{job.student.name}</BackLink>
			<PageHeader title={`Subject access export: ${job.student.name}`}>
				One ZIP file: report.html to read or print, student.json for a computer, and answers, scores, plan and access log as CSV.
				Staff of other schools are not named, as the UK GDPR allows for third parties; the report says so.
			</PageHeader>
			<ExportStatus job={job} noun="students" downloadHref={`/school-admin/exports/${job.id}/download`} refreshHref={`${location.pathname}${location.search}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Subject access export · Spencer' }]
