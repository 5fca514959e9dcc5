import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { DatabaseInUseError, migrate, openDatabase } from '#app/services/database.server.ts'

const root = mkdtempSync(path.join(tmpdir(), 'spencer-lock-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test('a PGlite folder serves one process: a second open fails at once, and works again after close', async () => {
	const dir = path.join(root, 'db')
	const first = await openDatabase({ engine: 'pglite', dir })
	await migrate(first.orm)
	const startedAt = Date.now()
	await expect(openDatabase({ engine: 'pglite', dir })).rejects.toBeInstanceOf(DatabaseInUseError)
	expect(Date.now() - startedAt).toBeLessThan(2_000)
	await first.close()

	const again = await openDatabase({ engine: 'pglite', dir })
	expect(await again.orm.migrator.getPending()).toEqual([])
	await again.close()
})
