import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { School } from './school.ts'
import { SchoolMembership } from './user.ts'

export const YEAR_GROUPS = [
	'Nursery',
	'Reception',
	'Year 1',
	'Year 2',
	'Year 3',
	'Year 4',
	'Year 5',
	'Year 6',
	'Year 7',
	'Year 8',
	'Year 9',
	'Year 10',
	'Year 11',
	'Year 12',
	'Year 13',
] as const
export type YearGroup = (typeof YEAR_GROUPS)[number]

export const GENDERS = ['Female', 'Male', 'Other', 'Not stated'] as const
export type Gender = (typeof GENDERS)[number]

export const SEN_STATUSES = ['none', 'senSupport', 'ehcPlan'] as const
export type SenStatus = (typeof SEN_STATUSES)[number]
export const SEN_STATUS_LABELS: Record<SenStatus, string> = {
	none: 'None',
	senSupport: 'SEN support',
	ehcPlan: 'EHC plan',
}

const StudentSchema = defineEntity({
	name: 'Student',
	uniques: [{ name: 'student_upn_unique', properties: ['upn'] }],
	indexes: [{ name: 'student_school_name_index', properties: ['school', 'lastName', 'firstName'] }],
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
		professionals: () => p.oneToMany(StudentProfessional).mappedBy('student'),
	},
})
export class Student extends StudentSchema.class {}
StudentSchema.setClass(Student)

const StudentProfessionalSchema = defineEntity({
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
