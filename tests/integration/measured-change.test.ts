import { afterAll, beforeAll, expect, test } from 'vitest'
import { Answer, Domain, Feedback, Profile, Question, Questionnaire, Recommendation, Round, StudentRecommendation, Theme, type School } from '#app/models/index.ts'
import { getEnv, readEnv, setEnv } from '#app/services/env.server.ts'
import { loadMeasuredChanges } from '#app/services/measured-change.server.ts'
import { countQueries } from '#app/services/query-stats.server.ts'
import { createTestDatabase, type TestDatabase } from './database.ts'
import { createMember, createSchool, createStudent } from './factories.ts'

/**
 * Measured change (issue 18, item 3; ADR 072) on a fixture with known rounds, on both engines. A student assessed in
 * three rounds (1 September, 1 October, 1 November) by two respondents; theme "Calm" is asked in every round, theme
 * "Sleep" only in the third. Plan entries added on 15 October: Calm's change is round 2 → round 3; Sleep has one round
 * and no baseline, so "not enough data"; an entry added after the last round has no round since. Three queries
 * whatever the number of entries.
 */
let db: TestDatabase
const env = getEnv()
let school: School
const entries: Record<'calm' | 'sleep' | 'late', string> = { calm: '', sleep: '', late: '' }

beforeAll(async () => {
	setEnv(readEnv({ ...process.env, NODE_ENV: 'test', MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR, QUERY_STATS: '1' }))
	db = await createTestDatabase()
	const em = db.em()
	school = await createSchool(em)
	const [ann, ben] = [await createMember(em, school), await createMember(em, school)]
	ann.firstName = 'Ann'
	ann.lastName = 'Able'
	ben.firstName = 'Ben'
	ben.lastName = 'Baker'
	const student = await createStudent(em, school)
	const stamp = Date.now()
	const calm = em.create(Theme, { name: `Calm ${stamp}` })
	const sleep = em.create(Theme, { name: `Sleep ${stamp}` })
	const questionnaire = em.create(Questionnaire, { title: `Check ${stamp}`, status: 'published' })
	const domain = em.create(Domain, { questionnaire, position: 0, name: 'Feelings' })
	const calmQuestions = [0, 1].map((position) => em.create(Question, { domain, position, text: `Calm ${position}`, theme: calm }))
	const sleepQuestion = em.create(Question, { domain, position: 2, text: 'Sleeps', theme: sleep })
	const profile = em.create(Profile, { school, student, questionnaire, kind: 'recurring', intervalWeeks: 4, startDate: '2026-09-01' })
	// Values on the frequency scale (need = 4 − value): Ann's need 3 → 1, Ben's 2 → 2 on Calm between rounds 2 and 3.
	const rounds: [string, Record<'ann' | 'ben', number>, number | null][] = [
		['2026-09-01', { ann: 0, ben: 0 }, null],
		['2026-10-01', { ann: 1, ben: 2 }, null],
		['2026-11-01', { ann: 3, ben: 2 }, 1],
	]
	rounds.forEach(([opensOn, values, sleepValue], index) => {
		const round = em.create(Round, { profile, index, opensOn })
		for (const [name, member] of [
			['ann', ann],
			['ben', ben],
		] as const) {
			const feedback = em.create(Feedback, { round, respondent: member, status: 'complete', submittedAt: new Date(`${opensOn}T12:00:00Z`) })
			for (const question of calmQuestions) em.create(Answer, { feedback, question, value: values[name] })
			if (sleepValue !== null) em.create(Answer, { feedback, question: sleepQuestion, value: sleepValue })
		}
		// Unfinished feedback counts for nothing.
		const other = em.create(Feedback, { round, respondent: null, formerRespondentKey: crypto.randomUUID(), status: 'inProgress' })
		em.create(Answer, { feedback: other, question: calmQuestions[0]!, value: 4 })
	})
	const plan = (theme: Theme, addedAt: string) =>
		em.create(StudentRecommendation, {
			student,
			recommendation: em.create(Recommendation, { title: `${theme.name} plan ${addedAt}`, description: 'Plan', theme, severity: 'medium' }),
			sourceProfile: profile,
			createdAt: new Date(addedAt),
		})
	const made = { calm: plan(calm, '2026-10-15T10:00:00Z'), sleep: plan(sleep, '2026-10-15T10:00:00Z'), late: plan(calm, '2026-11-20T10:00:00Z') }
	await em.flush()
	for (const key of Object.keys(made) as (keyof typeof made)[]) entries[key] = made[key].id

	// Another school's student with a plan entry: never among this school's.
	const elsewhere = await createSchool(em)
	em.create(StudentRecommendation, { student: await createStudent(em, elsewhere), recommendation: made.calm.recommendation })
	await em.flush()
})
afterAll(async () => {
	await db?.close()
	setEnv(env)
})

test('the theme’s score before and since, on average and per respondent, with the rounds since', async () => {
	const changes = await loadMeasuredChanges(db.em(), school.id, { all: true })
	expect([...changes.keys()].sort()).toEqual(Object.values(entries).sort())
	const calm = changes.get(entries.calm)!.change
	expect(calm).toMatchObject({ enough: true, roundsSince: 1, baseline: { number: 2, opensOn: '2026-10-01' }, latest: { number: 3, opensOn: '2026-11-01' } })
	if (!calm.enough) throw new Error('expected a change')
	expect(calm.average).toEqual({ label: 'Average', before: 2.5, after: 1.5, change: -1 })
	expect(calm.respondents.map(({ label, change }) => [label, change])).toEqual([
		['Ann Able', -2],
		['Ben Baker', 0],
	])
})

test('a theme answered in one round only, or an entry with no round since: not enough data', async () => {
	const changes = await loadMeasuredChanges(db.em(), school.id, { studentIds: [(await db.em().findOneOrFail(StudentRecommendation, entries.sleep)).student.id] })
	expect(changes.get(entries.sleep)!.change).toEqual({ enough: false, roundsSince: 1, why: 'no round before the recommendation was added' })
	expect(changes.get(entries.late)!.change).toEqual({ enough: false, roundsSince: 0, why: 'no round since the recommendation was added' })
})

test('three queries, for one entry as for all', async () => {
	const one = await countQueries(() => loadMeasuredChanges(db.em(), school.id, { entryIds: [entries.calm] }))
	const all = await countQueries(() => loadMeasuredChanges(db.em(), school.id, { all: true }))
	expect(one.result.size).toBe(1)
	expect([one.count, all.count]).toEqual([3, 3])
})
