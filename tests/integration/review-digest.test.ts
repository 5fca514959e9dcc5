import { TestClock } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Recommendation, StudentRecommendation, Theme, type School, type SchoolMembership, type Student } from '#app/models/index.ts'
import { getEnv } from '#app/services/env.server.ts'
import { QUEUES, type JobSystem } from '#app/services/job-queue.server.ts'
import { REVIEW_DIGEST_CRON, REVIEW_DIGEST_TIME_ZONE, startJobs } from '#app/services/jobs.server.ts'
import { countQueries } from '#app/services/query-stats.server.ts'
import { dueDigests, sendReviewDigests } from '#app/services/review-digest.server.ts'
import { daysAfter } from '#app/lib/plan-review-schema.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { twoInstancesForThisFile } from './database.ts'
import { createMember, createSchool, createStudent } from './factories.ts'
import { page, postAndFollow } from './pages.ts'
import { readOutbox } from '../support/outbox.ts'

/**
 * The weekly digest of plan reviews (issue 18, item 1; ADR 073) on both engines: for one day it mails each owner the
 * reviews they own that are overdue or due within the week, and each need manager with access all of their school's,
 * one mail per person and school, overdue first — never to someone who turned it off or has no access, never another
 * school's, never an entry stopped, dismissed, removed or due later; and no child's name or UPN in any mail. The job
 * runs once a week (Monday 07:00 UK time) while two instances both schedule it. The opt-out is a form of
 * /settings/profile.
 */
const instances = twoInstancesForThisFile()

/** Every mail in this file's outbox. */
const outbox = () => readOutbox(getEnv().MAIL_OUTBOX_DIR)

/** The digests in the outbox to these people, as recipient → each mail's plan entries linked, in the mail's order (the mails sorted). */
function digestsTo(emails: string[], mails = outbox()): Record<string, string[][]> {
	const result: Record<string, string[][]> = {}
	for (const mail of mails.filter((mail) => emails.includes(mail.to) && mail.subject.startsWith('Plan reviews at'))) {
		const links = [...mail.body.matchAll(/\/students\/profile\/[0-9a-f-]{36}\/reviews\/([0-9a-f-]{36})/g)].map((match) => match[1]!)
		;(result[mail.to] ??= []).push(links)
	}
	for (const lists of Object.values(result)) lists.sort((a, b) => a.join().localeCompare(b.join()))
	return result
}

/** Whether the page's digest checkbox is ticked. */
function ticked(html: string): boolean {
	const input = html.match(/<input\b[^>]*>/g)?.find((tag) => tag.includes('name="reviewDigest"'))
	if (!input) throw new Error('no digest checkbox on the page')
	return /\schecked\b/.test(input)
}

let themeCount = 0
async function recommendation(title: string) {
	const em = instances.db.em()
	const theme = em.create(Theme, { name: `Digest theme ${themeCount++} ${Date.now()}`, description: 'A theme' })
	const made = em.create(Recommendation, { title, description: 'What to do.', theme, severity: 'medium' })
	await em.flush()
	return made
}

/** A student with a name and UPN the mails must never show. */
async function pupil(school: School, lastName: string) {
	const em = instances.db.em()
	const student = await createStudent(em, school)
	student.firstName = 'Marigold'
	student.lastName = lastName
	await em.flush()
	return student
}

type EntryData = { reviewOn: string | null; owner?: SchoolMembership | null; status?: 'active' | 'done' | 'dismissed'; removed?: boolean; note?: string }
async function entry(student: Student, rec: Recommendation, data: EntryData) {
	const em = instances.db.em()
	const made = em.create(StudentRecommendation, {
		student: student.id,
		recommendation: rec.id,
		reviewOn: data.reviewOn,
		owner: data.owner?.id ?? null,
		status: data.status ?? 'active',
		removedAt: data.removed ? new Date() : null,
		note: data.note ?? `Marigold ${student.lastName} does well with this`,
	})
	await em.flush()
	return made.id
}

