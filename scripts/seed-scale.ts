/**
 * npm run seed:scale [-- SCHOOLS] — the benchmark data set (50 schools ×
 * 1,000 students, each with a recurring profile of 2 answered rounds) on
 * DATABASE_URL. The size (`npm run seed:scale -- 500`, or SCALE_SCHOOLS) is the
 * number of schools; SCALE_STUDENTS and SCALE_ROUNDS change the rest.
 */
import { forkEm, migrate, openDatabase } from '#app/services/database.server.ts'
import { readEnv, setEnv } from '#app/services/env.server.ts'
import { seedScale } from '#app/services/seed-scale.server.ts'

const env = setEnv(readEnv())
const options = {
	schools: Number(process.argv[2] ?? process.env.SCALE_SCHOOLS ?? 50),
	studentsPerSchool: Number(process.env.SCALE_STUDENTS ?? 1000),
	rounds: Number(process.env.SCALE_ROUNDS ?? 2),
}
if (!Number.isInteger(options.schools) || options.schools < 1) {
	console.error(`seed:scale takes a number of schools (got "${process.argv[2] ?? process.env.SCALE_SCHOOLS}")`)
	process.exit(2)
}
const db = await openDatabase(env.database)
try {
	await migrate(db.orm)
	const started = performance.now()
	const result = await seedScale(forkEm(db.orm), options)
	// A bulk load leaves the planner without statistics and the visibility map unset until autovacuum gets round to
	// it, so a bench run straight after would measure plans a running school's database never sees.
	if (result.schoolsCreated > 0) await forkEm(db.orm).execute('vacuum analyze')
	const seconds = (performance.now() - started) / 1000
	console.log(
		`seed:scale on ${env.database.engine}: ${result.schoolsCreated} new school(s) of ${options.studentsPerSchool} students; ` +
			`${result.students} scale students and ${result.answers} answers in total; ${seconds.toFixed(1)} s`,
	)
} finally {
	await db.close()
}
