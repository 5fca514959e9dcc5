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

/** How long the audit trail keeps a row before its own purge may delete it (ADR 061). */
export const AUDIT_RETENTION = '7 years'

// What the trail's trigger refuses, in the words of its error (a test reads them).
const refusal = `raise exception 'the audit trail is append-only: % of audit_event refused', tg_op using errcode = 'insufficient_privilege';`

/**
 * Who did what, to which record, in which school, when. Ids only: never the
 * sensitive content. Plain columns rather than foreign keys, so the trail
 * outlives the rows it speaks of. Append-only for the application's database
 * role, on both engines (ADR 061): its triggers refuse every UPDATE and
 * TRUNCATE, and every DELETE except of a row past AUDIT_RETENTION (the trail's
 * own purge) or of a school no longer there (a school's offboarding deletes
 * the school first, then its trail, in one transaction). The trigger that
 * refuses a TRUNCATE is the migration's alone: the ORM does not see statement
 * triggers on TRUNCATE when it compares schemas.
 */
export const AuditEventSchema = defineEntity({
	name: 'AuditEvent',
	indexes: [
		{ name: 'audit_event_entity_index', properties: ['entityType', 'entityId', 'at'] },
		{ name: 'audit_event_school_index', properties: ['schoolId', 'at'] },
	],
	triggers: [
		{
			name: 'append_only',
			timing: 'before',
			events: ['update', 'delete'],
			forEach: 'row',
			body: `if tg_op = 'DELETE' and (old.at < now() - interval '${AUDIT_RETENTION}' or (old.school_id is not null and not exists (select 1 from school where id = old.school_id))) then return old; end if; ${refusal}`,
		},
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
