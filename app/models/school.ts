import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { RETENTION_YEARS, SCHOOL_TYPES } from './enums.ts'

export const SchoolSchema = defineEntity({
	name: 'School',
	uniques: [{ name: 'school_subdomain_unique', properties: ['subdomain'] }],
	checks: [{ name: 'school_retention_years_check', expression: `(retention_years >= ${RETENTION_YEARS.min}) AND (retention_years <= ${RETENTION_YEARS.max})` }],
	properties: {
		...baseProperties(),
		name: p.string(),
		subdomain: p.string().length(63),
		type: p.enum(SCHOOL_TYPES),
		urn: p.string().length(6).nullable(),
		address: p.string().nullable(),
		postcode: p.string().length(16).nullable(),
		phone: p.string().length(32).nullable(),
		contactEmail: p.string().nullable(),
		archived: p.boolean().default(false),
		// How many years the records of a student who left are kept after they were archived (ADR 070).
		retentionYears: p.integer().default(RETENTION_YEARS.default),
	},
})

export class School extends SchoolSchema.class {}
SchoolSchema.setClass(School)
