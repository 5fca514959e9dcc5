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
 * `signedOut`, a signed-in page's form sent once its session had ended (401, ADR 114); or, with `unreachable`, a form
 * the browser could not deliver (the network, or a server restarting; drawn by the browser, ADR 116).
 */
export type ActingAsChanged = {
	reason: 'acting-as-changed'
	/** The session the form was drawn in has ended (signed out in another tab, timed out): sign in, then send it again. */
	signedOut?: true
	/** The form never reached Spencer: nothing was saved; send it again once the connection is back. */
	unreachable?: true
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

/** Fields never written back into a page: typed again instead. */
const SECRET = /password|secret|token|^code$/i
const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/** The form's fields as sent, to send again, and the typed text among them, named for the page; secrets and files left out. */
export function keptFields(form: FormData): Pick<ActingAsChanged, 'fields' | 'typed' | 'leftOut'> {
	const fields: ActingAsChanged['fields'] = []
	const typed: ActingAsChanged['typed'] = []
	const leftOut: string[] = []
	for (const [name, value] of form) {
		if (name === SWITCH_FIELD) continue
		if (typeof value !== 'string') {
			if (value.size > 0) leftOut.push(`the file ${value.name}`)
			continue
		}
		if (SECRET.test(name)) {
			if (value) leftOut.push(`${fieldLabel(name).toLowerCase()} (type it again)`)
			continue
		}
		fields.push([name, value])
		if (value.trim() && !name.startsWith('_') && name !== 'intent' && !UUID_IN.test(name) && !UUID_IN.test(value)) typed.push({ label: fieldLabel(name), value })
	}
	return { fields, typed, leftOut }
}

/** A field's name as words: `reviewNote` → "Review note", `first_name` → "First name". */
function fieldLabel(name: string): string {
	const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ').trim().toLowerCase()
	return words.charAt(0).toUpperCase() + words.slice(1)
}
