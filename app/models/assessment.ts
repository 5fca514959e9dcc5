import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { PROFILE_KINDS, PROFILE_STATUSES, FEEDBACK_STATUSES, STUDENT_RECOMMENDATION_STATUSES } from './enums.ts'
import { Question, Questionnaire, Recommendation } from './questionnaire.ts'
import { School } from './school.ts'
import { Student } from './student.ts'
import { SchoolMembership, User } from './user.ts'

export const ProfileSchema = defineEntity({
	name: 'Profile',
	indexes: [
		{ name: 'profile_school_index', properties: ['school', 'status'] },
		{ name: 'profile_student_index', properties: ['student'] },
	],
	checks: [{ name: 'profile_interval_check', expression: "(kind = 'one-time'::text) OR ((interval_weeks >= 1) AND (interval_weeks <= 26))" }],
	properties: {
		...baseProperties(),
		// The school is the student's, kept here so every query on profiles is scoped in one step.
		school: () => p.manyToOne(School),
		student: () => p.manyToOne(Student).deleteRule('cascade'),
		// A questionnaire with profiles cannot be deleted (1005).
		questionnaire: () => p.manyToOne(Questionnaire).foreignKeyName('profile_questionnaire_foreign').index(),
		kind: p.enum(PROFILE_KINDS),
		intervalWeeks: p.integer().nullable(),
		startDate: p.date(),
		endDate: p.date().nullable(),
		createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		status: p.enum(PROFILE_STATUSES).default('active'),
		respondents: () =>
			p
				.manyToMany(SchoolMembership)
				.pivotTable('profile_respondent')
				.joinColumn('profile_id')
				.inverseJoinColumn('membership_id'),
		rounds: () => p.oneToMany(Round).mappedBy('profile').orderBy({ index: 'asc' }),
	},
})
export class Profile extends ProfileSchema.class {}
ProfileSchema.setClass(Profile)

export const RoundSchema = defineEntity({
	name: 'Round',
	uniques: [{ name: 'round_profile_index_unique', properties: ['profile', 'index'] }],
	properties: {
		...baseProperties(),
		profile: () => p.manyToOne(Profile).deleteRule('cascade'),
		index: p.integer(),
		opensOn: p.date(),
	},
})
export class Round extends RoundSchema.class {}
RoundSchema.setClass(Round)

export const FeedbackSchema = defineEntity({
	name: 'Feedback',
	uniques: [{ name: 'feedback_round_respondent_unique', properties: ['round', 'respondent'] }],
	// A feedback has its respondent, or (once that person was deleted from the directory) the key that stands for them.
	checks: [{ name: 'feedback_respondent_check', expression: '(respondent_id IS NULL) <> (former_respondent_key IS NULL)' }],
	properties: {
		...baseProperties(),
		round: () => p.manyToOne(Round).deleteRule('cascade'),
		respondent: () => p.manyToOne(SchoolMembership).nullable().index(),
		/**
		 * Set when the respondent was deleted from the directory (ADR 029): a random key, the same for all of that
		 * person's feedback and tied to nothing else, so their answers still count and still read as one respondent's
		 * ("Former staff member"), with nothing left that names them.
		 */
		formerRespondentKey: p.uuid().nullable(),
		status: p.enum(FEEDBACK_STATUSES).default('incomplete'),
		submittedAt: p.datetime().nullable(),
	},
})
export class Feedback extends FeedbackSchema.class {}
FeedbackSchema.setClass(Feedback)

/** The frequency scale: the stored value of each answer. */

export const AnswerSchema = defineEntity({
	name: 'Answer',
	uniques: [{ name: 'answer_feedback_question_unique', properties: ['feedback', 'question'] }],
	checks: [{ name: 'answer_value_check', expression: '(value >= 0) AND (value <= 4)' }],
	properties: {
		...baseProperties(),
		feedback: () => p.manyToOne(Feedback).deleteRule('cascade'),
		// A question with answers cannot be deleted (1005).
		question: () => p.manyToOne(Question).foreignKeyName('answer_question_foreign').index(),
		value: p.smallint(),
	},
})
export class Answer extends AnswerSchema.class {}
AnswerSchema.setClass(Answer)

export const StudentRecommendationSchema = defineEntity({
	name: 'StudentRecommendation',
	// One current decision per student and recommendation; withdrawn ones (removed, brought back) stay as history (ADR 028).
	uniques: [{ name: 'student_recommendation_unique', properties: ['student', 'recommendation'], where: { removedAt: null } }],
	properties: {
		...baseProperties(),
		student: () => p.manyToOne(Student).deleteRule('cascade'),
		recommendation: () => p.manyToOne(Recommendation).index(),
		sourceProfile: () => p.manyToOne(Profile).nullable().deleteRule('set null'),
		addedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		note: p.text().nullable(),
		status: p.enum(STUDENT_RECOMMENDATION_STATUSES).default('active'),
		/** When the decision was withdrawn: an added recommendation removed from the plan, a dismissed one brought back. */
		removedAt: p.datetime().nullable(),
		removedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
	},
})
export class StudentRecommendation extends StudentRecommendationSchema.class {}
StudentRecommendationSchema.setClass(StudentRecommendation)
