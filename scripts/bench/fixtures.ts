import { randomUUID } from 'node:crypto'
import { hashPassword } from '#app/services/password.server.ts'
import type { Sql } from './harness.ts'
import { DEMO_PASSWORD } from './http.ts'

/**
 * A school admin for a bench school (seed:scale makes need managers and
 * professionals only), with the demo password; made once, found after.
 */
export async function ensureSchoolAdmin(sql: Sql, subdomain: string): Promise<string> {
	const email = `office@${subdomain}.test`
	const [school] = await sql<{ id: string }>('select id from school where subdomain = $1', [subdomain])
	if (!school) throw new Error(`No school "${subdomain}": run \`npm run seed:scale\` on this database first.`)
	const [user] = await sql<{ id: string }>('select id from users where lower(email) = $1', [email])
	const userId = user?.id ?? randomUUID()
	if (!user) {
		await sql(
			`insert into users (id, created_at, updated_at, email, first_name, last_name, password_hash, system_role, mfa_enabled)
			values ($1, now(), now(), $2, 'Bench', 'Office', $3, 'schoolStaff', false)`,
			[userId, email, await hashPassword(DEMO_PASSWORD)],
		)
	}
	await sql(
		`insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, job_title, access)
		values ($1, now(), now(), $2, $3, 'Bench', 'Office', 'schoolAdmin', 'Bench', 'active') on conflict do nothing`,
		[randomUUID(), userId, school.id],
	)
	return email
}

/** A school made for the bench alone (its students come and go with each run). */
export async function ensureSchool(sql: Sql, subdomain: string, name: string) {
	await sql(
		`insert into school (id, created_at, updated_at, name, subdomain, type, archived)
		values ($1, now(), now(), $2, $3, 'Secondary', false) on conflict do nothing`,
		[randomUUID(), name, subdomain],
	)
}
