import { sql } from 'kysely'
import { formatDate } from '#app/lib/format.ts'
import { daysAfter } from '#app/lib/plan-review-schema.ts'
import { DIGEST_CHECKBOX_LABEL } from '#app/lib/review-digest-schema.ts'
import { reviewPath } from '#app/lib/review-links.ts'
import { roleInSentence } from '#app/lib/roles.ts'
import type { Em } from './database.server.ts'
import { appUrl, sendMail, type Mail } from './mail.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * The weekly digest of plan reviews (issue 18, item 1; ADR 073): on Monday morning each owner of a review that is due
 * this week or overdue, and each need manager of its school, gets one email per school listing them, overdue first.
 * The email leaves Spencer, so it names no child: the recommendation's title, the date, and the plain link to the
 * review, where the reader signs in to see whom it is about.
 */

/** A review is listed when its date is at most this many days after the digest's day: the week the digest opens. */
export const DIGEST_DAYS_AHEAD = 6

export type DigestEntry = { entryId: string; studentId: string; title: string; reviewOn: string; overdue: boolean }
export type Digest = { userId: string; to: string; schoolId: string; schoolName: string; needManager: boolean; entries: DigestEntry[] }

/**
 * Every digest to send on `today`: one per recipient and school, in one query for every school. A recipient is a
 * member of the entry's school with active access who owns the entry or is one of its need managers, whose account
 * has not turned the digest off; the school is not archived, nor is the student.
 */
export async function dueDigests(em: Em, today: string): Promise<Digest[]> {
	const until = daysAfter(today, DIGEST_DAYS_AHEAD)
	const rows = await typedSql(em)
		.selectFrom('student_recommendation as e')
		.innerJoin('student as s', (join) => join.onRef('s.id', '=', 'e.student_id').on('s.archived', '=', false))
		.innerJoin('school as sc', (join) => join.onRef('sc.id', '=', 's.school_id').on('sc.archived', '=', false))
		.innerJoin('recommendation as r', 'r.id', 'e.recommendation_id')
		// The recipients, of the student's own school only: the entry's owner and the school's need managers, with access.
		.innerJoin('school_membership as m', (join) =>
			join
				.onRef('m.school_id', '=', 's.school_id')
				.on('m.access', '=', 'active')
				.on((eb) => eb.or([eb('m.id', '=', eb.ref('e.owner_id')), eb('m.role', '=', 'needManager')])),
		)
		.innerJoin('users as u', (join) => join.onRef('u.id', '=', 'm.user_id').on('u.review_digest', '=', true))
		.select([
			'u.id as user_id',
			'u.email',
			'm.role',
			'sc.id as school_id',
			'sc.name as school_name',
			'e.id as entry_id',
			'e.student_id',
			'r.title',
			sql<string>`to_char(e.review_on, 'YYYY-MM-DD')`.as('review_on'),
		])
		// Not one already sent today: a retry of the job sends the rest (ADR 095).
		.where((eb) =>
			eb.not(
				eb.exists(
					eb
						.selectFrom('review_digest_sent as ds')
						.select(eb.lit(1).as('one'))
						.whereRef('ds.user_id', '=', 'u.id')
						.whereRef('ds.school_id', '=', 'sc.id')
						.where(sql<boolean>`ds.day = ${today}::date`),
				),
			),
		)
		.where('e.status', '=', 'active')
		.where('e.removed_at', 'is', null)
		.where('e.review_on', 'is not', null)
		.where(sql<boolean>`e.review_on <= ${until}::date`)
		.orderBy('u.id')
		.orderBy('sc.id')
		.orderBy('e.review_on')
		.orderBy('r.title')
		.orderBy('e.id')
		.execute()

	const digests: Digest[] = []
	for (const row of rows) {
		let digest = digests.at(-1)
		if (digest?.userId !== row.user_id || digest.schoolId !== row.school_id) {
			digest = { userId: row.user_id, to: row.email, schoolId: row.school_id, schoolName: row.school_name, needManager: row.role === 'needManager', entries: [] }
			digests.push(digest)
		}
		digest.entries.push({ entryId: row.entry_id, studentId: row.student_id, title: row.title, reviewOn: row.review_on, overdue: row.review_on < today })
	}
	return digests
}

/** One digest as an email: titles, dates and links, no name, UPN or note (ADR 073). */
export function digestMail(digest: Digest, today: string, base = appUrl()): Mail {
	const overdue = digest.entries.filter((entry) => entry.overdue)
	const due = digest.entries.filter((entry) => !entry.overdue)
	const line = (entry: DigestEntry) => `- ${entry.title}: ${entry.overdue ? 'overdue, was due' : 'due'} ${formatDate(entry.reviewOn)}\n  ${base}${reviewPath(entry.studentId, entry.entryId)}`
	const sections = [
		overdue.length ? `Overdue (${overdue.length})\n${overdue.map(line).join('\n')}` : null,
		due.length ? `Due by ${formatDate(daysAfter(today, DIGEST_DAYS_AHEAD))} (${due.length})\n${due.map(line).join('\n')}` : null,
	].filter(Boolean)
	const counts = [overdue.length ? `${overdue.length} overdue` : null, due.length ? `${due.length} due this week` : null].filter(Boolean).join(', ')
	const whose = digest.needManager ? `the plan reviews of ${digest.schoolName}` : `the plan reviews you own at ${digest.schoolName}`
	return {
		to: digest.to,
		subject: `Plan reviews at ${digest.schoolName}: ${counts}`,
		text: [
			`Hello,`,
			`These are ${whose} that are overdue or due this week (${formatDate(today)} to ${formatDate(daysAfter(today, DIGEST_DAYS_AHEAD))}).`,
			...sections,
			'Open a link and sign in to Spencer to see whom the review is about and to record it. This email names no pupil, on purpose.',
			`You get it on Mondays because ${digest.needManager ? `you are ${roleInSentence('needManager')}` : 'you own these reviews'} at ${digest.schoolName}. To stop it, untick "${DIGEST_CHECKBOX_LABEL}" in your profile settings: ${base}/settings/profile`,
		].join('\n\n'),
	}
}

/**
 * The job's work: every school's digests for `today` (a UK date), each sent once. Each mail that goes is recorded as
 * it goes (one insert per mail, after its send: ADR 095), and the digests of the day exclude the recorded ones, so a
 * retry, after a crash, a restart or a mail that failed, sends only what has not gone. A mail that fails is counted
 * and the rest still go; then the job fails, to be retried.
 */
export async function sendReviewDigests(em: Em, today: string): Promise<{ sent: number; failed: number }> {
	const digests = await dueDigests(em, today)
	const base = appUrl()
	let sent = 0
	let failed = 0
	for (const digest of digests) {
		try {
			await sendMail(digestMail(digest, today, base))
		} catch {
			failed++
			continue
		}
		sent++
		await typedSql(em)
			.insertInto('review_digest_sent')
			.values({ user_id: digest.userId, school_id: digest.schoolId, day: today, sent_at: new Date() })
			.onConflict((conflict) => conflict.doNothing())
			.execute()
	}
	// Counts only: an address is personal data.
	if (digests.length) console.log(`Review digest for ${today}: ${sent} sent, ${failed} not sent`)
	if (failed > 0) throw new Error(`${failed} review digest(s) could not be sent; a retry sends only those`)
	return { sent, failed }
}
