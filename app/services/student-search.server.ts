import { expressionBuilder, type Expression, type SqlBool } from 'kysely'
import { containsPattern } from '#app/lib/like.ts'
import type { Database } from './typed-sql.server.ts'

/**
 * A student `s` whose name, either way round, or UPN contains the typed text, whatever its case: the one rule of
 * every student search (the students lists, "Find a student", a group's "Add students", the feedback and
 * questionnaires lists), as a condition and its parameters.
 */
export function studentNameOrUpn(q: string): { sql: string; params: string[] } {
	const search = containsPattern(q)
	return {
		sql: `(lower(s.first_name || ' ' || s.last_name) like ? or lower(s.last_name || ' ' || s.first_name) like ? or lower(s.upn) like ?)`,
		params: [search, search, search],
	}
}

/** A student row's columns that a search reads, in a typed query (typed-sql.server.ts). */
export type StudentNameColumns = { firstName: Expression<string>; lastName: Expression<string>; upn: Expression<string> }

/** The same rule as `studentNameOrUpn`, as a typed condition: `.where(() => studentNameOrUpnMatches(q, columns))`. */
export function studentNameOrUpnMatches(q: string, student: StudentNameColumns): Expression<SqlBool> {
	const eb = expressionBuilder<Database>()
	const search = containsPattern(q)
	const lower = (value: Expression<string>) => eb.fn<string>('lower', [value])
	return eb.or([
		eb(lower(eb(eb(student.firstName, '||', ' '), '||', student.lastName)), 'like', search),
		eb(lower(eb(eb(student.lastName, '||', ' '), '||', student.firstName)), 'like', search),
		eb(lower(student.upn), 'like', search),
	])
}
