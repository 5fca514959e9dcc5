import pg from 'pg'
import { pad, type BenchContext, type BenchSection, type Sql } from './harness.ts'
import { ensureSchoolAdmin } from './fixtures.ts'
import { STUDENTS_PAGE } from './students-list.ts'

const SCHOOL = 'scale-01'
/** Issue 16: the same school's pages with ten times the schools in the database. */
const LARGE_SCHOOLS = 500
const TARGET_RATIO = 1.2
/** A sequential scan of a table this big, in a page's statement, is a missing index. */
const BIG_TABLE_ROWS = 10_000

type Page = { name: string; path: string; as: 'office' | 'senco' }
type PageFigures = { name: string; p95: number; queries: number }

/**
 * Flat in data: the pages a school uses most (its students list, a search,
 * the need manager's home and a student's analysis), measured for one school
 * of 1,000 students on the bench database (50 schools) and again on one with
 * 500 schools (BENCH_LARGE_DATABASE_URL, by default the bench database's name
 * with `_500`). Prints p95 at each size, their ratio and the queries per
 * request; then the plan (EXPLAIN) of every statement those pages sent at
 * 500 schools, naming each sequential scan of a table over 10,000 rows.
 */
export const flatInDataSection: BenchSection = {
	name: 'flat-in-data',
	recordsStatements: true,
	prepare: async (sql) => void (await ensureSchoolAdmin(sql, SCHOOL)),
	async run(context) {
		const largeUrl = process.env.BENCH_LARGE_DATABASE_URL ?? largeDefault(process.env.DATABASE_URL!)
		const pool = new pg.Pool({ connectionString: largeUrl, max: 2 })
		const largeSql: Sql = async (query, params = []) => (await pool.query(query, params)).rows
		try {
			const schools = { small: await schoolCount(context.sql), large: await schoolCount(largeSql).catch(() => 0) }
			if (schools.large < LARGE_SCHOOLS) {
				const how = `DATABASE_URL=${largeUrl} npm run seed:scale -- ${LARGE_SCHOOLS}`
				return { missed: [`no database of ${LARGE_SCHOOLS} schools at BENCH_LARGE_DATABASE_URL (make it with \`${how}\`)`], lines: [`Flat in data: skipped, no ${LARGE_SCHOOLS}-school database (${how}).`] }
			}
			await ensureSchoolAdmin(largeSql, SCHOOL)
			const small = await measurePages(context, await pagesOf(context.sql))
			const largePages = await pagesOf(largeSql)
			const { large, plans } = await context.on(largeUrl, async (other) => ({
				large: await measurePages(other, largePages),
				plans: await seqScans(other, largePages, largeSql),
			}))
			const missed: string[] = []
			const lines = [
				`Flat in data: ${SCHOOL}'s pages with ${schools.small} and with ${schools.large} schools in the database (1,000 students each)`,
				pad('page', 24) + pad(`p95 ms @${schools.small}`, 13) + pad(`p95 ms @${schools.large}`, 14) + pad('ratio', 8) + 'SQL queries/request',
			]
			small.forEach((before, i) => {
				const after = large[i]!
				const ratio = after.p95 / Math.max(before.p95, 0.1)
				if (ratio > TARGET_RATIO) missed.push(`${before.name} p95 ${ratio.toFixed(2)}× at ${schools.large} schools`)
				if (after.queries !== before.queries) missed.push(`${before.name}: ${before.queries} queries at ${schools.small} schools, ${after.queries} at ${schools.large}`)
				lines.push(pad(before.name, 24) + pad(before.p95.toFixed(1), 13) + pad(after.p95.toFixed(1), 14) + pad(ratio.toFixed(2), 8) + `${before.queries} → ${after.queries}`)
			})
			lines.push(`Target: ratio ≤ ${TARGET_RATIO} and the same queries per request (${missed.length ? 'MISSED' : 'ok'})`)
			lines.push(
				`Plans at ${schools.large} schools: ${plans.statements} distinct statements of these pages explained; ` +
					(plans.scans.length ? `${plans.scans.length} sequential scan(s) of tables over ${BIG_TABLE_ROWS.toLocaleString('en-GB')} rows:` : `no sequential scan of a table over ${BIG_TABLE_ROWS.toLocaleString('en-GB')} rows (ok)`),
			)
			for (const scan of plans.scans) {
				lines.push(`  ${scan.table} (${scan.rows.toLocaleString('en-GB')} rows) in: ${scan.statement}`)
				missed.push(`a sequential scan of ${scan.table} at ${schools.large} schools`)
			}
			return { missed, lines }
		} finally {
			await pool.end()
		}
	},
}

