import { withCheckLetter } from '#app/lib/upn.ts'
import { pad, type BenchContext, type BenchSection } from './harness.ts'
import { ensureSchool, ensureSchoolAdmin } from './fixtures.ts'
import { STUDENTS_PAGE } from './students-list.ts'

const SCHOOL = 'bench-import'
const ROWS = 10_000
const TARGET_ROWS_PER_SECOND = 2_000
/** Issue 16 (was 300 MB, issue 5). */
const TARGET_PEAK_MB = 200

/**
 * A 10,000-row student import as a school admin runs it (upload, dry run,
 * start), into a school kept for the bench and emptied before each run, so
 * every run creates the same 10,000 students. The server's memory is sampled
 * every 50 ms while the job runs.
 */
export const studentImportSection: BenchSection = {
	name: 'student-import',
	async prepare(sql) {
		await ensureSchool(sql, SCHOOL, 'Bench Import School')
		await ensureSchoolAdmin(sql, SCHOOL)
		await sql('delete from student where school_id = (select id from school where subdomain = $1)', [SCHOOL])
	},
	async run(context) {
		const cookie = await context.signIn(`office@${SCHOOL}.test`)
		const csv = [
			'UPN,Legal Forename,Legal Surname,DOB,NC Year,Gender,SEN',
			...Array.from({ length: ROWS }, (_, i) => `${withCheckLetter(`8${String(i).padStart(11, '0')}`)},Pupil,Number ${i},03/09/2014,${7 + (i % 5)},${i % 2 ? 'F' : 'M'},${i % 7 ? 'N' : 'K'}`),
		].join('\r\n')

		const checkStarted = performance.now()
		const checked = await post(context, cookie, { intent: 'check', file: new File([csv], 'bench.csv', { type: 'text/csv' }) })
		const dryRunSeconds = (performance.now() - checkStarted) / 1000
		const html = await checked.text()
		const upload = /name="upload" value="([^"]*)"/.exec(html)?.[1]
		if (checked.status !== 200 || !upload) throw new Error(`the dry run answered ${checked.status}`)

		const beforeMb = context.serverMemory().rssMb
		let peakMb = beforeMb
		const sampler = setInterval(() => (peakMb = Math.max(peakMb, context.serverMemory().rssMb)), 50)
		const started = performance.now()
		let job: { status: string; created: number; failed: number; seconds: number } | undefined
		try {
			const response = await post(context, cookie, { intent: 'start', fileName: 'bench.csv', upload })
			const id = response.headers.get('Location')?.split('/').at(-1)
			if (response.status !== 302 || !id) throw new Error(`starting the import answered ${response.status}`)
			for (;;) {
				;[job] = await context.sql<{ status: string; created: number; failed: number; seconds: number }>(
					'select status, created, failed, extract(epoch from (finished_at - created_at))::float as seconds from import_job where id = $1',
					[id],
				)
				if (job && !['queued', 'processing'].includes(job.status)) break
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
		} finally {
			clearInterval(sampler)
		}
		const wallSeconds = (performance.now() - started) / 1000
		if (job.status !== 'completed' || job.created !== ROWS) throw new Error(`the import ended ${job.status} with ${job.created} created, ${job.failed} refused`)
		const rowsPerSecond = ROWS / job.seconds
		const queries = await context.queriesFor(STUDENTS_PAGE, cookie)
		const missed: string[] = []
		if (rowsPerSecond < TARGET_ROWS_PER_SECOND) missed.push(`import at ${Math.round(rowsPerSecond)} rows/s`)
		if (peakMb > TARGET_PEAK_MB) missed.push(`import peak RSS ${Math.round(peakMb)} MB`)
		return {
			missed,
			lines: [
				`Student import: ${ROWS.toLocaleString('en-GB')} new rows (${Math.round(csv.length / 1024)} KB) into ${SCHOOL}`,
				pad('dry run (upload and check)', 34) + `${dryRunSeconds.toFixed(2)} s`,
				pad('import job (queued to finished)', 34) +
					`${job.seconds.toFixed(2)} s, ${Math.round(rowsPerSecond)} rows/s (target ≥ ${TARGET_ROWS_PER_SECOND}: ${rowsPerSecond >= TARGET_ROWS_PER_SECOND ? 'ok' : 'MISSED'})`,
				pad('start post to finished', 34) + `${wallSeconds.toFixed(2)} s`,
				pad('server peak RSS during import', 34) +
					`${Math.round(peakMb)} MB (target ≤ ${TARGET_PEAK_MB}: ${peakMb <= TARGET_PEAK_MB ? 'ok' : 'MISSED'}); ${Math.round(beforeMb)} MB before it, ${Math.round(context.serverMemory().peakMb)} MB peak since start`,
				pad('students list at 10,000 students', 34) + `${queries} SQL queries/request`,
			],
		}
	},
}

function post(context: BenchContext, cookie: string, fields: Record<string, string | File>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return fetch(`${context.base}/school-admin/students/import`, { method: 'POST', body: form, redirect: 'manual', headers: { Cookie: cookie, Origin: context.base } })
}
