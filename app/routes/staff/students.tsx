import { PageHeader } from '#app/components/shell/Overview.tsx'
import { StudentFilters } from '#app/components/students/StudentFilters.tsx'
import { isFiltered, StudentTable } from '#app/components/students/StudentTable.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { seesWholeSchool } from '#app/services/need-to-know.server.ts'
import { listStudents, readStudentFilters, STUDENT_SORTS } from '#app/services/students.server.ts'
import type { Route } from './+types/students.ts'

/** The students list of the need-manager and professional areas (one module, two routes): read-only, within need-to-know. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	const url = new URL(request.url)
	const query = readListQuery(url, STUDENT_SORTS, 'name')
	const filters = readStudentFilters(url)
	const { rows, total, groups } = await listStudents(app, query, filters)
	return { rows, total, query, filters, groups, wholeSchool: seesWholeSchool(app.auth) }
}

export default function Students({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, groups, wholeSchool } = loaderData
	return (
		<>
			<PageHeader title="Students">
				{wholeSchool ? 'Every student of your school.' : 'The students you work with: as their key or connected professional, as a respondent of their profiles, or through a group you support.'}
			</PageHeader>
			<div className="mb-4">
				<StudentFilters query={query} filters={filters} groups={groups} />
			</div>
			<StudentTable rows={rows} total={total} query={query} filtered={isFiltered(query, filters)} href={(id) => `/students/profile/${id}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Students · Spencer' }]
