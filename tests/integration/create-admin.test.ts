import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { forkEm, openDatabase } from '#app/services/database.server.ts'
import { serverProcesses } from './server-process.ts'

/**
 * `npm run create-admin` (README: The first platform admin, ADR 113): a new deployment's database gets its first
 * platform admin, invited by email to set a password, from the server's own configuration.
 */
const { freshDatabase, cleanup } = serverProcesses()
const outbox = mkdtempSync(path.join(tmpdir(), 'spencer-create-admin-'))
afterAll(async () => {
	await cleanup()
	rmSync(outbox, { recursive: true, force: true })
})

const createAdmin = (args: string[], databaseUrl: string) =>
	spawnSync(process.execPath, ['scripts/create-admin.ts', ...args], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			DATABASE_URL: databaseUrl,
			SESSION_SECRET: 'a'.repeat(64),
			APP_URL: 'https://spencer.example.sch.uk',
			MAIL_OUTBOX_DIR: outbox,
		},
		encoding: 'utf8',
	})

test('an empty database gets its first platform admin, invited to set a password; the same address, a school staff address and a bad one are refused', { timeout: 120_000 }, async () => {
	// PostgreSQL: a database with nothing in it, as a deployment starts. PGlite: the seeded copy (it is never empty).
	const { url, target } = await freshDatabase({ empty: true })
	const made = createAdmin(['  IT.Lead@Trust.example.org ', 'Ada', 'Lovelace'], url)
	expect(made.stderr).toBe('')
	expect(made.stdout).toContain('The platform admin is created, and invited by email to set a password')
	// Nothing personal in what it prints: the address is in the mail only.
	expect(made.stdout).not.toContain('it.lead@trust.example.org')

	// As a mail reader shows it: quoted-printable soft line breaks joined, `=3D` read as `=`.
	const mails = readdirSync(outbox).map((file) => readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replaceAll('=3D', '='))
	expect(mails).toHaveLength(1)
	expect(mails[0]).toContain('To: it.lead@trust.example.org')
	expect(mails[0]).toMatch(/https:\/\/spencer\.example\.sch\.uk\/auth\/set-password-from-email\?token=/)

	const db = await openDatabase(target)
	try {
		const rows = await forkEm(db.orm).execute<{ system_role: string; first_name: string; password_hash: string | null }[]>(
			"select system_role, first_name, password_hash from users where email = 'it.lead@trust.example.org'",
		)
		expect(rows).toEqual([{ system_role: 'spencerAdmin', first_name: 'Ada', password_hash: null }])
		const [audited] = await forkEm(db.orm).execute<{ n: number }[]>("select count(*)::int as n from audit_event where action = 'user.create-platform-admin'")
		expect(audited!.n).toBe(1)
	} finally {
		await db.close()
	}

	const again = createAdmin(['it.lead@trust.example.org', 'Ada', 'Lovelace'], url)
	expect(again.status).toBe(1)
	expect(again.stderr).toContain('That address is a platform admin already')
	const bad = createAdmin(['not-an-address', 'Ada', ''], url)
	expect(bad.status).toBe(2)
	expect(bad.stderr).toContain('Usage: npm run create-admin -- EMAIL FIRST-NAME LAST-NAME')
	expect(bad.stderr).toContain('Enter a valid email address')
	expect(readdirSync(outbox)).toHaveLength(1)
})

test('an address on a school’s staff is not made a platform admin', { timeout: 120_000 }, async () => {
	const { url } = await freshDatabase()
	const refused = createAdmin(['senco@oakfield.test', 'Sam', 'Senco'], url)
	expect(refused.status).toBe(1)
	expect(refused.stderr).toContain('That address belongs to school staff')
})
