import { sql } from 'kysely'
import type { DirectoryImportValues } from '#app/lib/directory-import.ts'
import { SchoolMembership } from '#app/models/index.ts'
import { readDirectoryImport } from '#app/lib/directory-import.ts'
import { jsonRecords, jsonRows, type Em } from './database.server.ts'
import { CANNOT_ADD_MESSAGE } from './directory.server.ts'
import { auditMany } from './audit.server.ts'
import type { ImportActor, ImportKindHandler, ImportPlan, ImportValuesRow } from './import-kind.server.ts'
import { typedSql } from './typed-sql.server.ts'

/**
 * Staff from a CSV, keyed by email: a new address becomes a user and a
 * directory entry; a known one gets an entry in this school, or has its
 * names, role and job title brought up to date. Names are this school's own
 * (on the membership): an address another school also knows is planned,
 * named and answered like any new one, and a platform admin's address is
 * refused in the words the add form uses (ADR 016). Nobody is given access
 * (ADR 009).
 */

export const LAST_ADMIN_MESSAGE = 'The school must keep at least one school admin'

/** The directory's own rule (directory.server.ts): an admin cannot change their own role, and so lock themselves out. */
export const OWN_ROLE_MESSAGE = 'You can’t change your own role: ask another school admin to do it'

async function plan(em: Em, { schoolId, userId }: Pick<ImportActor, 'schoolId' | 'userId'>, rows: ImportValuesRow<DirectoryImportValues>[]): Promise<ImportPlan<DirectoryImportValues>> {
	const result: ImportPlan<DirectoryImportValues> = { create: [], update: [], unchanged: 0, refused: [] }
	if (rows.length === 0) return result
	const [existing, admins] = await Promise.all([
		typedSql(em)
			.selectFrom('users as u')
			.leftJoin('school_membership as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.school_id', '=', schoolId))
			.select((eb) => [
				'u.id as user_id',
				eb.fn<string>('lower', ['u.email']).as('email'),
				'u.system_role',
				'm.id as membership_id',
				'm.first_name',
				'm.last_name',
				'm.role',
				'm.job_title',
			])
			.where((eb) =>
				eb(eb.fn('lower', ['u.email']), 'in', eb.selectFrom(jsonRecords('users', rows.map((row) => ({ email: row.values.email }))).as('v')).select('v.email')),
			)
			.execute(),
		em.count(SchoolMembership, { school: schoolId, role: 'schoolAdmin' }),
	])
	let schoolAdmins = admins
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
		if (user.user_id === userId && user.role !== values.role) {
			result.refused.push({ row: row.row, column: 'Role', message: OWN_ROLE_MESSAGE })
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
	const db = typedSql(tx)
	let created = 0
	if (plan.create.length) {
		const people = plan.create.map((row) => ({
			email: row.values.email,
			first_name: row.values.firstName,
			last_name: row.values.lastName,
			role: row.values.role,
			job_title: row.values.jobTitle ?? null,
		}))
		// New addresses become users (no password: they cannot sign in until given access); known ones are left as they are.
		await db
			.insertInto('users')
			.columns(['id', 'created_at', 'updated_at', 'email', 'first_name', 'last_name', 'system_role', 'mfa_enabled'])
			.expression(
				db.selectFrom(jsonRecords('users', people).as('v')).select((eb) => [
					sql<string>`gen_random_uuid()`.as('id'),
					sql<Date>`now()`.as('created_at'),
					sql<Date>`now()`.as('updated_at'),
					'v.email',
					'v.first_name',
					'v.last_name',
					eb.val('schoolStaff').as('system_role'),
					eb.lit(false).as('mfa_enabled'),
				]),
			)
			.onConflict((conflict) => conflict.doNothing())
			.execute()
		const members = await db
			.insertInto('school_membership')
			.columns(['id', 'created_at', 'updated_at', 'user_id', 'school_id', 'first_name', 'last_name', 'role', 'job_title', 'access'])
			.expression(
				db
					.selectFrom(jsonRows(people, { email: 'text', first_name: 'text', last_name: 'text', role: 'text', job_title: 'text' }).as('v'))
					.innerJoin('users as u', (join) => join.on((eb) => eb(eb.fn('lower', ['u.email']), '=', eb.ref('v.email'))).on('u.system_role', '=', 'schoolStaff'))
					.select((eb) => [
						sql<string>`gen_random_uuid()`.as('id'),
						sql<Date>`now()`.as('created_at'),
						sql<Date>`now()`.as('updated_at'),
						'u.id as user_id',
						eb.cast<string>(eb.val(actor.schoolId), 'uuid').as('school_id'),
						'v.first_name',
						'v.last_name',
						'v.role',
						'v.job_title',
						eb.val('none').as('access'),
					]),
			)
			.onConflict((conflict) => conflict.doNothing())
			.returning('id')
			.execute()
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
		const members = await db
			.updateTable('school_membership as m')
			.from(jsonRows(changes, { id: 'uuid', first_name: 'text', last_name: 'text', role: 'text', job_title: 'text', has_job_title: 'boolean' }).as('v'))
			.set((eb) => ({
				first_name: eb.ref('v.first_name'),
				last_name: eb.ref('v.last_name'),
				role: eb.ref('v.role'),
				job_title: eb.case().when('v.has_job_title', '=', true).then(eb.ref('v.job_title')).else(eb.ref('m.job_title')).end(),
				updated_at: sql<Date>`now()`,
			}))
			.whereRef('m.id', '=', 'v.id')
			.where('m.school_id', '=', actor.schoolId)
			.returning('m.id')
			.execute()
		updated = members.length
		for (const member of members) events.push({ action: 'member.import.update', id: member.id })
	}
	await auditMany(tx, actor, 'SchoolMembership', events)
	return { created, updated, errors: [] }
}

export const directoryImport: ImportKindHandler<DirectoryImportValues> = { read: readDirectoryImport, plan, apply }
