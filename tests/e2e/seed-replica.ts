import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The e2e server runs on an in-memory database this process cannot read. The
 * demo seed is deterministic (same students, same answers, in the same order;
 * only ids and dates differ), so the test seeds a copy of its own and works out
 * the expected figures from that copy with plain SQL — not with the app's
 * scoring module, so the screens are checked against an independent sum.
 */
export type ExpectedStudent = {
	upn: string
	name: string
	/** Rounds with complete feedback, counted from 1 as the screens do. */
	latestRound: number
	severity: { high: number; medium: number; low: number }
	/** Domain scores of the latest complete round and of the one before, in questionnaire order. */
	domains: { name: string; score: number; previous: number }[]
	suggestions: number
	/** Every answer given about the student: the question, the answer's label, and who gave it. */
	answers: { question: string; answer: string; respondent: string }[]
}

type Row = Record<string, unknown>

/**
 * The expected figures of these demo students. Seeding takes a while, so the
 * answer is kept in a temporary file named after the seed's source (and this
 * file's): the JavaScript and no-JavaScript projects, and later runs, reuse it
 * until the seed changes.
 */
export async function expectedFromSeed(upns: string[]): Promise<ExpectedStudent[]> {
	const sources = ['../../app/services/seed.server.ts', '../../app/services/seed-content.server.ts', './seed-replica.ts'].map((file) =>
		readFileSync(new URL(file, import.meta.url)),
	)
	const key = createHash('sha256').update(Buffer.concat(sources)).update(upns.join(',')).digest('hex').slice(0, 16)
	const cache = path.join(tmpdir(), `spencer-e2e-replica-${key}.json`)
	try {
		return JSON.parse(readFileSync(cache, 'utf8')) as ExpectedStudent[]
	} catch {
		const expected = await computeFromSeed(upns)
		writeFileSync(cache, JSON.stringify(expected))
		return expected
	}
}

async function computeFromSeed(upns: string[]): Promise<ExpectedStudent[]> {
	// The app's modules read the configuration createSpencer would set; the seed's invitation mail goes to a folder of its own.
	const { readEnv, setEnv } = await import('../../app/services/env.server.ts')
	setEnv(readEnv({ NODE_ENV: 'test', MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'spencer-e2e-replica-')) }))
	const { openDatabase, migrate, forkEm } = await import('../../app/services/database.server.ts')
	const { seedDemo } = await import('../../app/services/seed.server.ts')
	const db = await openDatabase({ engine: 'pglite', dir: null })
	try {
		await migrate(db.orm)
		await seedDemo(forkEm(db.orm))
		const em = forkEm(db.orm)
		const sql = <T extends Row>(query: string, params: unknown[] = []) => em.execute<T[]>(query, params)
		const results: ExpectedStudent[] = []
		for (const upn of upns) {
			const [student] = await sql<{ id: string; name: string }>(`select id, first_name || ' ' || last_name as name from student where upn = ?`, [upn])
			const rounds = await sql<{ id: string; index: number }>(
				`select r.id, r.index from round r join profile p on p.id = r.profile_id
				where p.student_id = ? and exists (select 1 from feedback f where f.round_id = r.id and f.status = 'complete')
				order by r.index desc limit 2`,
				[student!.id],
			)
			const [latest, previous] = rounds
			const need = 'case when q.reverse then a.value else 4 - a.value end'
			const complete = "f.status = 'complete'"
			const questionMeans = await sql<{ mean: string }>(
				`select avg(${need}) as mean from answer a join feedback f on f.id = a.feedback_id and ${complete}
				join question q on q.id = a.question_id where f.round_id = ? group by q.id`,
				[latest!.id],
			)
			const severity = { high: 0, medium: 0, low: 0 }
			for (const row of questionMeans) {
				const mean = Number(row.mean)
				severity[mean < 1.5 ? 'low' : mean < 2.5 ? 'medium' : 'high']++
			}
			const domainScores = (roundId: string) =>
				sql<{ name: string; score: string }>(
					`select d.name, avg(per_feedback.mean) as score from (
						select f.id, q.domain_id, avg(${need}) as mean from answer a
						join feedback f on f.id = a.feedback_id and ${complete}
						join question q on q.id = a.question_id
						where f.round_id = ? group by f.id, q.domain_id
					) per_feedback join domain d on d.id = per_feedback.domain_id
					group by d.id, d.name, d.position order by d.position`,
					[roundId],
				)
			const now = await domainScores(latest!.id)
			const before = await domainScores(previous!.id)
			const [suggested] = await sql<{ n: number }>(
				`select count(*)::int as n from (
					select per_feedback.theme_id, avg(per_feedback.mean) as score from (
						select f.id, q.theme_id, avg(${need}) as mean from answer a
						join feedback f on f.id = a.feedback_id and ${complete}
						join question q on q.id = a.question_id
						where f.round_id = ? and q.theme_id is not null group by f.id, q.theme_id
					) per_feedback
					group by per_feedback.theme_id
				) t join recommendation r on r.theme_id = t.theme_id
				-- The students chosen have no recommendation yet, so nothing is left out for being added.
				where (r.severity = 'medium' and t.score >= 1.5) or (r.severity = 'high' and t.score >= 2.5)`,
				[latest!.id],
			)
			const labels = ['Always', 'Very often', 'Sometimes', 'Rarely', 'Never']
			const answers = await sql<{ question: string; value: number; respondent: string }>(
				`select q.text as question, a.value, m.first_name || ' ' || m.last_name as respondent from answer a
				join feedback f on f.id = a.feedback_id join round r on r.id = f.round_id join profile p on p.id = r.profile_id
				join question q on q.id = a.question_id join school_membership m on m.id = f.respondent_id
				where p.student_id = ?`,
				[student!.id],
			)
			results.push({
				upn,
				answers: answers.map((row) => ({ question: row.question, answer: labels[row.value]!, respondent: row.respondent })),
				name: student!.name,
				latestRound: latest!.index + 1,
				severity,
				domains: now.map((row, index) => ({ name: row.name, score: Number(row.score), previous: Number(before[index]!.score) })),
				suggestions: suggested!.n,
			})
		}
		return results
	} finally {
		await db.close()
	}
}
