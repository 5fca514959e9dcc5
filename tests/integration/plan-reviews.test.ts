import { todayInUk } from '#app/lib/format.ts'
import { describeChange } from '#app/lib/measured-change.ts'
import { daysAfter } from '#app/lib/plan-review-schema.ts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startApp, type Browser, type TestApp } from './app.ts'
import { membershipOf, postPairs, recommendationCast, tableRows, type HandStudent } from './assessment-fixtures.ts'

/**
 * Issue 18 items 1, 2 and 3's display (ADR 072): a review date and an owner for each recommendation added, the reviews
 * due on the homes, and recording a review at the entry's plain URL, on the built app (both engines: PGlite, and
 * PostgreSQL with TEST_DATABASE_URL). The hand student's profile is answered by the need manager (Sarah Collins) and the
 * teacher (Tom Harris); "today" is the UK's, as the app's.
 */

let app: TestApp
let senco: Browser
let teacher: Browser
let office: Browser
let riverside: Browser
let hand: HandStudent

const ukDay = (offsetDays = 0) => daysAfter(todayInUk(), offsetDays)
const ukDate = (iso: string) => iso.split('-').toReversed().join('/')

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
	;({ senco, teacher, office, riverside, hand } = await recommendationCast(app))
})
afterAll(() => app?.close())

const suggestionsPage = () => `/need-manager/recommendations/${hand.profileId}`
const html = async (browser: Browser, path: string) => (await browser.request(path)).text()
const offered = async () => [...(await html(senco, suggestionsPage())).matchAll(/<input[^>]*name="recommendation"[^>]*value="([0-9a-f-]{36})"/g)].map((match) => match[1]!)
const entryOf = async (recommendationId: string) =>
	(
		await app.sql<{ id: string; review_on: string | null; owner_id: string | null; status: string }>(
			`select id, to_char(review_on, 'YYYY-MM-DD') as review_on, owner_id, status from student_recommendation
			where student_id = ? and recommendation_id = ? and removed_at is null`,
			[hand.studentId, recommendationId],
		)
	)[0]
const counts = async () =>
	(
		await app.sql<{ entries: number; reviews: number; audits: number }>(
			`select (select count(*)::int from student_recommendation) as entries, (select count(*)::int from recommendation_review) as reviews,
			(select count(*)::int from audit_event where action in ('studentRecommendation.add', 'recommendation.review')) as audits`,
		)
	)[0]!

async function add(recommendationId: string, extra: [string, string][] = []) {
	return postPairs(senco, suggestionsPage(), [['intent', 'add'], ['recommendation', recommendationId], ...extra])
}

let made = 0
/**
 * A plan entry of the hand student owned by `owner`, due `reviewOn`: written straight in, with a recommendation of its
 * own in a theme the profile's questionnaire asks about (the demo's suggestions would run out).
 */
async function planned(owner: string, reviewOn = ukDay()) {
	made++
	const [recommendation] = await app.sql<{ id: string }>(
		`insert into recommendation (id, created_at, updated_at, title, description, theme_id, severity)
		select gen_random_uuid(), now(), now(), ?, 'A strategy of the plan reviews test.', q.theme_id, 'high'
		from question q join domain d on d.id = q.domain_id join profile p on p.questionnaire_id = d.questionnaire_id
		where p.id = ? and q.theme_id is not null order by d.position, q.position limit 1 returning id`,
		[`Review test ${made}`, hand.profileId],
	)
	const [entry] = await app.sql<{ id: string }>(
		`insert into student_recommendation (id, created_at, updated_at, student_id, recommendation_id, source_profile_id, added_by_id, status, review_on, owner_id)
		values (gen_random_uuid(), now(), now(), ?, ?, ?, (select id from users where email = 'senco@oakfield.test'), 'active', ?, ?) returning id`,
		[hand.studentId, recommendation!.id, hand.profileId, reviewOn, owner],
	)
	return entry!.id
}

const reviewUrl = (entryId: string) => `/students/profile/${hand.studentId}/reviews/${entryId}`
const review = (browser: Browser, entryId: string, form: Record<string, string>) => browser.post(reviewUrl(entryId), form)
const GOOD = () => ({ outcome: '1', note: 'Calmer at lunchtimes.', decision: 'continue', nextReviewOn: ukDay(42) })

