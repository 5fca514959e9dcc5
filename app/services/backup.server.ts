import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PgliteConnection } from '@mikro-orm/pglite'
import pg from 'pg'
import { openDatabase } from './database.server.ts'
import type { DatabaseTarget } from './env.server.ts'

/**
 * Backups of the whole database and their restore (README: Backups, ADR 062).
 * PostgreSQL: `pg_dump`'s custom format, restored by `pg_restore` into an
 * empty database. PGlite: its data folder as a gzipped tar (PGlite's own
 * dump), unpacked into a new folder; the folder's lock is taken for the dump,
 * so a running server's database is refused rather than copied mid-write.
 */

/** Writes a backup of `target` to `file` (its folder is made). */
export async function backupDatabase(target: DatabaseTarget, file: string): Promise<void> {
	mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
	if (target.engine === 'postgresql') {
		await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], target.url)
		return
	}
	if (!target.dir) throw new BackupError('An in-memory database (pglite://memory) has nothing to back up: it is gone when the server stops.')
	const db = await openDatabase(target)
	try {
		const connection = db.orm.em.getConnection()
		if (!(connection instanceof PgliteConnection)) throw new Error('not a PGlite database')
		const dump = await (await connection.getNativeClient()).dumpDataDir('gzip')
		writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
	} finally {
		await db.close()
	}
}

/** Restores the backup in `file` into `target`, which must be empty: a restore never writes over data. */
export async function restoreDatabase(target: DatabaseTarget, file: string): Promise<void> {
	if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`)
	if (target.engine === 'postgresql') {
		if (await hasTables(target.url)) throw new BackupError('The database to restore into already has tables: restore into a new, empty database.')
		await run('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', file], target.url)
		return
	}
	if (!target.dir) throw new BackupError('Restore into a folder (DATABASE_URL=pglite://PATH), not into memory.')
	if (existsSync(target.dir) && readdirSync(target.dir).length > 0) throw new BackupError(`The folder ${target.dir} is not empty: restore into a new folder.`)
	mkdirSync(target.dir, { recursive: true })
	const restored = await PGlite.create({ dataDir: target.dir, loadDataDir: new Blob([readFileSync(file)]) })
	await restored.close()
}

export class BackupError extends Error {}

async function hasTables(url: string): Promise<boolean> {
	const client = new pg.Client(connectionOf(url))
	await client.connect()
	try {
		const { rows } = await client.query<{ n: number }>("select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")
		return (rows[0]?.n ?? 0) > 0
	} finally {
		await client.end()
	}
}

/** The URL's parts as libpq's environment: the password never appears in a process list. */
function connectionOf(url: string) {
	const parsed = new URL(url)
	return {
		host: parsed.hostname,
		port: Number(parsed.port || 5432),
		user: decodeURIComponent(parsed.username),
		password: decodeURIComponent(parsed.password),
		database: decodeURIComponent(parsed.pathname.slice(1)),
	}
}

function run(command: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
	const connection = connectionOf(url)
	const env = {
		...process.env,
		PGHOST: connection.host,
		PGPORT: String(connection.port),
		PGUSER: connection.user,
		PGPASSWORD: connection.password,
		PGDATABASE: connection.database,
	}
	// pg_restore names its database by flag; pg_dump takes PGDATABASE.
	const fullArgs = command === 'pg_restore' ? [`--dbname=${connection.database}`, ...args] : args
	return new Promise((resolve, reject) => {
		const child = spawn(command, fullArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] })
		let errors = ''
		child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
		child.on('error', (error: NodeJS.ErrnoException) =>
			reject(error.code === 'ENOENT' ? new BackupError(`${command} is not installed: install PostgreSQL's client tools of the server's version.`) : error),
		)
		child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (${code}): ${errors.trim()}`))))
	})
}
