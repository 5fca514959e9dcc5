import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createPostgreSqlTypeParsers } from '@mikro-orm/sql'
import { adminQuery as admin } from '../../scripts/bench/databases.ts'
import { SERVER_BUILD } from '../../scripts/build-if-needed.js'

/** One statement on the PostgreSQL server of a URL, on a connection of its own (creating and dropping databases). */
export { admin }

/**
 * The demo database every integration file starts from, migrated and seeded once per run by the production build
 * (tests/setup/build.ts), instead of once per file (12–14 s of each file's start on two cores, issue 15):
 * - PostgreSQL: a database that each file's own is created from (`CREATE DATABASE … TEMPLATE`);
 * - PGlite: a dump of its data folder, which each file's in-memory PGlite is started from.
 * The template is made with the app's schedule off, so it holds no scheduled job a file's app did not send itself.
 */
export type DatabaseTemplate = ({ engine: 'postgresql'; name: string } | { engine: 'pglite'; dump: string }) & {
	/** The mail the seed sent (the invitations of the demo's invited staff): each file's app finds it in its outbox. */
	outbox: string
}

type Build = {
	createSpencer(env: object, options: { schedule: boolean; database?: object }): Promise<{ db: { close(): Promise<void> } }>
	readEnv(source: Record<string, string | undefined>): object
}

const settings = (databaseUrl: string, outbox: string) => ({
	NODE_ENV: 'production',
	SESSION_SECRET: randomBytes(32).toString('hex'),
	APP_URL: 'http://127.0.0.1',
	SEED_DEMO: '1',
	MAIL_OUTBOX_DIR: outbox,
	DATABASE_URL: databaseUrl,
})

export async function createTemplate(serverUrl = process.env.TEST_DATABASE_URL): Promise<{ template: DatabaseTemplate; drop(): Promise<void> }> {
	const { createSpencer, readEnv } = (await import(/* @vite-ignore */ path.resolve(SERVER_BUILD))) as Build
	const dir = mkdtempSync(path.join(tmpdir(), 'spencer-template-'))
	const outbox = path.join(dir, 'outbox')
	const removeDir = async () => rmSync(dir, { recursive: true, force: true })
	if (serverUrl) {
		const name = `spencer_template_${randomBytes(6).toString('hex')}`
		await admin(serverUrl, `create database ${name}`)
		const url = new URL(serverUrl)
		url.pathname = `/${name}`
		const spencer = await createSpencer(readEnv(settings(url.toString(), outbox)), { schedule: false })
		await spencer.db.close()
		return {
			template: { engine: 'postgresql', name, outbox },
			drop: async () => {
				await admin(serverUrl, `drop database if exists ${name} with (force)`)
				await removeDir()
			},
		}
	}
	// PGlite: the app runs on an instance of ours, which its ORM leaves open on close, so that its folder can be dumped.
	// It reads dates and times as text, as the ORM's own instances do (the schema has no array columns).
	const pglite = await PGlite.create({ parsers: createPostgreSqlTypeParsers((text) => [text]) })
	const spencer = await createSpencer(readEnv(settings('pglite://memory', outbox)), { schedule: false, database: { driverOptions: { pglite } } })
	await spencer.db.close()
	const dump = path.join(dir, 'demo.tar')
	writeFileSync(dump, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()))
	await pglite.close()
	return { template: { engine: 'pglite', dump, outbox }, drop: removeDir }
}

/** The template's dump, read once per worker (files share their worker's modules: vitest.config.ts): 0.5 s a file. */
const blobs = new Map<string, Blob>()
function templateBlob(dump: string): Blob {
	let blob = blobs.get(dump)
	if (!blob) blobs.set(dump, (blob = new Blob([readFileSync(dump)])))
	return blob
}

/**
 * A new database for one file, a copy of the template, and the seed's mail copied into the file's outbox: the
 * database's URL, the ORM options that load it, and how to drop it.
 */
export async function copyTemplate(template: DatabaseTemplate, outbox: string, serverUrl = process.env.TEST_DATABASE_URL) {
	cpSync(template.outbox, outbox, { recursive: true })
	if (template.engine === 'pglite') {
		// Options given through a function: the ORM copies option objects, and a copied Blob can no longer be read.
		const loadDataDir = templateBlob(template.dump)
		return { databaseUrl: 'pglite://memory', database: { driverOptions: () => ({ loadDataDir }) }, drop: async () => {} }
	}
	if (!serverUrl) throw new Error('a PostgreSQL template needs TEST_DATABASE_URL')
	const name = `spencer_app_${randomBytes(6).toString('hex')}`
	await admin(serverUrl, `create database ${name} template ${template.name}`)
	const url = new URL(serverUrl)
	url.pathname = `/${name}`
	return { databaseUrl: url.toString(), database: {}, drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`) }
}
