import { sql } from 'kysely'
import { AuditEvent } from '#app/models/index.ts'
import type { Auth } from '#app/lib/auth.ts'
import type { EntityManager } from '@mikro-orm/core'
import { jsonRecords, type Em } from './database.server.ts'
import { typedSql } from './typed-sql.server.ts'

export type AuditTarget = { type: string; id?: string | null; schoolId?: string | null }

/**
 * Records who did what to which record, in which school, when — ids only,
 * never the content. Queued on the EntityManager, so it is written in the
 * same flush (and transaction) as the change it describes. Any EntityManager will do: a request's, or the one a
 * transaction hands its callback.
 */
export function audit(em: Pick<EntityManager, 'create'>, actor: Pick<Auth, 'userId' | 'impersonatorId' | 'schoolId'> | { userId: string | null }, action: string, target: AuditTarget) {
	const impersonatorId = 'impersonatorId' in actor ? actor.impersonatorId : null
	const schoolId = target.schoolId !== undefined ? target.schoolId : 'schoolId' in actor ? actor.schoolId : null
	em.create(AuditEvent, {
		// Under impersonation the actor is the platform admin; the user acted as is recorded beside.
		actorId: impersonatorId ?? actor.userId,
		impersonatedUserId: impersonatorId ? actor.userId : null,
		action,
		entityType: target.type,
		entityId: target.id ?? null,
		schoolId,
	})
}

/**
 * A read recorded (a student's page viewed, feedback read, an export downloaded): for the access report and the subject
 * access export's "who saw this record". A HEAD request shows nothing, so it records nothing (a GET never writes but
 * these reads, which are the record of it).
 */
export function auditRead(app: { em: Pick<EntityManager, 'create'>; auth: Pick<Auth, 'userId' | 'impersonatorId' | 'schoolId'>; headOnly?: boolean }, action: string, target: AuditTarget) {
	if (!app.headOnly) audit(app.em, app.auth, action, target)
}

/** One audit row per record written, in one insert (the same columns `audit()` fills). */
export async function auditMany(
	tx: Em,
	actor: { schoolId: string; userId: string | null; impersonatorId: string | null },
	entityType: string,
	events: { action: string; id: string }[],
) {
	if (events.length === 0) return
	const db = typedSql(tx)
	await db
		.insertInto('audit_event')
		.columns(['id', 'created_at', 'updated_at', 'actor_id', 'impersonated_user_id', 'action', 'entity_type', 'entity_id', 'school_id', 'at'])
		.expression(
			db.selectFrom(jsonRecords('audit_event', events.map((event) => ({ action: event.action, entity_id: event.id }))).as('v')).select((eb) => [
				sql<string>`gen_random_uuid()`.as('id'),
				sql<Date>`now()`.as('created_at'),
				sql<Date>`now()`.as('updated_at'),
				// As audit() does: under impersonation the actor is the platform admin, the user acted as beside.
				eb.cast<string | null>(eb.val(actor.impersonatorId ?? actor.userId), 'uuid').as('actor_id'),
				eb.cast<string | null>(eb.val(actor.impersonatorId ? actor.userId : null), 'uuid').as('impersonated_user_id'),
				'v.action',
				eb.cast<string>(eb.val(entityType), 'text').as('entity_type'),
				'v.entity_id',
				eb.cast<string>(eb.val(actor.schoolId), 'uuid').as('school_id'),
				sql<Date>`now()`.as('at'),
			]),
		)
		.execute()
}
