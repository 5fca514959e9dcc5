import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { DryRunReport, ImportUploadForm, RecentImports } from '#app/components/imports/ImportUpload.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { listRecentImports } from '#app/services/imports.server.ts'
import { importAction } from '../+parts/import-route.server.ts'
import type { Route } from './+types/import.ts'

const statusPath = (id: string) => `/school-admin/directory/import/${id}`

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return { recent: await listRecentImports(app, 'directory') }
}

export async function action({ context, request }: Route.ActionArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	return importAction(app, request, 'directory', statusPath)
}

export default function ImportDirectory({ loaderData, actionData }: Route.ComponentProps) {
	return (
		<>
			<BackLink to="/school-admin/directory">Directory</BackLink>
			<PageHeader title="Import staff">
				Add and update your staff directory from a CSV file. People are matched by email. Nobody is given access by an import: give access from the directory when
				you are ready to invite them.
			</PageHeader>
			{actionData?.stage === 'dryRun' ? (
				<DryRunReport fileName={actionData.fileName} upload={actionData.upload} dryRun={actionData.dryRun} restartHref="/school-admin/directory/import" />
			) : (
				<>
					<ImportUploadForm
						templateHref="/school-admin/directory/import/template.csv"
						columns="Email, First name (or Forename), Last name (or Surname), Role (School admin, SENCo / need manager or Staff member), and optionally Job title"
						error={actionData?.stage === 'upload' ? actionData.error : null}
					/>
					<RecentImports imports={loaderData.recent} hrefOf={statusPath} />
				</>
			)}
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Import staff · Spencer' }]
