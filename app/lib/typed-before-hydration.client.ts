/**
 * What staff put in a page's forms before its JavaScript ran is kept once it runs (ADR 112).
 *
 * On a slow link the page works for seconds before it hydrates, and staff type, tick and choose. React keeps the
 * browser's values while it hydrates, but our fields are drawn from React's state (React Aria's), and the first time
 * React draws one again it puts back the value the server drew: a name typed, an answer chosen, gone. Some controls
 * are even replaced as the page hydrates (a native select by React Aria's), taking their value with them.
 *
 * So, from before hydration starts, every field the user changes is noted (and those the browser had already filled,
 * from typing or its own restoring of a form); once the page has hydrated, each is given its value again as typing
 * would, so that React's state takes it. A field replaced meanwhile is found by its form and name.
 */

type Noted = { field: Field; formId: string; name: string } & ({ value: string } | { checked: boolean })
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const noted = new Map<Field, Noted>()
let following = false

/** Starts noting what is put in the page's fields: call it before the page hydrates. */
export function followWhatIsTyped() {
	following = true
	for (const field of document.querySelectorAll<Field>('input, textarea, select')) if (changedByUser(field)) note(field)
	document.addEventListener('input', onEdit, true)
	document.addEventListener('change', onEdit, true)
}

/** Once the page has hydrated: every field noted gets its value again, through React, and noting stops. */
export function putBackWhatWasTyped() {
	if (!following) return
	following = false
	document.removeEventListener('input', onEdit, true)
	document.removeEventListener('change', onEdit, true)
	const all = [...noted.values()]
	noted.clear()
	for (const entry of all) {
		const field = entry.field.isConnected ? entry.field : replacementOf(entry)
		if (field) putBack(field, entry)
	}
}

function onEdit(event: Event) {
	const field = event.target
	if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) note(field)
}

const CARRIED_TYPES = /^(text|search|email|tel|url|number|date|password|checkbox|radio)$/

function note(field: Field) {
	if (!field.name || field.disabled || (field instanceof HTMLInputElement && !CARRIED_TYPES.test(field.type))) return
	const formId = field.form?.id ?? ''
	if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
		// A radio newly chosen stands for its group; the one it replaced is not noted.
		if (field.type === 'radio') for (const [other, entry] of noted) if (other.name === field.name && other.form === field.form) noted.delete(entry.field)
		noted.set(field, { field, formId, name: field.name, checked: field.checked })
	} else noted.set(field, { field, formId, name: field.name, value: field.value })
}

/** Whether the field holds something other than what the server drew. */
function changedByUser(field: Field): boolean {
	if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected)
	if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked)
	return field.value !== field.defaultValue
}

/** The field that took a replaced one's place: the same name in the same form (which has an id), one of its kind. */
function replacementOf({ formId, name, field }: Noted): Field | null {
	const form = formId ? document.getElementById(formId) : null
	if (!(form instanceof HTMLFormElement)) return null
	const found = form.elements.namedItem(name)
	return found instanceof HTMLElement && found.tagName === field.tagName ? (found as Field) : null
}

/**
 * Gives a field its value as typing or a click would. React notices a change by comparing the element's value with
 * the one it last saw (which, for a field typed in before hydration, is already the typed one), so the value React
 * saw is first set to another, through the element's own setter, before the typed one is set and the event sent.
 */
function putBack(field: Field, entry: Noted) {
	if ('checked' in entry) {
		if (!(field instanceof HTMLInputElement) || (field.type === 'radio' && !entry.checked)) return
		field.checked = !entry.checked
		field.click()
		return
	}
	if (field instanceof HTMLSelectElement) {
		if (field.value === entry.value) return
		field.value = entry.value
		field.dispatchEvent(new Event('change', { bubbles: true }))
		return
	}
	const setOwn = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set
	field.value = entry.value === '' ? ' ' : ''
	setOwn?.call(field, entry.value)
	field.dispatchEvent(new Event('input', { bubbles: true }))
}
