import { sql } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { IllegalInput } from '#app/lib/pagination.ts'
import { OUTCOME_VALUES, whatHelpsRows, type HelpCounts, type WhatHelpsRow } from '#app/lib/what-helps.ts'
import { YEAR_GROUPS, type YearGroup } from '#app/models/enums.ts'
import type { SignedIn } from './guards.server.ts'
import { anId, oneOf } from './list-params.server.ts'
import { actingSchool } from './tenancy.server.ts'
import { typedSql } from './typed-sql.server.ts'
import { visibleGroup } from './visible-groups.server.ts'

/**
 * What helps, across the school (issue 18, item 4; ADR 074): the school's plan entries by recommendation, within a
 * group, a year group and a theme, aggregated and suppressed by app/lib/what-helps.ts. One query whatever the number
 * of students (ADR 077): the filters' options, and the school's entries counted by recommendation, by their latest
 * review's outcome, with the median of the measured changes those reviews kept (ADR 075), by the database.
 */

/** The report's filters in its query string (`?group=`, `?yearGroup=`, `?theme=`), read by readFilters (ADR 023). */
export const WHAT_HELPS_FILTERS = {
	groupId: anId('group', 'Choose a group from the list.'),
	yearGroup: oneOf('yearGroup', YEAR_GROUPS, 'Choose a year group from the list.'),
	themeId: anId('theme', 'Choose a theme from the list.'),
}
export type WhatHelpsFilters = { groupId: string | null; yearGroup: YearGroup | null; themeId: string | null }

export type Option = { value: string; label: string }
export type WhatHelpsOptions = { groups: Option[]; themes: Option[] }

/** The groups of the school and the themes of the catalogue's recommendations, by name, as one query to run or nest. */
function optionsQuery(app: SignedIn) {
	const db = typedSql(app.em)
	return (
		db
			.selectFrom('student_group as g')
			.select([sql<'group' | 'theme'>`'group'`.as('kind'), 'g.id as value', 'g.name as label', sql<string>`lower(g.name)`.as('sort')])
			.where((eb) => visibleGroup(app, { id: eb.ref('g.id'), schoolId: eb.ref('g.school_id') }))
			.unionAll(
				db
					.selectFrom('theme as t')
					.select([sql<'group' | 'theme'>`'theme'`.as('kind'), 't.id as value', 't.name as label', sql<string>`lower(t.name)`.as('sort')])
					.where((eb) => eb.exists(eb.selectFrom('recommendation as r').select('r.id').whereRef('r.theme_id', '=', 't.id'))),
			)
			// A union is ordered by its own columns.
			.orderBy('kind')
			.orderBy('sort')
	)
}

export type OptionRow = { kind: 'group' | 'theme'; value: string; label: string; sort: string }
/**
 * The rows by kind, each kind by its lower-cased name: sorted here as well, since rows nested with `json_agg` keep the
 * subquery's order only as PostgreSQL happens to plan it (no guarantee).
 */
export const toOptions = (rows: OptionRow[]): WhatHelpsOptions => {
	const byName = (a: OptionRow, b: OptionRow) => (a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : 0)
	const of = (kind: 'group' | 'theme') =>
		rows
			.filter((row) => row.kind === kind)
			.sort(byName)
			.map(({ value, label }) => ({ value, label }))
	return { groups: of('group'), themes: of('theme') }
}

/** The report's filters' options alone (a page whose filters could not be read): one query. */
export async function whatHelpsOptions(app: SignedIn): Promise<WhatHelpsOptions> {
	return toOptions(await optionsQuery(app).execute())
}

/** `missing`: the filter that names a group or theme this user does not have, and what to do; the rows are then none. */
export type WhatHelpsReport = { options: WhatHelpsOptions; rows: WhatHelpsRow[]; missing: IllegalInput | null }

/** A filter's group is not among the school's: deleted since the link was made, or another school's (never said which). */
const GROUP_MISSING: IllegalInput = { field: 'group', message: 'That group is not one of your school’s groups now (it may have been deleted). Choose a group from the list.' }
const THEME_MISSING: IllegalInput = { field: 'theme', message: 'No recommendation has that theme now. Choose a theme from the list.' }

/**
 * The report, with its filters' options. A group of another school (or one deleted), or a theme no recommendation has,
 * is not there for this user: the report is then `missing` that filter, which its page answers with 404, as for a
 * record of another school (ADR 042), while still showing the filters to choose again.
 */
