import { useLocation } from 'react-router'
import { ImportJobStatus } from '#app/components/imports/ImportStatus.tsx'
import { BackLink } from '#app/components/shell/BackLink.tsx'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { getImportJob } from '#app/services/imports.server.ts'
import type { Route } from './+types/import-status.ts'
import { readPage } from '#app/lib/pagination.ts'

const PAGE_SIZE = 25

export async function loader({ context, request, params }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const page = readPage(new URL(request.url).searchParams)
	return { job: await getImportJob(app, 'directory', params.id, page, PAGE_SIZE), page }
}

export default function DirectoryImportStatus({ loaderData }: Route.ComponentProps) {
	const { job, page } = loaderData
	const location = useLocation()
	return (
		<>
			<BackLink to="/school-admin/directory/import">Import staff</BackLink>
			<PageHeader title={`Import of ${job.fileName}`}>Staff are matched by email: new people are added without access, known ones updated.</PageHeader>
			<ImportJobStatus
				job={job}
				page={page}
				pageSize={PAGE_SIZE}
				errorsHref={`/school-admin/directory/import/${job.id}/errors.csv`}
				refreshHref={`${location.pathname}${location.search}`}
			/>
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Staff import · Spencer' }]
