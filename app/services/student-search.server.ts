import { containsPattern } from '#app/lib/like.ts'

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
