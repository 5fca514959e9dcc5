import { data } from 'react-router'
import { StudentFilters } from '#app/components/students/StudentFilters.tsx'
import { isFiltered, StudentTable } from '#app/components/students/StudentTable.tsx'
import { ButtonLink } from '#app/components/ui/Link.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { listStudents, STUDENT_FILTERS, STUDENT_SORTS, studentGroupOptions } from '#app/services/students.server.ts'
import type { Route } from './+types/list.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'schoolAdmin')
	const list = readList(new URL(request.url), { sorts: STUDENT_SORTS, sort: 'name', filters: STUDENT_FILTERS })
	const [{ rows, total }, groups] = await Promise.all([unlessIllegal(list, () => listStudents(app, list.query, list.filters), NO_ROWS), studentGroupOptions(app)])
	return data({ rows, total, query: list.query, filters: list.filters, illegal: list.illegal, groups }, listStatus(list))
}

export default function Students({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, illegal, groups } = loaderData
	return (
		<>
			<div className="mb-4 flex flex-wrap items-end justify-between gap-4">
				<StudentFilters query={query} filters={filters} groups={groups} illegal={illegal} />
				<div className="flex gap-3">
					<ButtonLink to="/school-admin/students/import" variant="secondary">
						Import students
					</ButtonLink>
					<ButtonLink to="/school-admin/students/list/create">Add student</ButtonLink>
				</div>
			</div>
			<StudentTable rows={rows} total={total} query={query} filtered={isFiltered(query, filters)} illegal={illegal} href={(id) => `/school-admin/students/list/${id}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Students · Spencer' }]
