import { sql } from 'kysely'
import { measureChange, type ChangeRound, type MeasuredChange, type ThemeAnswer } from '#app/lib/measured-change.ts'
import { FORMER_STAFF_MEMBER, WITHHELD_STAFF } from '#app/lib/respondents.ts'
import type { Em } from './database.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * The measured change of plan entries of one school (ADR 072; the computation is app/lib/measured-change.ts): three
 * queries whatever the number of entries, students, rounds and answers — the entries, their students' rounds with
 * submitted feedback, and those rounds' answers to the entries' themes. Respondents are named as the school names them.
 */

export type EntryScope = { entryIds: string[] } | { studentIds: string[] } | { all: true }

export type EntryChange = { entryId: string; studentId: string; recommendationId: string; themeId: string; change: MeasuredChange }

export async function loadMeasuredChanges(em: Em, schoolId: string, scope: EntryScope): Promise<Map<string, EntryChange>> {
	const result = new Map<string, EntryChange>()
	const ids = 'entryIds' in scope ? scope.entryIds : 'studentIds' in scope ? scope.studentIds : null
	if (ids && !ids.length) return result
	const db = typedSql(em)
	let entries = db
		.selectFrom('student_recommendation as sr')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'sr.student_id').on('s.school_id', '=', schoolId))
		.innerJoin('recommendation as r', 'r.id', 'sr.recommendation_id')
		.select([
			'sr.id',
			'sr.student_id',
			'sr.recommendation_id',
			'r.theme_id',
			sql<string>`to_char((sr.created_at at time zone 'Europe/London')::date, 'YYYY-MM-DD')`.as('added_on'),
		])
		.where('sr.status', 'in', ['active', 'done'])
		.where('sr.removed_at', 'is', null)
	if ('entryIds' in scope) entries = entries.where('sr.id', 'in', scope.entryIds)
	if ('studentIds' in scope) entries = entries.where('sr.student_id', 'in', scope.studentIds)
	const rows = await entries.execute()
	if (!rows.length) return result
	const studentIds = [...new Set(rows.map((row) => row.student_id))]
	const themeIds = [...new Set(rows.map((row) => row.theme_id))]

	const [rounds, answers] = await Promise.all([
		db
			.selectFrom('round as r')
			.innerJoin('profile as p', (join) => join.onRef('p.id', '=', 'r.profile_id').on('p.school_id', '=', schoolId))
			.innerJoin('questionnaire as q', 'q.id', 'p.questionnaire_id')
			.select(['r.id', 'p.student_id', 'r.index', 'q.title', sql<string>`to_char(r.opens_on, 'YYYY-MM-DD')`.as('opens_on')])
			.where('p.student_id', 'in', studentIds)
			.where((eb) => eb.exists(eb.selectFrom('feedback as f').select('f.id').whereRef('f.round_id', '=', 'r.id').where('f.status', '=', 'complete')))
			.execute(),
		db
			.selectFrom('answer as a')
			.innerJoin('feedback as f', (join) => join.onRef('f.id', '=', 'a.feedback_id').on('f.status', '=', 'complete'))
			.innerJoin('round as r', 'r.id', 'f.round_id')
			.innerJoin('profile as p', (join) => join.onRef('p.id', '=', 'r.profile_id').on('p.school_id', '=', schoolId))
			.innerJoin('question as q', 'q.id', 'a.question_id')
			.leftJoin('school_membership as m', 'm.id', 'f.respondent_id')
			.select(['f.round_id', 'a.feedback_id', 'q.theme_id', 'a.value', 'q.reverse', 'm.school_id', 'm.first_name', 'm.last_name', 'f.former_respondent_key'])
			.where('p.student_id', 'in', studentIds)
			.where('q.theme_id', 'in', themeIds)
			.execute(),
	])
	const roundsOf = new Map<string, ChangeRound[]>()
	for (const round of rounds) {
		const list = roundsOf.get(round.student_id) ?? []
		list.push({ id: round.id, studentId: round.student_id, opensOn: round.opens_on, number: round.index + 1, questionnaire: round.title })
		roundsOf.set(round.student_id, list)
	}
	const studentOfRound = new Map(rounds.map((round) => [round.id, round.student_id]))
	const answersOf = new Map<string, ThemeAnswer[]>()
	for (const answer of answers) {
		const studentId = studentOfRound.get(answer.round_id)
		if (!studentId || !answer.theme_id) continue
		const respondent = answer.former_respondent_key ? FORMER_STAFF_MEMBER : answer.school_id === schoolId ? `${answer.first_name} ${answer.last_name}` : WITHHELD_STAFF
		const list = answersOf.get(studentId) ?? []
		list.push({ roundId: answer.round_id, feedbackId: answer.feedback_id, respondent, themeId: answer.theme_id, value: answer.value, reverse: answer.reverse })
		answersOf.set(studentId, list)
	}
	for (const row of rows) {
		result.set(row.id, {
			entryId: row.id,
			studentId: row.student_id,
			recommendationId: row.recommendation_id,
			themeId: row.theme_id,
			change: measureChange({ addedOn: row.added_on, themeId: row.theme_id }, roundsOf.get(row.student_id) ?? [], answersOf.get(row.student_id) ?? []),
		})
	}
	return result
}
