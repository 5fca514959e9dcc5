/**
 * npm run create-admin -- EMAIL FIRST-NAME LAST-NAME — a platform admin on the database DATABASE_URL names, invited by
 * email to set a password (README: Deployment; ADR 113). The way a new deployment gets its first user: run it with the
 * server's own configuration (APP_URL starts the invitation's link; SMTP_URL sends it, else MAIL_OUTBOX_DIR holds it).
 */
import { forkEm, migrate, openDatabase } from '#app/services/database.server.ts'
import { readEnv, setEnv } from '#app/services/env.server.ts'
import { createPlatformAdmin, PlatformAdminSchema } from '#app/services/platform-admins.server.ts'

const [email, firstName, lastName] = process.argv.slice(2)
const input = PlatformAdminSchema.safeParse({ email, firstName, lastName })
if (!input.success) {
	console.error(`Usage: npm run create-admin -- EMAIL FIRST-NAME LAST-NAME\n${input.error.issues.map((issue) => issue.message).join('\n')}`)
	process.exit(2)
}
const env = setEnv(readEnv())
const db = await openDatabase(env.database)
try {
	await migrate(db.orm)
	const result = await createPlatformAdmin(forkEm(db.orm), input.data)
	if (result === 'invited') console.log('The platform admin is created, and invited by email to set a password (the link works once, for 7 days).')
	else if (result === 'not-sent') {
		console.error('The platform admin is created, but the invitation could not be sent. Once mail works, "Forgot password" on the sign-in page sends a link.')
		process.exitCode = 1
	} else {
		console.error(
			result === 'already-platform-admin'
				? 'That address is a platform admin already: its owner can set a new password with "Forgot password" on the sign-in page.'
				: 'That address belongs to school staff: a platform admin is never on a school’s staff. Use another address.',
		)
		process.exitCode = 1
	}
} finally {
	await db.close()
}
