import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { User } from './user.ts'

export const ImpersonationSchema = defineEntity({
	name: 'Impersonation',
	properties: {
		...baseProperties(),
		admin: () => p.manyToOne(User).deleteRule('cascade').index(),
		target: () => p.manyToOne(User).deleteRule('cascade'),
		// The admin's session the impersonation is bound to.
		sessionId: p.uuid(),
		startedAt: p.datetime(),
		expiresAt: p.datetime(),
		endedAt: p.datetime().nullable(),
	},
})
export class Impersonation extends ImpersonationSchema.class {}
ImpersonationSchema.setClass(Impersonation)

/**
 * Who did what, to which record, in which school, when. Ids only: never the
 * sensitive content. Plain columns rather than foreign keys, so the trail
 * outlives the rows it speaks of.
 */
export const AuditEventSchema = defineEntity({
	name: 'AuditEvent',
	indexes: [
		{ name: 'audit_event_entity_index', properties: ['entityType', 'entityId', 'at'] },
		{ name: 'audit_event_school_index', properties: ['schoolId', 'at'] },
	],
	properties: {
		...baseProperties(),
		actorId: p.uuid().nullable(),
		impersonatedUserId: p.uuid().nullable(),
		action: p.string(),
		entityType: p.string(),
		entityId: p.string().nullable(),
		schoolId: p.uuid().nullable(),
		at: p.datetime().onCreate(() => new Date()),
	},
})
export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent)
