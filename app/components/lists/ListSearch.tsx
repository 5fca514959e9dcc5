import { createContext, useContext, useEffect, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { Form } from '#app/components/forms/Form.tsx'
import { useFocusWhenRefused } from '#app/components/ui/focus-when-refused.ts'
import type { IllegalInput } from '#app/lib/pagination.ts'

/** The class of a list's native search box and filter selects. */
export const listControlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

/** The class of a GET form's submit button. */
export const listSubmitClass = 'h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100'

/**
 * A list's GET form is drawn anew for each address (`key`), so that its fields show the address's values, after Back
 * too. With JavaScript the new form would leave the focus on the page's body: the control that had it as the form was
 * sent (the button, or a field Enter was pressed in) has it again in the new form.
 */
function useFocusKeptAcrossSearches({ search, key }: { search: string; key: string }) {
	const form = useRef<HTMLFormElement>(null)
	const focused = useRef<string | null>(null)
	useLayoutEffect(() => {
		const name = focused.current
		focused.current = null
		if (name === null || !form.current) return
		const target = name ? form.current.elements.namedItem(name) : form.current.querySelector('button[type="submit"]')
		if (target instanceof HTMLElement) target.focus()
	}, [search])
	// A form sent with the address it already had is not drawn anew: what it noted is dropped with that navigation, not
	// kept for a later one (a page link) to take the focus back to the form.
	useEffect(() => {
		focused.current = null
	}, [key])
	const onSubmit = (event: FormEvent<HTMLFormElement>) => {
		const active = document.activeElement
		if (active && event.currentTarget.contains(active)) focused.current = active.getAttribute('name') ?? ''
	}
	return { ref: form, onSubmit }
}

/** The search or filter of the list's form that the server refused, for the field that shows its message. */
const IllegalContext = createContext<IllegalInput | null>(null)

/**
 * A list's search box and any filters (`children`, e.g. FilterSelects): a GET
 * form of native controls that keeps the sort (when the list has one), so the
 * URL is the list's whole state and it works without JavaScript. A search or
 * filter the server refused (`illegal`) is marked invalid, its message beside it.
 */
export function ListSearch({
	id,
	label,
	name,
	q,
	sort,
	width = 'w-64',
	className,
	illegal = null,
	children,
}: {
	/** The search input's id. */
	id: string
	/** The visible label of the search input. */
	label: string
	/** The accessible name of the search landmark. */
	name: string
	q: string
	sort?: { sort: string; dir: string }
	width?: 'w-64' | 'w-72'
	className?: string
	illegal?: IllegalInput | null
	children?: ReactNode
}) {
	const location = useLocation()
	const invalid = illegal?.field === 'q' ? illegal : null
	const focusWhenRefused = useFocusWhenRefused(Boolean(invalid))
	const keepFocus = useFocusKeptAcrossSearches(location)
	return (
		<IllegalContext value={illegal}>
			<Form key={location.search} {...keepFocus} method="get" role="search" aria-label={name} className={`flex max-w-full min-w-0 flex-wrap items-end gap-3 ${className ?? ''}`.trim()}>
				{sort ? (
					<>
						<input type="hidden" name="sort" value={sort.sort} />
						<input type="hidden" name="dir" value={sort.dir} />
					</>
				) : null}
				<ListField id={id} label={label} invalid={invalid}>
					<input id={id} type="search" name="q" defaultValue={q} {...invalidProps(id, invalid)} {...focusWhenRefused} className={`${width} ${listControlClass}`} />
				</ListField>
				{children}
				<button type="submit" className={listSubmitClass}>
					Search
				</button>
			</Form>
		</IllegalContext>
	)
}

/**
 * A GET form of filters alone (a report's, without a search box): native selects (FilterSelect) and a submit button,
 * so the URL is the view's whole state and it works without JavaScript; a filter the server refused shows its message.
 */
export function FilterForm({ name, submit, illegal = null, children }: { name: string; submit: string; illegal?: IllegalInput | null; children: ReactNode }) {
	const location = useLocation()
	const keepFocus = useFocusKeptAcrossSearches(location)
	return (
		<IllegalContext value={illegal}>
			<Form key={location.search} {...keepFocus} method="get" role="search" aria-label={name} className="flex max-w-full min-w-0 flex-wrap items-end gap-3">
				{children}
				<button type="submit" className={listSubmitClass}>
					{submit}
				</button>
			</Form>
		</IllegalContext>
	)
}

/**
 * A labelled native select for a GET form (a list's filter, a view's choice):
 * it submits without JavaScript. With `all`, a first option of that label
 * posts an empty value (no filter).
 */
export function FilterSelect({
	id,
	label,
	name,
	value,
	all,
	options,
}: {
	id: string
	label: string
	name: string
	value: string | null
	all?: string
	options: { value: string; label: string }[]
}) {
	const illegal = useContext(IllegalContext)
	const invalid = illegal?.field === name ? illegal : null
	const focusWhenRefused = useFocusWhenRefused(Boolean(invalid))
	// `max-w-full`: a native select is as wide as its longest option; on a narrow screen it shrinks to the row instead.
	return (
		<ListField id={id} label={label} invalid={invalid} className="max-w-full min-w-0">
			<select id={id} name={name} defaultValue={value ?? ''} {...invalidProps(id, invalid)} {...focusWhenRefused} className={`max-w-full ${listControlClass}`}>
				{all === undefined ? null : <option value="">{all}</option>}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</ListField>
	)
}

/** A list form's field: its label above, its message (when the server refused what was sent) below. */
function ListField({ id, label, invalid, className, children }: { id: string; label: string; invalid: IllegalInput | null; className?: string; children: ReactNode }) {
	return (
		<div className={`flex flex-col gap-1 ${className ?? ''}`.trim()}>
			<label htmlFor={id} className="text-sm font-medium text-slate-900">
				{label}
			</label>
			{children}
			{invalid ? <FieldMessage id={`${id}-error`} message={invalid.message} /> : null}
		</div>
	)
}

/** Marks a control refused by the server, and points it at its message. (A page loaded with it focuses it: ADR 101.) */
const invalidProps = (id: string, invalid: IllegalInput | null) => ({
	'aria-invalid': invalid ? true : undefined,
	'aria-describedby': invalid ? `${id}-error` : undefined,
})

/** A refused search's or filter's message, under its field. */
export function FieldMessage({ id, message }: { id: string; message: string }) {
	return (
		<span id={id} className="max-w-72 text-sm font-medium text-red-700">
			{message}
		</span>
	)
}
