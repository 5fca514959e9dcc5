import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { forkEm, openDatabase } from '#app/services/database.server.ts'
import type { DatabaseTarget } from '#app/services/env.server.ts'
import { serverProcesses } from './server-process.ts'

/**
 * `npm run backup` and `npm run restore` (README: Backups, ADR 062) on the run's engine: the demo data backed up, then
 * restored into a new database, has every row of every table, table by table.
 */
const { freshDatabase, cleanup } = serverProcesses()
const folder = mkdtempSync(path.join(tmpdir(), 'spencer-backup-'))
afterAll(async () => {
	await cleanup()
	rmSync(folder, { recursive: true, force: true })
})

/** Each table's row count and a digest of all its rows (as text, in order). */
async function fingerprint(target: DatabaseTarget): Promise<Record<string, string>> {
	const db = await openDatabase(target)
	try {
		const em = forkEm(db.orm)
		const tables = await em.execute<{ name: string }[]>(
			"select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1",
		)
		const digests: Record<string, string> = {}
		for (const { name } of tables) {
			const [row] = await em.execute<{ n: number; digest: string }[]>(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`)
			digests[name] = `${row!.n} ${row!.digest}`
		}
		return digests
	} finally {
		await db.close()
	}
}

/** The script as an operator's backup job runs it: production, the database named, and nothing a server needs (ADR 090). */
const npm = (script: string, args: string[], databaseUrl: string) => {
	const { SESSION_SECRET: _secret, APP_URL: _address, ...env } = process.env
	return spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { env: { ...env, NODE_ENV: 'production', DATABASE_URL: databaseUrl }, encoding: 'utf8' })
}

test('a backup restored into a new database holds every row of the demo data, and a restore refuses a database with data', { timeout: 120_000 }, async () => {
	const source = await freshDatabase()
	const file = path.join(folder, source.target.engine === 'postgresql' ? 'spencer.dump' : 'spencer.tar.gz')
	const backup = npm('backup', [file], source.url)
	expect(backup.stderr).toBe('')
	expect(backup.stdout).toContain(`Backup written to ${file}`)

	const restored: { url: string; target: DatabaseTarget } =
		source.target.engine === 'postgresql' ? await freshDatabase({ empty: true }) : { url: `pglite://${path.join(folder, 'restored')}`, target: { engine: 'pglite', dir: path.join(folder, 'restored') } }
	const restore = npm('restore', [file], restored.url)
	expect(restore.stderr).toBe('')
	expect(restore.stdout).toContain(`Restored ${file}`)

	const [before, after] = [await fingerprint(source.target), await fingerprint(restored.target)]
	expect(Number(before['public.student']?.split(' ')[0])).toBeGreaterThan(0)
	expect(Number(before['public.answer']?.split(' ')[0])).toBeGreaterThan(0)
	expect(after).toEqual(before)

	// Again into the same database: refused, and nothing written.
	const again = npm('restore', [file], restored.url)
	expect(again.status).toBe(1)
	expect(again.stderr).toMatch(/restore into a new/)
})