describe('[18.1] adding a recommendation sets its review date and owner', () => {
	test('the form offers 6 weeks from today and the acting need manager (a respondent); a post without them gets the same', async () => {
		const page = await html(senco, suggestionsPage())
		expect(page).toContain(`name="reviewOn"`)
		expect(page).toContain(`value="${ukDay(42)}"`)
		// The respondents, as the school names them; the need manager chosen.
		expect(page).toMatch(new RegExp(`<option value="${hand.sencoMembershipId}" selected="">Sarah Collins</option>`))
		expect(page).toContain(`<option value="${hand.teacherMembershipId}">Tom Harris</option>`)
		const [first] = await offered()
		expect((await add(first!)).status).toBe(302)
		expect(await entryOf(first!)).toMatchObject({ review_on: ukDay(42), owner_id: hand.sencoMembershipId, status: 'active' })
	})

	test('a chosen date and owner are kept', async () => {
		const [chosen] = await offered()
		expect((await add(chosen!, [['reviewOn', ukDay()], ['owner', hand.teacherMembershipId]])).status).toBe(302)
		expect(await entryOf(chosen!)).toMatchObject({ review_on: ukDay(), owner_id: hand.teacherMembershipId })
	})

	test('an owner who is not a respondent of the profile, or a date out of range, is refused beside its field, nothing written', async () => {
		const [chosen] = await offered()
		const before = await counts()
		const strangers = [await membershipOf(app, 'office@oakfield.test'), await membershipOf(app, 'senco@riverside.test'), 'not-a-uuid']
		for (const owner of strangers) {
			const response = await add(chosen!, [['owner', owner]])
			expect(response.status, owner).toBe(400)
			expect(await response.text()).toContain('Choose one of the profile’s respondents')
		}
		for (const [reviewOn, message] of [
			[ukDay(-1), 'The review date cannot be before today'],
			[ukDay(3 * 366), 'The review date can be at most 2 years from today'],
			['abc', 'Enter a real date'],
			['2026-02-30', 'Enter a real date'],
		]) {
			const response = await add(chosen!, [['reviewOn', reviewOn!]])
			expect(response.status, reviewOn).toBe(400)
			expect(await response.text()).toContain(message)
		}
		expect(await counts()).toEqual(before)
		expect(await entryOf(chosen!)).toBeUndefined()
	})
})

describe('[18.1] the reviews due on the homes', () => {
	test('the need manager’s lists the school’s due and overdue, the most overdue first; the owner’s lists their own; other schools see none', async () => {
		const overdue = await planned(hand.teacherMembershipId)
		const due = await planned(hand.sencoMembershipId)
		const later = await planned(hand.teacherMembershipId, ukDay(10))
		await app.sql('update student_recommendation set review_on = ? where id = ?', [ukDay(-3), overdue])
		const title = async (id: string) =>
			(await app.sql<{ title: string }>('select r.title from student_recommendation sr join recommendation r on r.id = sr.recommendation_id where sr.id = ?', [id]))[0]!.title

		const page = await html(senco, '/need-manager/home/reviews')
		// This test's entries (the student's others, added above, are due today too).
		const rows = tableRows(page, 'Reviews due').filter((row) => row[0] === 'Hand Pupil' && row[1]!.startsWith('Review test'))
		expect(rows.map((row) => row.slice(1))).toEqual([
			[`${await title(overdue)} : review for Hand Pupil`, 'Tom Harris', ukDate(ukDay(-3)), 'Overdue'],
			[`${await title(due)} : review for Hand Pupil`, 'Sarah Collins', ukDate(ukDay()), 'Due'],
		])
		expect(page).toContain(`href="${reviewUrl(overdue)}"`)
		expect(page).not.toContain(reviewUrl(later))
		// Overdue before due, whoever the student.
		const dates = tableRows(page, 'Reviews due').map((row) => row[3]!.split('/').toReversed().join('-'))
		expect(dates).toEqual(dates.toSorted())

		const mine = tableRows(await html(teacher, '/professional/home/reviews'), 'Your reviews').filter(
			(row) => row[0] === 'Hand Pupil' && row[1]!.startsWith('Review test'),
		)
		expect(mine.map((row) => [row[2], row[3]])).toEqual([
			[ukDate(ukDay(-3)), 'Overdue'],
			[ukDate(ukDay(10)), 'Coming'],
		])

		const elsewhere = await html(riverside, '/need-manager/home/reviews')
		expect(elsewhere).not.toContain('Hand Pupil')
		expect(elsewhere).not.toContain(hand.studentId)
	})
})