async function setMember(member: SchoolMembership, change: { access?: 'none' | 'invited' | 'active'; reviewDigest?: boolean }) {
	if (change.access) await instances.db.em().execute('update school_membership set access = ? where id = ?', [change.access, member.id])
	if (change.reviewDigest !== undefined) await instances.db.em().execute('update users set review_digest = ? where id = ?', [change.reviewDigest, member.user.id])
}

const emailOf = (member: SchoolMembership) => member.user.email

describe('who gets which reviews', () => {
	// A Monday; the fixture's dates are relative to it.
	const today = '2030-03-04'
	const day = (offset: number) => daysAfter(today, offset)
	let fixture: Awaited<ReturnType<typeof buildFixture>>

	async function buildFixture() {
		const em = instances.db.em()
		const [oak, elm] = [await createSchool(em, { name: 'Digest Oak School' }), await createSchool(em, { name: 'Digest Elm School' })]
		const owner = await createMember(em, oak)
		const optedOut = await createMember(em, oak)
		const noAccess = await createMember(em, oak)
		const manager = await createMember(em, oak, 'needManager')
		const managerOptedOut = await createMember(em, oak, 'needManager')
		const managerInvited = await createMember(em, oak, 'needManager')
		const elmManager = await createMember(em, elm, 'needManager')
		await setMember(optedOut, { reviewDigest: false })
		await setMember(noAccess, { access: 'none' })
		await setMember(managerOptedOut, { reviewDigest: false })
		await setMember(managerInvited, { access: 'invited' })

		const [a, b, c, archived] = [await pupil(oak, 'Quillfeather'), await pupil(oak, 'Ashdown'), await pupil(oak, 'Pemberly'), await pupil(oak, 'Goneaway')]
		await em.execute('update student set archived = true where id = ?', [archived.id])
		const elmPupil = await pupil(elm, 'Elmsworth')
		const recs = await Promise.all(['Calm corner', 'Check-in at the gate', 'Emotion coaching', 'Movement breaks', 'Social story', 'Worry box'].map(recommendation))
		const [calm, gate, coaching, movement, story, worry] = recs as [Recommendation, Recommendation, Recommendation, Recommendation, Recommendation, Recommendation]
		const ids = {
			// Owned by `owner`.
			overdue: await entry(a, calm, { reviewOn: day(-10), owner }),
			dueToday: await entry(a, gate, { reviewOn: day(0), owner }),
			dueSunday: await entry(b, coaching, { reviewOn: day(6), owner }),
			nextMonday: await entry(b, movement, { reviewOn: day(7), owner }),
			nextMonth: await entry(c, story, { reviewOn: day(30), owner }),
			done: await entry(c, worry, { reviewOn: day(1), owner, status: 'done' }),
			dismissed: await entry(a, movement, { reviewOn: day(1), owner, status: 'dismissed' }),
			removed: await entry(b, calm, { reviewOn: day(1), owner, removed: true }),
			archivedPupil: await entry(archived, calm, { reviewOn: day(1), owner }),
			// Owned by someone who turned the digest off, by someone without access, by the need manager, and by no one.
			optedOutOwns: await entry(c, calm, { reviewOn: day(2), owner: optedOut }),
			noAccessOwns: await entry(c, gate, { reviewOn: day(-1), owner: noAccess }),
			managerOwns: await entry(b, gate, { reviewOn: day(3), owner: manager }),
			nobodyOwns: await entry(c, coaching, { reviewOn: day(4), owner: null }),
			// Another school's.
			elm: await entry(elmPupil, calm, { reviewOn: day(1), owner: elmManager }),
		}
		// Someone who owns a review at Oak and is a need manager at Elm: one mail per school.
		const both = await createMember(em, oak)
		await em.execute(
			"insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, access) values (gen_random_uuid(), now(), now(), ?, ?, 'Both', 'Schools', 'needManager', 'active')",
			[both.user.id, elm.id],
		)
		const bothOwns = await entry(a, story, { reviewOn: day(5), owner: both })
		return {
			oak,
			elm,
			people: { owner, optedOut, noAccess, manager, managerOptedOut, managerInvited, elmManager, both },
			ids: { ...ids, bothOwns },
			pupils: [a, b, c, archived, elmPupil],
		}
	}

	beforeAll(async () => {
		fixture = await buildFixture()
	})

	test('each recipient, once per school, with exactly their reviews due this week and overdue, overdue first', async () => {
		const { people, ids, oak, elm } = fixture
		const digests = await dueDigests(instances.db.em(), today)
		const mine = digests.filter((digest) => [oak.id, elm.id].includes(digest.schoolId))
		const byPerson = Object.fromEntries(mine.map((digest) => [`${digest.to} ${digest.schoolName}`, digest.entries.map((entry) => entry.entryId)]))
		const oakDue = [ids.overdue, ids.noAccessOwns, ids.dueToday, ids.optedOutOwns, ids.managerOwns, ids.nobodyOwns, ids.bothOwns, ids.dueSunday]
		expect(byPerson).toEqual({
			[`${emailOf(people.owner)} Digest Oak School`]: [ids.overdue, ids.dueToday, ids.dueSunday],
			[`${emailOf(people.manager)} Digest Oak School`]: oakDue,
			[`${emailOf(people.elmManager)} Digest Elm School`]: [ids.elm],
			[`${emailOf(people.both)} Digest Oak School`]: [ids.bothOwns],
			[`${emailOf(people.both)} Digest Elm School`]: [ids.elm],
		})
		const overdue = mine.find((digest) => digest.to === emailOf(people.manager))!.entries.filter((entry) => entry.overdue).map((entry) => entry.entryId)
		expect(overdue).toEqual([ids.overdue, ids.noAccessOwns])
	})

	test('the mails: one to each, the same reviews linked, titles and dates, and no child’s name, UPN or note', async () => {
		const { people, ids, pupils } = fixture
		const everyone = Object.values(people).map(emailOf)
		const before = outbox().length
		const { sent, failed } = await sendReviewDigests(instances.db.em(), today)
		expect(failed).toBe(0)
		const mails = outbox().slice(before)
		expect(mails).toHaveLength(sent)
		expect(digestsTo(everyone, mails)).toEqual({
			[emailOf(people.owner)]: [[ids.overdue, ids.dueToday, ids.dueSunday]],
			[emailOf(people.manager)]: [[ids.overdue, ids.noAccessOwns, ids.dueToday, ids.optedOutOwns, ids.managerOwns, ids.nobodyOwns, ids.bothOwns, ids.dueSunday]],
			[emailOf(people.elmManager)]: [[ids.elm]],
			[emailOf(people.both)]: [[ids.bothOwns], [ids.elm]].sort((a, b) => a.join().localeCompare(b.join())),
		})
		const ownerMail = mails.find((mail) => mail.to === emailOf(people.owner))!
		expect(ownerMail.subject).toBe('Plan reviews at Digest Oak School: 1 overdue, 2 due this week')
		expect(ownerMail.body).toContain('- Calm corner: overdue, was due 22/02/2030')
		expect(ownerMail.body).toContain('- Check-in at the gate: due 04/03/2030')
		expect(ownerMail.body).toContain('- Emotion coaching: due 10/03/2030')
		expect(ownerMail.body.indexOf('Overdue (1)')).toBeLessThan(ownerMail.body.indexOf('Due by 10/03/2030 (2)'))
		expect(ownerMail.body).toContain('/settings/profile')
		for (const mail of mails) {
			for (const pupil of pupils) {
				for (const secret of [pupil.lastName, pupil.upn]) expect(`${mail.subject}\n${mail.body}`).not.toContain(secret)
			}
			expect(`${mail.subject}\n${mail.body}`).not.toMatch(/Marigold/)
		}
	})

	test('set-based: one statement to find every digest, whatever their number, and one record per mail sent', async () => {
		const lonely = '2031-06-02'
		const school = await createSchool(instances.db.em())
		const manager = await createMember(instances.db.em(), school, 'needManager')
		await entry(await pupil(school, 'Onlyone'), await recommendation('Quiet space'), { reviewOn: lonely, owner: manager })
		// The big fixture's reviews fall years earlier: overdue on this day, every one of them.
		const many = await countQueries(() => sendReviewDigests(instances.db.em(), lonely))
		expect(many.result.sent).toBeGreaterThan(4)
		await instances.db.em().execute("update student_recommendation set status = 'done' where review_on < ?", [lonely])
		await instances.db.em().execute('delete from review_digest_sent where day = ?', [lonely])
		const one = await countQueries(() => sendReviewDigests(instances.db.em(), lonely))
		expect(one.result).toEqual({ sent: 1, failed: 0 })
		expect(one.count).toBe(2)
		expect(many.count - many.result.sent).toBe(one.count - one.result.sent)
	})

	test('run again the same day (a retry after a crash or a restart), it sends only what has not gone: nothing twice', async () => {
		const day = '2032-03-01'
		const school = await createSchool(instances.db.em())
		const manager = await createMember(instances.db.em(), school, 'needManager')
		await entry(await pupil(school, 'Twice'), await recommendation('Lunch club'), { reviewOn: day, owner: manager })
		const before = outbox().length
		const first = await sendReviewDigests(instances.db.em(), day)
		expect(first.sent).toBeGreaterThan(0)
		expect(outbox().length - before).toBe(first.sent)
		// As if the run had stopped after its first mail: the others' records gone, that one's kept.
		const [kept] = await instances.db.em().execute<{ user_id: string }[]>('select user_id from review_digest_sent where day = ? limit 1', [day])
		await instances.db.em().execute('delete from review_digest_sent where day = ? and user_id <> ?', [day, kept!.user_id])
		const retry = await sendReviewDigests(instances.db.em(), day)
		expect(retry.sent).toBe(first.sent - 1)
		const again = await sendReviewDigests(instances.db.em(), day)
		expect(again).toEqual({ sent: 0, failed: 0 })
		expect(outbox().length - before).toBe(first.sent + retry.sent)
	})
})

