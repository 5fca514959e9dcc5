/**
 * The domain's fixed lists and their labels, with no ORM in sight: safe to
 * import from browser code (forms, badges). The entities import them too.
 */

// school.ts
export const SCHOOL_TYPES = [
	'Independent',
	'Nursery',
	'Infant',
	'Junior',
	'Primary',
	'Secondary',
	'All Through',
	'FE Provision',
	'SEND School',
	'Alternative Provision',
] as const
export type SchoolType = (typeof SCHOOL_TYPES)[number]

// user.ts
export const SYSTEM_ROLES = ['spencerAdmin', 'schoolStaff'] as const
export type SystemRole = (typeof SYSTEM_ROLES)[number]

export const SCHOOL_ROLES = ['schoolAdmin', 'needManager', 'professional'] as const
export type SchoolRole = (typeof SCHOOL_ROLES)[number]

export const MEMBER_ACCESS = ['none', 'invited', 'active'] as const
export type MemberAccess = (typeof MEMBER_ACCESS)[number]

export const PASSWORD_TOKEN_PURPOSES = ['reset', 'invitation'] as const

// student.ts
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

/** Why a student's tombstone was left: erased on request, or purged at the end of the retention period. */
export const STUDENT_REMOVAL_KINDS = ['erasure', 'retention'] as const
export type StudentRemovalKind = (typeof STUDENT_REMOVAL_KINDS)[number]

// data-export.ts
export const DATA_EXPORT_KINDS = ['student', 'school'] as const
export type DataExportKind = (typeof DATA_EXPORT_KINDS)[number]
export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number]
/** How many years a school keeps the records of a student who left, counted from archiving (ADR 070). */
export const RETENTION_YEARS = { default: 6, min: 1, max: 35 } as const

// transfer.ts
export const TRANSFER_STATUSES = ['created', 'approved', 'rejected'] as const
export type TransferStatus = (typeof TRANSFER_STATUSES)[number]

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
	created: 'Request sent',
	approved: 'Request approved',
	rejected: 'Request rejected',
}

// import-job.ts
export const IMPORT_KINDS = ['students', 'directory'] as const
export type ImportKind = (typeof IMPORT_KINDS)[number]

export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'completed_with_errors', 'failed'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

// questionnaire.ts
export const QUESTIONNAIRE_STATUSES = ['draft', 'published', 'archived'] as const
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number]

export const SEVERITIES = ['low', 'medium', 'high'] as const
export type Severity = (typeof SEVERITIES)[number]

export const RECOMMENDATION_SEVERITIES = ['medium', 'high'] as const

// assessment.ts
export const PROFILE_KINDS = ['one-time', 'recurring'] as const
export type ProfileKind = (typeof PROFILE_KINDS)[number]

export const PROFILE_STATUSES = ['active', 'closed'] as const

export const FEEDBACK_STATUSES = ['incomplete', 'inProgress', 'complete'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
	incomplete: 'Not started',
	inProgress: 'In progress',
	complete: 'Complete',
}

export const FREQUENCY_SCALE = [
	{ value: 0, label: 'Always' },
	{ value: 1, label: 'Very often' },
	{ value: 2, label: 'Sometimes' },
	{ value: 3, label: 'Rarely' },
	{ value: 4, label: 'Never' },
] as const

/** `dismissed`: the need manager chose not to add it; it is not suggested again for the student (ADR 013). */
export const STUDENT_RECOMMENDATION_STATUSES = ['active', 'done', 'dismissed'] as const
export type StudentRecommendationStatus = (typeof STUDENT_RECOMMENDATION_STATUSES)[number]

/** What a review decides for a plan entry: keep it, keep it changed, or stop it (ADR 072). */
export const REVIEW_DECISIONS = ['continue', 'change', 'stop'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]
export const REVIEW_DECISION_LABELS: Record<ReviewDecision, string> = { continue: 'Continue', change: 'Change', stop: 'Stop' }

/** The five-point outcome scale of a review, from −2 to +2. */
export const REVIEW_OUTCOMES = [
	{ value: -2, label: 'Much worse' },
	{ value: -1, label: 'Worse' },
	{ value: 0, label: 'No change' },
	{ value: 1, label: 'Better' },
	{ value: 2, label: 'Much better' },
] as const
