import { AuditEvent } from '#app/models/index.ts'
import type { Auth } from '#app/lib/auth.ts'
import type { Em } from './database.server.ts'

export type AuditTarget = { type: string; id?: string | null; schoolId?: string | null }

/**
 * Records who did what to which record, in which school, when — ids only,
 * never the content. Queued on the EntityManager, so it is written in the
 * same flush (and transaction) as the change it describes.
 */
export function audit(em: Em, actor: Pick<Auth, 'userId' | 'impersonatorId' | 'schoolId'> | { userId: string | null }, action: string, target: AuditTarget) {
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

/** One audit row per record written, in one insert (the same columns `audit()` fills). */
export async function auditMany(
	tx: Em,
	actor: { schoolId: string; userId: string | null; impersonatorId: string | null },
	entityType: string,
	events: { action: string; id: string }[],
) {
	if (events.length === 0) return
	await tx.execute(
		`insert into audit_event (id, created_at, updated_at, actor_id, impersonated_user_id, action, entity_type, entity_id, school_id, at)
		select gen_random_uuid(), now(), now(), ?, ?, v.action, ?, v.id, ?, now()
		from jsonb_to_recordset(?::jsonb) as v(action text, id text)`,
		// As audit() does: under impersonation the actor is the platform admin, the user acted as beside.
		[actor.impersonatorId ?? actor.userId, actor.impersonatorId ? actor.userId : null, entityType, actor.schoolId, JSON.stringify(events)],
	)
}
