/**
 * Generates the next migration from the difference between the entities and
 * the schema that the existing migrations build, then lists it in
 * migrations/index.ts. Usage: npm run migration:create [-- name]
 */
import { readdirSync, writeFileSync } from 'node:fs'
import { migrate, openDatabase } from '#app/services/database.server.ts'
import { readEnv, setEnv } from '#app/services/env.server.ts'

const name = process.argv[2]
// The ORM's options read the configuration (QUERY_STATS): read it as the server does.
setEnv(readEnv())
const db = await openDatabase({ engine: 'pglite', dir: null })
try {
	await migrate(db.orm)
	const initial = (await db.orm.migrator.getExecuted()).length === 0
	const result = await db.orm.migrator.create('migrations', false, initial, name)
	if (!result.fileName) {
		console.log('No changes: the entities match the migrations.')
	} else {
		console.log(`Created migrations/${result.fileName}`)
	}
} finally {
	await db.close()
}

const files = readdirSync('migrations')
	.filter((file) => /^Migration\d+.*\.ts$/.test(file))
	.sort()
const imports = files.map((file, i) => `import { ${className(file)} as M${i} } from './${file}'`)
const entries = files.map((file, i) => `\t{ name: '${file.replace(/\.ts$/, '')}', class: M${i} },`)
writeFileSync(
	'migrations/index.ts',
	`import type { MigrationObject } from '@mikro-orm/core'
${imports.join('\n')}

/**
 * The migrations, in order. Listed here (not discovered from the folder) so
 * that they travel inside the server build. Written by npm run migration:create.
 */
export const migrationsList: MigrationObject[] = [
${entries.join('\n')}
]
`,
)

function className(file: string) {
	return file.replace(/\.ts$/, '').replace(/[^A-Za-z0-9_]/g, '_')
}