function largeDefault(databaseUrl: string) {
	const url = new URL(databaseUrl)
	url.pathname = `${url.pathname}_${LARGE_SCHOOLS}`
	return url.toString()
}

async function schoolCount(sql: Sql) {
	const [row] = await sql<{ n: number }>("select count(*)::int as n from school where subdomain like 'scale-%'")
	return row?.n ?? 0
}

/** The measured pages on one database: the ids in their paths are that database's. */
async function pagesOf(sql: Sql): Promise<Page[]> {
	// A student with a profile of answered rounds (every scale student has one).
	const [student] = await sql<{ id: string }>(
		`select s.id from student s join school c on c.id = s.school_id
		where c.subdomain = $1 and exists (select 1 from profile p where p.student_id = s.id) order by s.upn limit 1`,
		[SCHOOL],
	)
	if (!student) throw new Error(`${SCHOOL} has no student with a profile: run \`npm run seed:scale\``)
	return [
		{ name: 'students list', path: STUDENTS_PAGE, as: 'office' },
		{ name: 'search "tay"', path: '/students?q=tay', as: 'office' },
		{ name: 'need manager home', path: '/need-manager/home', as: 'senco' },
		{ name: 'student analysis', path: `/students/profile/${student.id}/analysis`, as: 'senco' },
	]
}

async function measurePages(context: BenchContext, pages: Page[]): Promise<PageFigures[]> {
	const cookies = { office: await context.signIn(`office@${SCHOOL}.test`), senco: await context.signIn(`senco@${SCHOOL}.test`) }
	const figures: PageFigures[] = []
	for (const page of pages) {
		const cookie = cookies[page.as]
		const queries = await context.queriesFor(page.path, cookie)
		figures.push({ name: page.name, p95: (await context.load(page.path, cookie)).p95, queries })
	}
	return figures
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }

/** Every statement the pages send, explained with its own values: the sequential scans of big tables among them. */
async function seqScans(context: BenchContext, pages: Page[], sql: Sql) {
	const cookies = { office: await context.signIn(`office@${SCHOOL}.test`), senco: await context.signIn(`senco@${SCHOOL}.test`) }
	const recorded = await context.statementsDuring(async () => {
		for (const page of pages) await context.queriesFor(page.path, cookies[page.as])
	})
	const sizes = new Map((await sql<{ relname: string; rows: number }>("select relname, reltuples::bigint::int as rows from pg_class where relkind = 'r'")).map((row) => [row.relname, row.rows]))
	const explainable = new Map(recorded.filter((statement) => /^\s*(select|with|update|delete|insert)\b/i.test(statement.text)).map((statement) => [statement.text, statement]))
	const scans: { table: string; rows: number; statement: string }[] = []
	for (const statement of explainable.values()) {
		const [row] = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${statement.text}`, statement.values)
		const visit = (node: PlanNode) => {
			const rows = sizes.get(node['Relation Name'] ?? '') ?? 0
			if (node['Node Type'] === 'Seq Scan' && rows > BIG_TABLE_ROWS) scans.push({ table: node['Relation Name']!, rows, statement: statement.text.replace(/\s+/g, ' ').slice(0, 160) })
			node.Plans?.forEach(visit)
		}
		visit(row!['QUERY PLAN'][0].Plan)
	}
	return { statements: explainable.size, scans }
}
