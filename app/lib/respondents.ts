/**
 * What a feedback's author reads as once they were deleted from the directory (ADR 029): their feedback stays,
 * their name does not.
 */
export const FORMER_STAFF_MEMBER = 'Former staff member'

/** A respondent's name as the school entered it, or FORMER_STAFF_MEMBER when the membership is gone. */
export function respondentName(firstName: string | null, lastName: string | null): string {
	return firstName === null || lastName === null ? FORMER_STAFF_MEMBER : `${firstName} ${lastName}`
}

/** What a member of another school's staff reads as where a school answers for its records (a subject access export, ADR 071). */
export const WITHHELD_STAFF = 'Staff member of another school (name withheld)'
