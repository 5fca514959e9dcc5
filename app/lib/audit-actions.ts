/**
 * What the audit trail's actions about a student mean, in words staff and families read: the subject access export
 * (export-records.server.ts) and the platform admin's access report show these, never the recorded keys.
 */
const ACTION_LABELS: Record<string, string> = {
	'student.create': 'Created the student',
	'student.import.create': 'Created the student (import)',
	'student.import.update': 'Updated the student’s details (import)',
	'student.update': 'Updated the student’s details',
	'student.professionals': 'Changed the student’s professionals',
	'student.archive': 'Archived the student',
	'student.unarchive': 'Restored the student',
	'student.transfer': 'Transferred the student',
	'student.profile.view': 'Viewed the student’s profile',
	'student.analysis.view': 'Viewed the student’s analysis',
	'student.comparison.view': 'Viewed the student’s comparison',
	'student.export.request': 'Asked for this export',
	'student.export.download': 'Downloaded an export',
	'retention.hold': 'Kept the student’s records past the retention period',
	'retention.hold.lift': 'Let the student’s records follow the retention period again',
	'profile.create': 'Created a profile',
	'profile.close': 'Closed a profile',
	'profile.respondent.add': 'Added a respondent to a profile',
	'profile.respondent.remove': 'Removed a respondent from a profile',
	'feedback.answer': 'Answered questions',
	'feedback.submit': 'Submitted feedback',
	'feedback.read': 'Read feedback',
	'feedback.anonymise': 'Feedback kept as a former staff member’s',
	'studentRecommendation.add': 'Added a recommendation to the plan',
	'studentRecommendation.dismiss': 'Chose not to add a suggested recommendation',
	'studentRecommendation.done': 'Marked a plan entry as done',
	'studentRecommendation.remove': 'Removed a recommendation from the plan',
	'studentRecommendation.restore': 'Brought back a recommendation not added',
	'recommendation.review': 'Reviewed a plan entry',
}

/** The words for `action`; an action without any is shown as recorded, so that nothing in the trail is hidden. */
export function actionLabel(action: string): string {
	return ACTION_LABELS[action] ?? action
}
