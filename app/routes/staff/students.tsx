import { data } from 'react-router'
import { PageHeader } from '#app/components/shell/Overview.tsx'
import { StudentFilters } from '#app/components/students/StudentFilters.tsx'
import { isFiltered, StudentTable } from '#app/components/students/StudentTable.tsx'
import { requireRole } from '#app/services/guards.server.ts'
import { listStatus, NO_ROWS, readList, unlessIllegal } from '#app/services/list-params.server.ts'
import { seesWholeSchool } from '#app/services/need-to-know.server.ts'
import { listStudents, STUDENT_FILTERS, STUDENT_SORTS, studentGroupOptions } from '#app/services/students.server.ts'
import type { Route } from './+types/students.ts'

/** The students list of the need-manager and professional areas (one module, two routes): read-only, within need-to-know. */
export async function loader({ context, request }: Route.LoaderArgs) {
	const app = await requireRole(context, request, 'needManager', 'professional')
	const list = readList(new URL(request.url), { sorts: STUDENT_SORTS, sort: 'name', filters: STUDENT_FILTERS })
	const [{ rows, total }, groups] = await Promise.all([unlessIllegal(list, () => listStudents(app, list.query, list.filters), NO_ROWS), studentGroupOptions(app)])
	return data(
		{ rows, total, query: list.query, filters: list.filters, illegal: list.illegal, groups, wholeSchool: seesWholeSchool(app.auth) },
		listStatus(list),
	)
}

export default function Students({ loaderData }: Route.ComponentProps) {
	const { rows, total, query, filters, illegal, groups, wholeSchool } = loaderData
	return (
		<>
			<PageHeader title="Students">
				{wholeSchool ? 'Every student of your school.' : 'The students you work with: as their key or connected professional, as a respondent of their profiles, or through a group you support.'}
			</PageHeader>
			<div className="mb-4">
				<StudentFilters query={query} filters={filters} groups={groups} illegal={illegal} />
			</div>
			<StudentTable rows={rows} total={total} query={query} filtered={isFiltered(query, filters)} illegal={illegal} href={(id) => `/students/profile/${id}`} />
		</>
	)
}

export const meta: Route.MetaFunction = () => [{ title: 'Students · Spencer' }]
