/**
 * Which school and role a form was drawn for (ADR 108). The session acts as one membership at a time for every tab of
 * the browser, so a form opened as Meadow View's need manager may be sent after another tab has switched to Riverside
 * as school admin. Each form of a signed-in page carries the membership and role it was drawn for in ACTING_AS_FIELD;
 * a form sent for another is not run but answered with a page that keeps what was typed and offers to switch back and
 * send it (SWITCH_FIELD).
 */
import type { RoleKey } from './roles.ts'

export const ACTING_AS_FIELD = '_as'
export const SWITCH_FIELD = '_switchBack'

/** The field's value: the membership's id and the role it had, so that a role changed by a school admin is seen too. */
export const actingAsValue = (membershipId: string, role: string) => `${membershipId}:${role}`

/**
 * A form sent as another membership or role than the session's now: the 409 page's data (root ErrorBoundary); or, with
 * `signedOut`, a signed-in page's form sent once its session had ended (401, ADR 114).
 */
export type ActingAsChanged = {
	reason: 'acting-as-changed'
	/** The session the form was drawn in has ended (signed out in another tab, timed out): sign in, then send it again. */
	signedOut?: true
	/** Where the form was sent, to send it again from the page (its path and query). */
	action: string
	/** The school and role the form was drawn for, when the user still has them: the page offers to switch back. */
	sentAs: { school: string; role: RoleKey } | null
	/** The school and role the session acts as now. */
	now: { school: string; role: RoleKey } | null
	/** The fields as sent, in order, to send again (secrets left out: they are typed again). */
	fields: [name: string, value: string][]
	/** What the page shows of them: each typed text, named. */
	typed: { label: string; value: string }[]
	/** Fields left out: files (chosen again) and secrets such as passwords. */
	leftOut: string[]
}

export function isActingAsChanged(data: unknown): data is ActingAsChanged {
	return typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'acting-as-changed'
}
