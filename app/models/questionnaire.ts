import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { QUESTIONNAIRE_STATUSES, RECOMMENDATION_SEVERITIES } from './enums.ts'

export const ThemeSchema = defineEntity({
	name: 'Theme',
	uniques: [{ name: 'theme_name_unique', properties: ['name'] }],
	properties: {
		...baseProperties(),
		name: p.string(),
		description: p.text().nullable(),
	},
})
export class Theme extends ThemeSchema.class {}
ThemeSchema.setClass(Theme)

export const QuestionnaireSchema = defineEntity({
	name: 'Questionnaire',
	properties: {
		...baseProperties(),
		title: p.string(),
		description: p.text().nullable(),
		status: p.enum(QUESTIONNAIRE_STATUSES).default('draft'),
		domains: () => p.oneToMany(Domain).mappedBy('questionnaire').orderBy({ position: 'asc' }),
	},
})
export class Questionnaire extends QuestionnaireSchema.class {}
QuestionnaireSchema.setClass(Questionnaire)

export const DomainSchema = defineEntity({
	name: 'Domain',
	indexes: [{ name: 'domain_questionnaire_position_index', properties: ['questionnaire', 'position'] }],
	properties: {
		...baseProperties(),
		questionnaire: () => p.manyToOne(Questionnaire).deleteRule('cascade'),
		position: p.integer(),
		name: p.string(),
		description: p.text().nullable(),
		questions: () => p.oneToMany(Question).mappedBy('domain').orderBy({ position: 'asc' }),
	},
})
export class Domain extends DomainSchema.class {}
DomainSchema.setClass(Domain)

export const QuestionSchema = defineEntity({
	name: 'Question',
	indexes: [{ name: 'question_domain_position_index', properties: ['domain', 'position'] }],
	properties: {
		...baseProperties(),
		domain: () => p.manyToOne(Domain).deleteRule('cascade'),
		position: p.integer(),
		text: p.text(),
		// Deleting a theme that questions refer to is refused (1002).
		theme: () => p.manyToOne(Theme).nullable().deleteRule('no action').foreignKeyName('question_theme_foreign').index(),
		reverse: p.boolean().default(false),
	},
})
export class Question extends QuestionSchema.class {}
QuestionSchema.setClass(Question)

export const RecommendationSchema = defineEntity({
	name: 'Recommendation',
	properties: {
		...baseProperties(),
		title: p.string(),
		description: p.text(),
		theme: () => p.manyToOne(Theme).foreignKeyName('recommendation_theme_foreign').index(),
		severity: p.enum(RECOMMENDATION_SEVERITIES),
	},
})
export class Recommendation extends RecommendationSchema.class {}
RecommendationSchema.setClass(Recommendation)