export async function whatHelps(app: SignedIn, filters: WhatHelpsFilters): Promise<WhatHelpsReport> {
	const schoolId = actingSchool(app)
	const { groupId, yearGroup, themeId } = filters
	// Whether a student is within the group and year filters: every entry of the school is counted, those left out too,
	// since the students the filters leave out decide whether a row may be shown.
	const inYear = yearGroup ? sql`s.year_group = ${yearGroup}` : null
	const inGroup = groupId ? sql`exists (select 1 from group_student gs where gs.student_id = s.id and gs.group_id = ${groupId})` : null
	const within = sql.join([sql`true`, ...(inYear ? [inYear] : []), ...(inGroup ? [inGroup] : [])], sql` and `)
	// The students each wider view has that this one leaves out: the whole school's; with both filters, also each
	// filter's alone (ADR 104), whose rows less this one's would otherwise describe them.
	const leftOutOf = [sql`not (${within})`, ...(inYear && inGroup ? [sql`${inGroup} and not (${inYear})`, sql`${inYear} and not (${inGroup})`] : [])]
	const counted = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${within} and ${condition})::int`
	const measuredIn = sql`lr.measured_change is not null`
	// A plan entry "had": added (active or done), not withdrawn (dismissed suggestions were never tried); each entry's
	// latest review, the school's reviews read once (half the time of a lookup per entry at 1,500 entries). One row per
	// recommendation comes back, whatever the number of students.
	const counting = typedSql(app.em)
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
		.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
		.innerJoin('theme as t', 't.id', 'r.theme_id')
		.leftJoin(
			(eb) =>
				eb
					.selectFrom('recommendation_review as rr')
					.distinctOn('rr.entry_id')
					.select(['rr.entry_id', 'rr.outcome', 'rr.measured_change', 'rr.measured_rounds'])
					.where('rr.school_id', '=', schoolId)
					.orderBy('rr.entry_id')
					.orderBy('rr.reviewed_on', 'desc')
					.orderBy('rr.created_at', 'desc')
					.as('lr'),
			(join) => join.onRef('lr.entry_id', '=', 'sr.id'),
		)
		.select([
			'r.id as recommendation_id',
			'r.title',
			't.name as theme',
			counted(sql`true`).as('students'),
			sql<number[]>`array[${sql.join(leftOutOf.map((leftOut) => sql`count(*) filter (where ${leftOut})::int`))}]`.as('left_out'),
			...OUTCOME_VALUES.map((value) => counted(sql`lr.outcome = ${value}`).as(`outcome_${value + 2}`)),
			counted(sql`lr.outcome is null`).as('not_reviewed'),
			counted(measuredIn).as('measured'),
			sql<number | null>`percentile_cont(0.5) within group (order by lr.measured_change) filter (where ${within} and ${measuredIn})`.as('median_change'),
			sql<number | null>`percentile_cont(0.5) within group (order by lr.measured_rounds) filter (where ${within} and ${measuredIn})`.as('median_rounds'),
		])
		.where('sr.status', 'in', ['active', 'done'])
		.where('sr.removed_at', 'is', null)
		.$if(themeId !== null, (query) => query.where('r.theme_id', '=', themeId!))
		.groupBy(['r.id', 'r.title', 't.name'])
	// The options and the counts in one statement (one round trip, ADR 077); a filter naming another school's group (or
	// a theme no recommendation has) answers 404 before anything counted is used: the counts within it name none of this
	// school's students anyway.
	const [report] = await typedSql(app.em)
		.selectNoFrom([jsonArrayFrom(optionsQuery(app)).as('options'), jsonArrayFrom(counting).as('rows')])
		.execute()
	const options = toOptions(report!.options)
	const rows = report!.rows
	if (filters.groupId && !options.groups.some((group) => group.value === filters.groupId)) return { options, rows: [], missing: GROUP_MISSING }
	if (filters.themeId && !options.themes.some((theme) => theme.value === filters.themeId)) return { options, rows: [], missing: THEME_MISSING }
	const number = (value: unknown) => (value === null || value === undefined ? null : Number(value))
	const counts: HelpCounts[] = rows.map((row) => {
		const outcomes = row as unknown as Record<string, number>
		return {
			recommendationId: row.recommendation_id,
			title: row.title,
			theme: row.theme,
			students: row.students,
			leftOut: row.left_out,
			outcomes: OUTCOME_VALUES.map((value) => outcomes[`outcome_${value + 2}`] ?? 0),
			notReviewed: row.not_reviewed,
			measured: row.measured,
			medianChange: number(row.median_change),
			medianRounds: number(row.median_rounds),
		}
	})
	return { options, rows: whatHelpsRows(counts), missing: null }
}
