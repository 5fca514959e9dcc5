/**
 * npm run restore -- FILE — restores a backup made by `npm run backup` into
 * the database DATABASE_URL names, which must be empty (a new PostgreSQL
 * database, or a PGlite folder that does not exist yet). Start the server on
 * it afterwards: it applies any newer migrations.
 */
import { BackupError, restoreDatabase } from '#app/services/backup.server.ts'
import { readEnv, setEnv } from '#app/services/env.server.ts'

const file = process.argv[2]
if (!file) {
	console.error('npm run restore -- FILE: name the backup to restore.')
	process.exit(2)
}
try {
	// The database's configuration, less what only serving needs (ADR 090).
	await restoreDatabase(setEnv(readEnv(process.env, { serving: false })).database, file)
	console.log(`Restored ${file}`)
} catch (error) {
	if (!(error instanceof BackupError)) throw error
	console.error(error.message)
	process.exitCode = 1
}
