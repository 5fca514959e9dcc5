import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { DryRunReport, ImportUploadForm, RecentImports } from '#app/components/imports/ImportUpload.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { listRecentImports } from '#app/services/imports.server.ts'
import { importAction } from '../+parts/import-route.server.ts'
import type { Route } from './+types/import.ts'

const statusPath = (id: string) => `/school-admin/students/import/${id}`

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return { recent: await listRecentImports(app, 'students') }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return importAction(app, request, 'students', statusPath)
}

export default function ImportStudents({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<BackLink to="/school-admin/students/list">Students</BackLink>
			<PageHeader title="Import students">Add and update students from a CSV file or your MIS export. Students are matched by UPN.</PageHeader>
			{actionData?.stage === 'dryRun' ? (
				<DryRunReport fileName={actionData.fileName} upload={actionData.upload} dryRun={actionData.dryRun} restartHref="/school-admin/students/import" />
			) : (
				<>
					<ImportUploadForm
						templateHref="/school-admin/students/import/template.csv"
						dates
						columns="UPN, First name (or Forename, Legal Forename), Last name (or Surname, Legal Surname), Date of birth (or DOB), Year group (or Year, NC Year), Gender (or Sex), and optionally SEN status and Reg group"
						error={actionData?.stage === 'upload' ? actionData.error : null}
					/>
					<RecentImports imports={loaderData.recent} hrefOf={statusPath} />
				</>
			)}
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Import students · Spencer' }]
