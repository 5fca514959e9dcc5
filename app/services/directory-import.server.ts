import type { DirectoryImportValues } from '#app/lib/directory-import.ts'
import { readDirectoryImport } from '#app/lib/directory-import.ts'
import type { Em } from './database.server.ts'
import { CANNOT_ADD_MESSAGE } from './directory.server.ts'
import { auditMany } from './audit.server.ts'
import type { ImportActor, ImportKindHandler, ImportPlan, ImportValuesRow } from './import-kind.server.ts'

/**
 * Staff from a CSV, keyed by email: a new address becomes a user and a
 * directory entry; a known one gets an entry in this school, or has its
 * names, role and job title brought up to date. Names are this school's own
 * (on the membership): an address another school also knows is planned,
 * named and answered like any new one, and a platform admin's address is
 * refused in the words the add form uses (ADR 016). Nobody is given access
 * (ADR 009).
 */

type Existing = {
	user_id: string
	email: string
	system_role: string
	membership_id: string | null
	first_name: string | null
	last_name: string | null
	role: string | null
	job_title: string | null
}

export const LAST_ADMIN_MESSAGE = 'The school must keep at least one school admin'

async function plan(em: Em, schoolId: string, rows: ImportValuesRow<DirectoryImportValues>[]): Promise<ImportPlan<DirectoryImportValues>> {
	const result: ImportPlan<DirectoryImportValues> = { create: [], update: [], unchanged: 0, refused: [] }
	if (rows.length === 0) return result
	const [existing, admins] = await Promise.all([
		em.execute<Existing[]>(
			`select u.id as user_id, lower(u.email) as email, u.system_role, m.id as membership_id, m.first_name, m.last_name, m.role, m.job_title
			from users u
			left join school_membership m on m.user_id = u.id and m.school_id = ?
			where lower(u.email) = any(array(select jsonb_array_elements_text(?::jsonb)))`,
			[schoolId, JSON.stringify(rows.map((row) => row.values.email))],
		),
		em.execute<{ n: number }[]>("select count(*)::int as n from school_membership where school_id = ? and role = 'schoolAdmin'", [schoolId]),
	])
	let schoolAdmins = admins[0]?.n ?? 0
	const byEmail = new Map(existing.map((user) => [user.email, user]))
	for (const row of rows) {
		const values = row.values
		const user = byEmail.get(values.email)
		if (user?.system_role === 'spencerAdmin') {
			result.refused.push({ row: row.row, column: 'Email', message: CANNOT_ADD_MESSAGE })
			continue
		}
		if (!user?.membership_id) {
			result.create.push(row)
			continue
		}
		if (user.role === 'schoolAdmin' && values.role !== 'schoolAdmin') {
			if (schoolAdmins <= 1) {
				result.refused.push({ row: row.row, column: 'Role', message: LAST_ADMIN_MESSAGE })
				continue
			}
			schoolAdmins--
		}
		const changed =
			user.first_name !== values.firstName ||
			user.last_name !== values.lastName ||
			user.role !== values.role ||
			(values.jobTitle !== undefined && (user.job_title ?? null) !== values.jobTitle)
		if (changed) result.update.push({ ...row, id: user.membership_id })
		else result.unchanged++
	}
	return result
}

async function apply(tx: Em, actor: ImportActor, plan: ImportPlan<DirectoryImportValues>) {
	const events: { action: string; id: string }[] = []
	let created = 0
	if (plan.create.length) {
		const people = JSON.stringify(
			plan.create.map((row) => ({ email: row.values.email, first_name: row.values.firstName, last_name: row.values.lastName, role: row.values.role, job_title: row.values.jobTitle ?? null })),
		)
		// New addresses become users (no password: they cannot sign in until given access); known ones are left as they are.
		await tx.execute(
			`insert into users (id, created_at, updated_at, email, first_name, last_name, system_role, mfa_enabled)
			select gen_random_uuid(), now(), now(), v.email, v.first_name, v.last_name, 'schoolStaff', false
			from jsonb_to_recordset(?::jsonb) as v(email text, first_name text, last_name text)
			on conflict do nothing`,
			[people],
		)
		const members = await tx.execute<{ id: string }[]>(
			`insert into school_membership (id, created_at, updated_at, user_id, school_id, first_name, last_name, role, job_title, access)
			select gen_random_uuid(), now(), now(), u.id, ?, v.first_name, v.last_name, v.role, v.job_title, 'none'
			from jsonb_to_recordset(?::jsonb) as v(email text, first_name text, last_name text, role text, job_title text)
			join users u on lower(u.email) = v.email and u.system_role = 'schoolStaff'
			on conflict do nothing
			returning id`,
			[actor.schoolId, people],
		)
		created = members.length
		for (const member of members) events.push({ action: 'member.import.create', id: member.id })
	}
	let updated = 0
	if (plan.update.length) {
		const changes = plan.update.map((row) => ({
			id: row.id,
			first_name: row.values.firstName,
			last_name: row.values.lastName,
			role: row.values.role,
			job_title: row.values.jobTitle ?? null,
			has_job_title: row.values.jobTitle !== undefined,
		}))
		const members = await tx.execute<{ id: string }[]>(
			`update school_membership m set first_name = v.first_name, last_name = v.last_name, role = v.role,
				job_title = case when v.has_job_title then v.job_title else m.job_title end, updated_at = now()
			from jsonb_to_recordset(?::jsonb) as v(id uuid, first_name text, last_name text, role text, job_title text, has_job_title boolean)
			where m.id = v.id and m.school_id = ?
			returning m.id`,
			[JSON.stringify(changes), actor.schoolId],
		)
		updated = members.length
		for (const member of members) events.push({ action: 'member.import.update', id: member.id })
	}
	await auditMany(tx, actor, 'SchoolMembership', events)
	return { created, updated, errors: [] }
}

export const directoryImport: ImportKindHandler<DirectoryImportValues> = { read: readDirectoryImport, plan, apply }
