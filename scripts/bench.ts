/**
 * npm run bench — on PostgreSQL (DATABASE_URL) after `npm run seed:scale`,
 * against the production build started here with QUERY_STATS=1:
 * - the school admin's students list (50 of 1,000 students) next to the
 *   signed-out login page: p50/p95 latency and requests/s at 8 connections,
 *   and SQL queries per request;
 * - a 10,000-row student import: duration, rows/s, the server's peak RSS.
 * Targets (issue 16): list p95 ≤ 25 ms and ≥ 80 % of the login page's
 * requests/s, the server's settled RSS ≤ 150 MB after it; import ≥ 2,000 rows/s
 * (issue 5) with peak RSS ≤ 200 MB.
 * - flat in data (issue 16): the list, a search, the need manager's home and
 *   the analysis page at 50 and at 500 schools (a second database, made by
 *   `npm run seed:scale -- 500`), p95 ratio ≤ 1.2 and the same queries, and no
 *   sequential scan of a big table in their plans (scripts/bench/flat-in-data.ts).
 * - what helps (issue 18): the school admin's report at scale-01 (plan entries and reviews added to it), p95 ≤ 100 ms,
 *   and the same queries as for a school of 50 students (scripts/bench/what-helps.ts).
 * BENCH_SECTIONS=students-list,student-import,flat-in-data,what-helps picks sections; BENCH_SECONDS
 * sets each load's length (10). A new measurement is a BenchSection in
 * scripts/bench/, added to the list below.
 * Then the student analysis page (issue 6: 20 rounds × 3 respondents × 25
 * questions, p95 < 100 ms, constant queries), which brings its own database
 * and server (scripts/bench-analysis.ts, also `npm run bench:analysis`).
 * Then issue 17's data protection line: a 20-round student's subject access export, whole-school exports of a small
 * school and of 1,000 students, and that school's offboarding, with time and the server's peak memory, on a database
 * of its own (scripts/bench-data-protection.ts, also `npm run bench:data-protection`).
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { runBench } from './bench/harness.ts'
import { flatInDataSection } from './bench/flat-in-data.ts'
import { studentImportSection } from './bench/student-import.ts'
import { studentsListSection } from './bench/students-list.ts'
import { whatHelpsSection } from './bench/what-helps.ts'

await runBench([studentsListSection, studentImportSection, flatInDataSection, whatHelpsSection])

const wanted = (process.env.BENCH_SECTIONS ?? '').split(',').filter(Boolean)
for (const [section, script] of [
	['analysis', './bench-analysis.ts'],
	['data-protection', './bench-data-protection.ts'],
] as const) {
	if (wanted.length && !wanted.includes(section)) continue
	const run = spawnSync(process.execPath, [fileURLToPath(new URL(script, import.meta.url))], { stdio: 'inherit', env: process.env })
	if (run.status !== 0) process.exitCode = 1
}
