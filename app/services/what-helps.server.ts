import { sql, type ExpressionBuilder } from 'kysely'
import { whatHelpsRows, type HelpEntry, type WhatHelpsRow } from '#app/lib/what-helps.ts'
import { YEAR_GROUPS, type YearGroup } from '#app/models/enums.ts'
import type { SignedIn } from './guards.server.ts'
import { anId, oneOf } from './list-params.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import { typedSql, type Database } from './typed-sql.server.ts'
import { visibleGroup } from './visible-groups.server.ts'

/**
 * What helps, across the school (issue 18, item 4; ADR 074): the school's plan entries by recommendation, within a
 * group, a year group and a theme, aggregated and suppressed by app/lib/what-helps.ts. Three queries whatever the
 * number of students: the filters' options (2), and the entries with their latest review's outcome and measured change
 * (1), the change being the one recorded with the review (ADR 075).
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

/** The groups of the school and the themes of the catalogue's recommendations, by name. */
export async function whatHelpsOptions(app: SignedIn): Promise<WhatHelpsOptions> {
	const db = typedSql(app.em)
	const [groups, themes] = await Promise.all([
		db
			.selectFrom('student_group as g')
			.select(['g.id as value', 'g.name as label'])
			.where((eb) => visibleGroup(app, { id: eb.ref('g.id'), schoolId: eb.ref('g.school_id') }))
			.orderBy((eb) => eb.fn('lower', ['g.name']))
			.execute(),
		db
			.selectFrom('theme as t')
			.select(['t.id as value', 't.name as label'])
			.where((eb) => eb.exists(eb.selectFrom('recommendation as r').select('r.id').whereRef('r.theme_id', '=', 't.id')))
			.orderBy((eb) => eb.fn('lower', ['t.name']))
			.execute(),
	])
	return { groups, themes }
}

export type WhatHelpsReport = { options: WhatHelpsOptions; rows: WhatHelpsRow[] }

/**
 * The report, with its filters' options. A group of another school, or a theme no recommendation has, is not there for
 * this user: 404, as a record of another school is (ADR 042); the options are read first, so that costs no query.
 */
export async function whatHelps(app: SignedIn, filters: WhatHelpsFilters): Promise<WhatHelpsReport> {
	const schoolId = actingSchool(app)
	const options = await whatHelpsOptions(app)
	if (filters.groupId && !options.groups.some((group) => group.value === filters.groupId)) throw notFound()
	if (filters.themeId && !options.themes.some((theme) => theme.value === filters.themeId)) throw notFound()
	const { groupId, yearGroup, themeId } = filters
	// The entry's latest review (the index on entry and day finds it).
	const latestReview = (eb: ExpressionBuilder<Database & { sr: Database['student_recommendation'] }, 'sr'>) =>
		eb
			.selectFrom('recommendation_review as rr')
			.whereRef('rr.entry_id', '=', 'sr.id')
			.where('rr.school_id', '=', schoolId)
			.orderBy('rr.reviewed_on', 'desc')
			.orderBy('rr.created_at', 'desc')
			.limit(1)
	let query = typedSql(app.em)
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
		.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
		.innerJoin('theme as t', 't.id', 'r.theme_id')
		.select((eb) => [
			'sr.id',
			'sr.recommendation_id',
			'r.title',
			't.name as theme',
			// Every entry of the school comes back, those outside the group and year filters marked so: the rows are
			// counted within the filters, and the students the filters leave out decide whether a row may be shown.
			eb
				.and([
					sql<boolean>`true`,
						...(yearGroup ? [eb('s.year_group', '=', yearGroup)] : []),
						...(groupId
							? [eb.exists(eb.selectFrom('group_student as gs').select('gs.student_id').whereRef('gs.student_id', '=', 's.id').where('gs.group_id', '=', groupId))]
							: []),
				])
				.as('selected'),
			latestReview(eb).select('rr.outcome').as('outcome'),
			latestReview(eb).select('rr.measured_change').as('measured_change'),
			latestReview(eb).select('rr.measured_rounds').as('measured_rounds'),
		])
		// A plan entry "had": added (active or done), not withdrawn. Dismissed suggestions were never tried.
		.where('sr.status', 'in', ['active', 'done'])
		.where('sr.removed_at', 'is', null)
	if (themeId) query = query.where('r.theme_id', '=', themeId)
	const rows = await query.execute()
	const entries: HelpEntry[] = rows.map((row) => ({
		entryId: row.id,
		recommendationId: row.recommendation_id,
		title: row.title,
		theme: row.theme,
		selected: Boolean(row.selected),
		outcome: row.outcome === null ? null : Number(row.outcome),
		// The latest review's measured change; none before a review, or when it had not enough data.
		measure: row.measured_change === null ? null : { change: Number(row.measured_change), roundsSince: Number(row.measured_rounds) },
	}))
	return { options, rows: whatHelpsRows(entries) }
}
