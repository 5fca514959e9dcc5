/**
 * npm run backup [-- FILE] — a backup of the database DATABASE_URL names
 * (README: Backups): PostgreSQL by pg_dump (custom format), a PGlite folder as
 * a gzipped tar of its data (stop the server first: its folder is locked).
 * FILE defaults to backups/spencer-<engine>-<time>.(dump|tar.gz).
 */
import { backupDatabase, BackupError } from '#app/services/backup.server.ts'
import { DatabaseInUseError } from '#app/services/database.server.ts'
import { readEnv, setEnv } from '#app/services/env.server.ts'

// Read as the server reads it (the ORM's options look at the configuration), less what only serving needs (ADR 090).
const target = setEnv(readEnv(process.env, { serving: false })).database
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const file = process.argv[2] ?? `backups/spencer-${target.engine}-${stamp}.${target.engine === 'postgresql' ? 'dump' : 'tar.gz'}`
try {
	await backupDatabase(target, file)
	console.log(`Backup written to ${file}`)
} catch (error) {
	if (!(error instanceof BackupError) && !(error instanceof DatabaseInUseError)) throw error
	console.error(error.message)
	process.exitCode = 1
}
