import { School } from '#app/models/index.ts'
import type { AppContext } from '#app/context.ts'

export type SchoolOverview = {
	id: string
	name: string
	subdomain: string
	type: string
	students: number
}

/** Every active school with its number of students, in two queries whatever the number of schools. */
export async function listSchoolsOverview({ em }: AppContext): Promise<SchoolOverview[]> {
	const [schools, counts] = await Promise.all([
		em.find(School, { archived: false }, { orderBy: { name: 'asc' }, fields: ['id', 'name', 'subdomain', 'type'] }),
		em.execute<{ school_id: string; students: number }[]>(
			'select school_id, count(*)::int as students from student where archived = false group by school_id',
		),
	])
	const bySchool = new Map(counts.map((row) => [row.school_id, row.students]))
	return schools.map((school) => ({
		id: school.id,
		name: school.name,
		subdomain: school.subdomain,
		type: school.type,
		students: bySchool.get(school.id) ?? 0,
	}))
}
