import { Answer, Feedback, Profile, RecommendationReview, Round, StudentRecommendation } from './assessment.ts'
import { AuditEvent, Impersonation } from './audit.ts'
import { DataExport, DataExportChunk } from './data-export.ts'
import { Group } from './staff-group.ts'
import { ImportJob } from './import-job.ts'
import { Domain, Question, Questionnaire, Recommendation, Theme } from './questionnaire.ts'
import { School } from './school.ts'
import { RetentionHold, Student, StudentProfessional, StudentTombstone } from './student.ts'
import { TransferRequest } from './transfer.ts'
import { AppSecret, RateLimit, ReviewDigestSent } from './security.ts'
import { PasswordToken, PendingSignIn, SchoolMembership, Session, User } from './user.ts'

export * from './assessment.ts'
export * from './audit.ts'
export * from './data-export.ts'
export * from './enums.ts'
export * from './staff-group.ts'
export * from './import-job.ts'
export * from './questionnaire.ts'
export * from './school.ts'
export * from './security.ts'
export * from './student.ts'
export * from './transfer.ts'
export * from './user.ts'

/** Every entity, for the ORM's discovery. */
export const entities = [
	School,
	User,
	SchoolMembership,
	Session,
	PasswordToken,
	PendingSignIn,
	RateLimit,
	AppSecret,
	ReviewDigestSent,
	Student,
	StudentProfessional,
	StudentTombstone,
	RetentionHold,
	Group,
	TransferRequest,
	ImportJob,
	DataExport,
	DataExportChunk,
	Theme,
	Questionnaire,
	Domain,
	Question,
	Recommendation,
	Profile,
	Round,
	Feedback,
	Answer,
	StudentRecommendation,
	RecommendationReview,
	Impersonation,
	AuditEvent,
]
