/**
 * The one place a role is named on screen: as school staff know it (docs/glossary.md). The keys (`needManager`…)
 * stay in the code and the database; no screen shows them.
 */
export const ROLE_LABELS = {
	spencerAdmin: 'Platform admin',
	schoolAdmin: 'School admin',
	needManager: 'SENCo / need manager',
	professional: 'Staff member',
} as const

export type RoleKey = keyof typeof ROLE_LABELS

/** The label of a role read as a plain string (a query's column): an unknown value reads as a staff member, never as its key. */
export function roleLabel(role: string): string {
	return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as RoleKey] : ROLE_LABELS.professional
}

/** The label inside a sentence ("… is now a school admin"): lower case, but SENCo keeps its capitals. */
export function roleInSentence(role: RoleKey): string {
	const label = ROLE_LABELS[role]
	return `a ${label.startsWith('SENCo') ? label : label.toLowerCase()}`
}
