/**
 * What a feedback's author reads as once they were deleted from the directory (ADR 029): their feedback stays,
 * their name does not.
 */
export const FORMER_STAFF_MEMBER = 'Former staff member'

/**
 * What a member of another school's staff reads as wherever a school reads its records: a transferred student's
 * feedback from the school before, in its pages (ADR 092) and in a subject access export (ADR 071).
 */
export const WITHHELD_STAFF = 'Staff member of another school (name withheld)'

/** A feedback's respondent as the database gives it: their membership's school and names, null once deleted. */
export type RespondentRow = { school_id: string | null; first_name: string | null; last_name: string | null }

/**
 * A respondent's name as the acting school may read it: the name their school entered when that school is the
 * acting one, WITHHELD_STAFF when it is another (ADR 092), FORMER_STAFF_MEMBER once deleted from the directory.
 */
export function respondentName(actingSchoolId: string, respondent: RespondentRow): string {
	if (respondent.first_name === null || respondent.last_name === null) return FORMER_STAFF_MEMBER
	return respondent.school_id === actingSchoolId ? `${respondent.first_name} ${respondent.last_name}` : WITHHELD_STAFF
}

/**
 * Names for the respondents of one student, by key (the membership, or a former respondent's key), with two people
 * who read the same ("Former staff member", or another school's staff) told apart by a number, so that a comparison
 * can pick either: "Former staff member 2", "Staff member 2 of another school (name withheld)".
 */
export function respondentNames(actingSchoolId: string, respondents: (RespondentRow & { key: string })[]): (key: string) => string {
	const names = new Map(respondents.map((respondent) => [respondent.key, respondentName(actingSchoolId, respondent)]))
	const keysOf = new Map<string, string[]>()
	for (const [key, name] of names) {
		if (name !== FORMER_STAFF_MEMBER && name !== WITHHELD_STAFF) continue
		if (!keysOf.has(name)) keysOf.set(name, [])
		keysOf.get(name)!.push(key)
	}
	return (key) => {
		const name = names.get(key) ?? FORMER_STAFF_MEMBER
		const keys = keysOf.get(name) ?? []
		if (keys.length < 2) return name
		const number = keys.indexOf(key) + 1
		return name === WITHHELD_STAFF ? `Staff member ${number} of another school (name withheld)` : `${name} ${number}`
	}
}