describe('[18.2] recording a review', () => {
	test('the owner records +1 with a note: the review, the next date, the audit; the profile shows it with the measured change', async () => {
		const entry = await planned(hand.teacherMembershipId)
		const page = await html(teacher, reviewUrl(entry))
		expect(page).toContain('Record a review')
		expect(page).toContain('+1 Better')
		expect(page).toContain('Measured change in')

		const response = await review(teacher, entry, GOOD())
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe(`/students/profile/${hand.studentId}`)
		const [row] = await app.sql<{ id: string; outcome: number; note: string; decision: string; reviewed_on: string }>(
			"select id, outcome, note, decision, to_char(reviewed_on, 'YYYY-MM-DD') as reviewed_on from recommendation_review where entry_id = ?",
			[entry],
		)
		expect(row).toMatchObject({ outcome: 1, note: 'Calmer at lunchtimes.', decision: 'continue', reviewed_on: ukDay() })
		// Not enough data: the review keeps no measured change (ADR 075).
		expect(await app.sql('select measured_change, measured_rounds from recommendation_review where id = ?', [row!.id])).toEqual([{ measured_change: null, measured_rounds: null }])
		expect((await app.sql<{ review_on: string }>("select to_char(review_on, 'YYYY-MM-DD') as review_on from student_recommendation where id = ?", [entry]))[0]!.review_on).toBe(ukDay(42))
		expect(await app.sql("select id from audit_event where action = 'recommendation.review' and entity_id = ?", [row!.id])).toHaveLength(1)

		const profile = await html(teacher, response.headers.get('Location')!)
		expect(profile).toContain('Review recorded')
		const [title] = await app.sql<{ title: string }>('select r.title from student_recommendation sr join recommendation r on r.id = sr.recommendation_id where sr.id = ?', [entry])
		expect(tableRows(profile, `Reviews of “${title!.title}”`)).toEqual([[ukDate(ukDay()), '+1 Better', 'Continue', 'Calmer at lunchtimes.', 'Tom Harris']])
		expect(profile).toContain('Latest outcome: +1 Better')
		expect(profile).toMatch(/Measured change in [^:]+: not enough data \(no round since the recommendation was added; 0 rounds since\)/)
		// The printed list of review links: whole plain URLs.
		expect(profile).toContain(`${app.url}${reviewUrl(entry)}`)

		// Posted twice (no JavaScript): written once.
		const again = await review(teacher, entry, GOOD())
		expect(await html(teacher, again.headers.get('Location')!)).toContain('Already recorded')
		expect(await app.sql('select id from recommendation_review where entry_id = ?', [entry])).toHaveLength(1)
	})

	test('measured change with a round since: on average and per respondent, with the rounds behind it', async () => {
		const entry = await planned(hand.sencoMembershipId)
		// Added between the two rounds (7 September, 19 October).
		await app.sql("update student_recommendation set created_at = '2026-10-01T10:00:00Z' where id = ?", [entry])
		const page = await html(senco, reviewUrl(entry))
		expect(page).toMatch(/Measured change in [^:]+: (need (down|up) \d\.\d|no change in need) on average, from \d\.\d in round 1 of [^(]+\(07\/09\/2026\) to \d\.\d in round 2 of [^(]+\(19\/10\/2026\); 1 round since\./)
		const table = /Change in the ([^<]+) score by respondent/.exec(page)![0]
		const rows = tableRows(page, `${table} (need, 0–4)`)
		expect(rows.map((row) => row[0])).toEqual(['Sarah Collins', 'Tom Harris', 'Average'])

		// Recorded with the review, as the page showed it: the school's report reads it (ADR 075).
		expect((await review(senco, entry, GOOD())).status).toBe(302)
		const [kept] = await app.sql<{ measured_change: number; measured_rounds: number }>('select measured_change, measured_rounds from recommendation_review where entry_id = ?', [entry])
		expect(kept!.measured_rounds).toBe(1)
		const average = rows.find((row) => row[0] === 'Average')!
		expect(average.at(-1)).toBe(describeChange(Number(kept!.measured_change)))
	})

	test('a need manager may record any; a professional who is not the owner reads only; other schools and roles are refused', async () => {
		const entry = await planned(hand.sencoMembershipId)
		const before = await counts()
		const readOnly = await html(teacher, reviewUrl(entry))
		expect(readOnly).not.toContain('Record a review')
		expect(readOnly).toContain('Only Sarah Collins or a need manager of the school records this review.')
		expect((await review(teacher, entry, GOOD())).status).toBe(403)
		expect((await office.request(reviewUrl(entry))).status).toBe(200)
		expect((await review(office, entry, GOOD())).headers.get('Location')).toBe('/school-admin')
		expect((await riverside.request(reviewUrl(entry))).status).toBe(404)
		expect((await review(riverside, entry, GOOD())).status).toBe(404)
		// Another student's path, or an entry that is not on the plan: 404.
		expect((await senco.request(`/students/profile/${hand.studentId}/reviews/${crypto.randomUUID()}`)).status).toBe(404)
		expect(await counts()).toEqual(before)

		const teacherOwned = await planned(hand.teacherMembershipId)
		expect((await review(senco, teacherOwned, GOOD())).status).toBe(302)
		expect(await app.sql('select id from recommendation_review where entry_id = ?', [teacherOwned])).toHaveLength(1)
	})

	test('hostile input answers 4xx and writes nothing', async () => {
		const entry = await planned(hand.teacherMembershipId)
		const before = await counts()
		const cases: Record<string, string>[] = [
			{ ...GOOD(), note: 'Calm\u0000er' },
			{ ...GOOD(), note: 'x'.repeat(501) },
			{ ...GOOD(), outcome: '3' },
			{ ...GOOD(), outcome: 'abc' },
			{ ...GOOD(), outcome: '' },
			{ ...GOOD(), decision: 'pause' },
			{ ...GOOD(), nextReviewOn: ukDay(-1) },
			{ ...GOOD(), nextReviewOn: ukDay(3 * 366) },
			{ ...GOOD(), nextReviewOn: '99999-01-01' },
			{ ...GOOD(), nextReviewOn: '' },
		]
		for (const form of cases) {
			const response = await review(teacher, entry, form)
			expect(response.status, JSON.stringify(form).slice(0, 80)).toBeGreaterThanOrEqual(400)
			expect(response.status, JSON.stringify(form).slice(0, 80)).toBeLessThan(500)
		}
		expect(await counts()).toEqual(before)
	})

	test('stop marks the entry done and ends its reviews; the history is newest first', async () => {
		const entry = await planned(hand.teacherMembershipId)
		await app.sql(
			`insert into recommendation_review (id, created_at, updated_at, school_id, entry_id, reviewed_on, outcome, note, decision)
			values (gen_random_uuid(), now(), now(), (select school_id from student where id = ?), ?, ?, -1, 'A hard week.', 'change')`,
			[hand.studentId, entry, ukDay(-30)],
		)
		const stopped = await review(teacher, entry, { outcome: '2', note: 'No longer needed.', decision: 'stop', nextReviewOn: '' })
		expect(stopped.status).toBe(302)
		expect(await app.sql<{ status: string; review_on: null }>('select status, review_on from student_recommendation where id = ?', [entry])).toEqual([
			{ status: 'done', review_on: null },
		])
		const page = await html(teacher, reviewUrl(entry))
		expect(page).not.toContain('Record a review')
		const [title] = await app.sql<{ title: string }>('select r.title from student_recommendation sr join recommendation r on r.id = sr.recommendation_id where sr.id = ?', [entry])
		expect(tableRows(page, `Reviews of “${title!.title}”`).map((row) => row.slice(0, 3))).toEqual([
			[ukDate(ukDay()), '+2 Much better', 'Stop'],
			[ukDate(ukDay(-30)), '−1 Worse', 'Change'],
		])
		// Done: off the lists, and a second post changes nothing.
		expect(await html(senco, '/need-manager/home/reviews')).not.toContain(reviewUrl(entry))
		const again = await review(teacher, entry, GOOD())
		expect(await html(teacher, again.headers.get('Location')!)).toContain('Already stopped')
		expect(await app.sql('select id from recommendation_review where entry_id = ?', [entry])).toHaveLength(2)
	})
})
