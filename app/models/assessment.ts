import { defineEntity, p } from '@mikro-orm/core'
import { baseProperties } from './base.ts'
import { PROFILE_KINDS, PROFILE_STATUSES, FEEDBACK_STATUSES, REVIEW_DECISIONS, STUDENT_RECOMMENDATION_STATUSES } from './enums.ts'
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
	// The reviews due: the need manager's home and the weekly digest read the plan by its review date (issue 18).
	indexes: [{ name: 'student_recommendation_review_index', properties: ['reviewOn'] }],
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
		/** When the plan entry is next reviewed (assess, plan, do, review: ADR 072); none once stopped, dismissed or removed. */
		reviewOn: p.date().nullable(),
		/** Who reviews it: a respondent of the profile, a member of the school's staff. */
		owner: () => p.manyToOne(SchoolMembership).nullable().deleteRule('set null').index(),
	},
})
export class StudentRecommendation extends StudentRecommendationSchema.class {}
StudentRecommendationSchema.setClass(StudentRecommendation)

/**
 * One review of a plan entry (ADR 072): the outcome the owner saw on a five-point scale (−2 much worse … +2 much better),
 * a short note, and whether the strategy continues, changes or stops; a plan entry gathers several over time.
 */
export const RecommendationReviewSchema = defineEntity({
	name: 'RecommendationReview',
	indexes: [{ name: 'recommendation_review_entry_index', properties: ['entry', 'reviewedOn'] }],
	checks: [{ name: 'recommendation_review_outcome_check', expression: '(outcome >= -2) AND (outcome <= 2)' }],
	properties: {
		...baseProperties(),
		// The school is the student's, kept here so every query on reviews is scoped in one step (as profiles do).
		school: () => p.manyToOne(School).deleteRule('cascade').index(),
		entry: () => p.manyToOne(StudentRecommendation).deleteRule('cascade'),
		reviewedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
		reviewedOn: p.date(),
		outcome: p.smallint(),
		note: p.text().nullable(),
		decision: p.enum(REVIEW_DECISIONS),
		/**
		 * The measured change shown beside the review when it was recorded (ADR 075): the theme's average change in need
		 * between the last round before the entry was added and the latest since, and the rounds since; null: not enough
		 * data. Kept, so that the school's report reads one number per review instead of every answer of every student.
		 */
		measuredChange: p.double().nullable(),
		measuredRounds: p.integer().nullable(),
	},
})
export class RecommendationReview extends RecommendationReviewSchema.class {}
RecommendationReviewSchema.setClass(RecommendationReview)
