import { AuditEvent } from '#app/models/index.ts'
import type { Auth } from './auth.server.ts'
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
