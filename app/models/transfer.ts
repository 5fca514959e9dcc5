import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { TRANSFER_STATUSES, YEAR_GROUPS } from './enums.ts'
import { School } from './school.ts'
import { Student } from './student.ts'
import { User } from './user.ts'

export const TransferRequestSchema = defineEntity({
	name: 'TransferRequest',
	uniques: [
		// One pending request per student.
		{ name: 'transfer_request_one_pending', properties: ['student'], where: { status: 'created' } },
	],
	indexes: [
		{ name: 'transfer_request_from_index', properties: ['fromSchool', 'status'] },
		{ name: 'transfer_request_to_index', properties: ['toSchool', 'status'] },
	],
	properties: {
		...baseProperties(),
		student: () => p.manyToOne(Student).deleteRule('cascade'),
		// The student as the sender knew them when the request was made: both lists show this,
		// never the live student, who may by now belong to the other school (ADR 010).
		studentFirstName: p.string(),
		studentLastName: p.string(),
		studentUpn: p.string().length(13),
		studentYearGroup: p.enum(YEAR_GROUPS),
		fromSchool: () => p.manyToOne(School),
		toSchool: () => p.manyToOne(School),
		requestedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		note: p.text().nullable(),
		status: p.enum(TRANSFER_STATUSES).default('created'),
		decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		decidedAt: p.datetime().nullable(),
		reason: p.text().nullable(),
	},
})
export class TransferRequest extends TransferRequestSchema.class {}
TransferRequestSchema.setClass(TransferRequest)
