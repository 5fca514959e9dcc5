import { sql } from 'kysely'
import { averageChange, entriesToMeasure, whatHelpsRows, type EntryMeasure, type HelpEntry, type ThemeRoundScore, type WhatHelpsRow } from '#app/lib/what-helps.ts'
import { YEAR_GROUPS, type YearGroup } from '#app/models/enums.ts'
import type { SignedIn } from './guards.server.ts'
import { anId, oneOf } from './list-params.server.ts'
import { actingSchool, notFound } from './tenancy.server.ts'
import type { Em } from './database.server.ts'
import { typedSql } from './typed-sql.server.ts'
import { visibleGroup } from './visible-groups.server.ts'

/**
 * What helps, across the school (issue 18, item 4; ADR 074): the school's plan entries by recommendation, within a
 * group, a year group and a theme, aggregated and suppressed by app/lib/what-helps.ts. A constant number of queries
 * whatever the number of students: the filters' options (2), the entries with their latest outcomes (1), and the theme
 * scores of the rounds of the students of the rows shown (1; none when every row is suppressed).
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
	let query = typedSql(app.em)
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
		.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
		.innerJoin('theme as t', 't.id', 'r.theme_id')
		.select((eb) => [
			'sr.id',
			'sr.recommendation_id',
			'sr.student_id',
			'r.title',
			'r.theme_id',
			't.name as theme',
			sql<string>`to_char((sr.created_at at time zone 'Europe/London')::date, 'YYYY-MM-DD')`.as('added_on'),
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
			eb
				.selectFrom('recommendation_review as rr')
				.select('rr.outcome')
				.whereRef('rr.entry_id', '=', 'sr.id')
				.where('rr.school_id', '=', schoolId)
				.orderBy('rr.reviewed_on', 'desc')
				.orderBy('rr.created_at', 'desc')
				.limit(1)
				.as('outcome'),
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
	}))
	const toMeasure = new Set(entriesToMeasure(entries))
	const measured = rows.filter((row) => toMeasure.has(row.id))
	const scores = await themeScores(
		app.em,
		schoolId,
		measured.map((row) => row.student_id),
		measured.map((row) => row.theme_id),
	)
	const measures = new Map<string, EntryMeasure>()
	for (const row of measured) measures.set(row.id, averageChange(row.added_on, scores.get(`${row.student_id} ${row.theme_id}`) ?? []))
	return { options, rows: whatHelpsRows(entries, measures) }
}

/**
 * The themes' scores in the students' rounds with submitted feedback, by student and theme: the mean over a round's
 * complete feedback of each one's mean need on the theme's questions, as scoreRound and measureChange take it. Averaged
 * by the database: at 1,000 students the answers are some 50,000 rows, which loadMeasuredChanges (three queries, every
 * answer with its respondent) would bring into memory for each request; under the bench's load that exhausted the
 * server's 128 MB heap (ADR 074). One query; none without students.
 */
async function themeScores(em: Em, schoolId: string, studentIds: string[], themeIds: string[]): Promise<Map<string, ThemeRoundScore[]>> {
	const scores = new Map<string, ThemeRoundScore[]>()
	if (!studentIds.length) return scores
	const db = typedSql(em)
	const perFeedback = db
		.selectFrom('answer as a')
		.innerJoin('feedback as f', (join) => join.onRef('f.id', '=', 'a.feedback_id').on('f.status', '=', 'complete'))
		.innerJoin('round as r', 'r.id', 'f.round_id')
		.innerJoin('profile as p', (join) => join.onRef('p.id', '=', 'r.profile_id').on('p.school_id', '=', schoolId))
		.innerJoin('question as q', 'q.id', 'a.question_id')
		.select(['p.student_id', 'f.round_id', 'q.theme_id', sql<number>`avg(case when q.reverse then a.value else 4 - a.value end)`.as('need')])
		.where('p.student_id', 'in', [...new Set(studentIds)])
		.where('q.theme_id', 'in', [...new Set(themeIds)])
		.groupBy(['p.student_id', 'f.round_id', 'f.id', 'q.theme_id'])
	const rows = await db
		.selectFrom(perFeedback.as('fb'))
		.innerJoin('round as r', 'r.id', 'fb.round_id')
		.select(['fb.student_id', 'fb.theme_id', 'r.index', sql<string>`to_char(r.opens_on, 'YYYY-MM-DD')`.as('opens_on'), sql<number>`avg(fb.need)`.as('score')])
		.groupBy(['fb.student_id', 'fb.theme_id', 'fb.round_id', 'r.index', 'r.opens_on'])
		.execute()
	for (const row of rows) {
		const key = `${row.student_id} ${row.theme_id}`
		const list = scores.get(key) ?? []
		list.push({ opensOn: row.opens_on, number: row.index + 1, score: Number(row.score) })
		scores.set(key, list)
	}
	return scores
}