describe('the job', () => {
	test('scheduled Monday 07:00 UK time, it runs once a week while two instances both schedule it, a restart mid-week included', { timeout: 180_000 }, async () => {
		const school = await createSchool(instances.db.em())
		const manager = await createMember(instances.db.em(), school, 'needManager')
		// The job takes its day from the job system's clock: a review due before the first Monday is in every run.
		const id = await entry(await pupil(school, 'Weekly'), await recommendation('Weekly check-in'), { reviewOn: '2036-11-28', owner: manager })
		const before = outbox().length
		// A Monday in December (GMT), ahead of any real clock: pg-boss remembers its last cron pass. Time moves only when the test says.
		const started = Date.parse('2036-12-01T06:58:30Z')
		const clock = new TestClock(started)
		const start = async () => {
			const systems: JobSystem[] = []
			for (const database of [instances.db, instances.second]) systems.push(await startJobs(database, { schedule: true, import: {}, clock }))
			return systems
		}
		let systems = await start()
		try {
			const [schedule] = await systems[0]!.boss.getSchedules(QUEUES.reviewDigest)
			expect([schedule?.cron, schedule?.timezone]).toEqual([REVIEW_DIGEST_CRON, REVIEW_DIGEST_TIME_ZONE])
			await clock.tick(4 * 60_000)
			// Wednesday: both instances restart (a deploy), and time goes on.
			await Promise.all(systems.map((system) => system.stop()))
			await clock.setTime(Date.parse('2036-12-03T10:00:00Z'))
			systems = await start()
			await clock.tick(4 * 60_000)
			// The next Monday.
			await clock.setTime(Date.parse('2036-12-08T06:58:30Z'))
			await clock.tick(4 * 60_000)
		} finally {
			await Promise.all(systems.map((system) => system.stop()))
		}
		const jobs = await instances.db
			.em()
			.execute<{ state: string; at: string }[]>(
				"select state, to_char(created_on at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from pgboss.job where name = ? and created_on >= ? and created_on < ? order by created_on",
				[QUEUES.reviewDigest, new Date(started), new Date(started + 8 * 86_400_000)],
			)
		expect(jobs.map((job) => `${job.at} ${job.state}`)).toEqual(['2036-12-01 07:00 completed', '2036-12-08 07:00 completed'])
		// One mail a run.
		expect(digestsTo([emailOf(manager)], outbox().slice(before))).toEqual({ [emailOf(manager)]: [[id], [id]] })
	})
})

