import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { School } from './school.ts'
import { Student } from './student.ts'
import { SchoolMembership } from './user.ts'

export const GroupSchema = defineEntity({
	name: 'Group',
	tableName: 'student_group',
	uniques: [{ name: 'group_school_name_unique', properties: ['school', 'name'] }],
	properties: {
		...baseProperties(),
		school: () => p.manyToOne(School),
		name: p.string(),
		description: p.text().nullable(),
		students: () => p.manyToMany(Student).pivotTable('group_student').joinColumn('group_id').inverseJoinColumn('student_id'),
		staff: () =>
			p.manyToMany(SchoolMembership).pivotTable('group_staff').joinColumn('group_id').inverseJoinColumn('membership_id'),
	},
})
export class Group extends GroupSchema.class {}
GroupSchema.setClass(Group)
