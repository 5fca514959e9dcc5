import { StudentFilters } from '#app/components/students/StudentFilters.tsx'
import { isFiltered, StudentTable } from '#app/components/students/StudentTable.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { readListQuery } from '#app/lib/pagination.ts'
import { requireRole } from '#app/services/guards.server.ts'
import { listStudents, readStudentFilters, STUDENT_SORTS } from '#app/services/students.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const url = new URL(request.url)
	const query = readListQuery(url, STUDENT_SORTS, 'name')
	const filters = readStudentFilters(url)
	const { rows, total, groups } = await listStudents(app, query, filters)
	return { rows, total, query, filters, groups }
}

export default function Students({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, groups } = loaderData
	return (
		<>
			<div className="mb-4 flex flex-wrap items-end justify-between gap-4">
				<StudentFilters query={query} filters={filters} groups={groups} />
				<div className="flex gap-3">
					<ButtonLink to="/school-admin/students/import" variant="secondary">
						Import students
					</ButtonLink>
					<ButtonLink to="/school-admin/students/list/create">Add student</ButtonLink>
				</div>
			</div>
			<StudentTable rows={rows} total={total} query={query} filtered={isFiltered(query, filters)} href={(id) => `/school-admin/students/list/${id}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Students · Spencer' }]