describe('the opt-out on /settings/profile', () => {
	let app: TestApp
	let senco: Browser
	let sencoId: string
	const PATH = '/settings/profile'
	const LABEL = 'Email me the plan reviews due, every Monday'
	const digestOn = async () => (await app.sql<{ review_digest: boolean }>('select review_digest from users where id = ?', [sencoId]))[0]!.review_digest
	const audits = async () => (await app.sql<{ n: number }>("select count(*)::int as n from audit_event where action = 'user.reviewDigest' and entity_id = ?", [sencoId]))[0]!.n

	beforeAll(async () => {
		app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' }, { schedule: false })
		sencoId = (await app.sql<{ id: string }>("select id from users where email = 'senco@oakfield.test'"))[0]!.id
		senco = new Browser(app)
		await senco.signIn('senco@oakfield.test')
	})
	afterAll(() => app?.close())

	test('school staff see the checkbox, ticked by default; a platform admin does not, and is refused', async () => {
		const html = await (await senco.request(PATH)).text()
		expect(html).toContain(LABEL)
		expect(ticked(html)).toBe(true)
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		expect(await page(admin, PATH)).not.toContain(LABEL)
		const refused = await admin.post(PATH, { intent: 'review-digest' })
		expect(refused.status).toBe(403)
		const adminDigest = await app.sql<{ review_digest: boolean }>("select review_digest from users where email = 'admin@spencer.test'")
		expect(adminDigest).toEqual([{ review_digest: true }])
	})

	test('unticked and saved, it is off, with a toast and an audit line; ticked again, on', async () => {
		const off = await postAndFollow(senco, PATH, { intent: 'review-digest' })
		expect(off.location).toBe(PATH)
		expect(off.text).toContain('Email settings saved')
		expect(await digestOn()).toBe(false)
		expect(ticked(await (await senco.request(PATH)).text())).toBe(false)
		expect(await audits()).toBe(1)
		const on = await postAndFollow(senco, PATH, { intent: 'review-digest', reviewDigest: 'on' })
		expect(on.text).toContain('Email settings saved')
		expect(await digestOn()).toBe(true)
		expect(ticked(await (await senco.request(PATH)).text())).toBe(true)
		expect(await audits()).toBe(2)
	})

	test('without the account’s own session it is refused, and nothing changes', async () => {
		const stranger = new Browser(app)
		const anonymous = await stranger.post(PATH, { intent: 'review-digest' })
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.get('Location')).toMatch(/^\/auth\/login/)
		// A page of another site posting with the user's cookie.
		const crossSite = await senco.request(PATH, {
			method: 'POST',
			body: new URLSearchParams({ intent: 'review-digest' }),
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
		})
		expect(crossSite.status).toBe(403)
		expect(await digestOn()).toBe(true)
		expect(await audits()).toBe(2)
	})

	test.each([
		['a NUL byte', 'on\u0000', 400],
		['another value', 'yes', 400],
		['a body over the form limit (200 KB)', 'on'.repeat(100_000), 413],
	])('%s is refused and changes nothing', async (_, value, status) => {
		const response = await senco.post(PATH, { intent: 'review-digest', reviewDigest: value })
		expect(response.status).toBe(status)
		expect(await digestOn()).toBe(true)
		expect(await audits()).toBe(2)
	})
})
