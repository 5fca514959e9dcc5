import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { YEAR_GROUPS, GENDERS, SEN_STATUSES, STUDENT_REMOVAL_KINDS } from './enums.ts'
import { School } from './school.ts'
import { SchoolMembership } from './user.ts'

export const StudentSchema = defineEntity({
	name: 'Student',
	uniques: [{ name: 'student_upn_unique', properties: ['upn'] }],
	// The students lists' default order (surname, then first name, case-insensitive): a page is read from the index, not sorted.
	indexes: [
		{
			name: 'student_school_sort_name_index',
			expression: 'create index "student_school_sort_name_index" on "student" ("school_id", lower("last_name"), lower("first_name"), "id")',
		},
		// The students who left, by when: the retention screen's list and the nightly purge read only these (ADR 070).
		{
			name: 'student_archived_at_index',
			expression: 'create index "student_archived_at_index" on "student" ("school_id", "archived_at") where "archived"',
		},
	],
	properties: {
		...baseProperties(),
		school: () => p.manyToOne(School),
		upn: p.string().length(13),
		firstName: p.string(),
		lastName: p.string(),
		dateOfBirth: p.date(),
		gender: p.enum(GENDERS),
		yearGroup: p.enum(YEAR_GROUPS),
		senStatus: p.enum(SEN_STATUSES).default('none'),
		archived: p.boolean().default(false),
		// When the student was last archived (left the school): the retention period counts from it (ADR 070).
		archivedAt: p.datetime().nullable(),
		professionals: () => p.oneToMany(StudentProfessional).mappedBy('student'),
	},
})
export class Student extends StudentSchema.class {}
StudentSchema.setClass(Student)

export const StudentProfessionalSchema = defineEntity({
	name: 'StudentProfessional',
	uniques: [
		{ name: 'student_professional_unique', properties: ['student', 'membership'] },
		// At most one key professional per student.
		{ name: 'student_professional_one_key', properties: ['student'], where: { isKey: true } },
	],
	properties: {
		...baseProperties(),
		student: () => p.manyToOne(Student).deleteRule('cascade'),
		membership: () => p.manyToOne(SchoolMembership).deleteRule('cascade').index(),
		isKey: p.boolean().default(false),
	},
})
export class StudentProfessional extends StudentProfessionalSchema.class {}
StudentProfessionalSchema.setClass(StudentProfessional)

/**
 * What is left of a student once erased on request or purged after retention (ADR 063): nothing that names the child,
 * only what the school's statistics count. `studentId` is the id the audit trail already holds (it links the erasure's
 * audit line to its reason); no row carries it any more. `reason` is the school admin's, written for an erasure:
 * the audit trail holds ids only, so the reason lives here, and the form asks for it without the child's name.
 */
export const StudentTombstoneSchema = defineEntity({
	name: 'StudentTombstone',
	indexes: [{ name: 'student_tombstone_school_index', properties: ['school', 'removedAt'] }],
	properties: {
		...baseProperties(),
		// A school that leaves Spencer takes its tombstones with it.
		school: () => p.manyToOne(School).deleteRule('cascade'),
		studentId: p.uuid(),
		kind: p.enum(STUDENT_REMOVAL_KINDS),
		yearGroup: p.enum(YEAR_GROUPS),
		hadSenStatus: p.boolean(),
		removedAt: p.datetime(),
		reason: p.text().nullable(),
	},
})
export class StudentTombstone extends StudentTombstoneSchema.class {}
StudentTombstoneSchema.setClass(StudentTombstone)

/**
 * A hold on the retention purge of one student (ADR 070): the school keeps their records past the end of its retention
 * period, until `until` (inclusive) or, without one, until the hold is lifted. One per student. The reason is the school
 * admin's, written without the child's name (the form says so), as an erasure's is (ADR 063); who placed it and when is
 * in the audit trail (`retention.hold`).
 */
export const RetentionHoldSchema = defineEntity({
	name: 'RetentionHold',
	uniques: [{ name: 'retention_hold_student_unique', properties: ['student'] }],
	indexes: [{ name: 'retention_hold_school_index', properties: ['school'] }],
	properties: {
		...baseProperties(),
		school: () => p.manyToOne(School).deleteRule('cascade'),
		student: () => p.manyToOne(Student).deleteRule('cascade'),
		reason: p.text(),
		until: p.date().nullable(),
	},
})
export class RetentionHold extends RetentionHoldSchema.class {}
RetentionHoldSchema.setClass(RetentionHold)
