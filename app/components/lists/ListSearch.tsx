import { type ReactNode } from 'react'
import { Form, useLocation } from 'react-router'

/** The class of a list's native search box and filter selects. */
export const listControlClass =
	'h-10 rounded-md border border-slate-500 bg-white px-3 outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700'

/** The class of a GET form's submit button. */
export const listSubmitClass = 'h-10 rounded-md border border-slate-500 bg-white px-4 text-sm font-medium hover:bg-slate-100'

/**
 * A list's search box and any filters (`children`, e.g. FilterSelects): a GET
 * form of native controls that keeps the sort (when the list has one), so the
 * URL is the list's whole state and it works without JavaScript.
 */
export function ListSearch({
	id,
	label,
	name,
	q,
	sort,
	width = 'w-64',
	className,
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
	children?: ReactNode
}) {
	const location = useLocation()
	return (
		<Form key={location.search} method="get" role="search" aria-label={name} className={`flex flex-wrap items-end gap-3 ${className ?? ''}`.trim()}>
			{sort ? (
				<>
					<input type="hidden" name="sort" value={sort.sort} />
					<input type="hidden" name="dir" value={sort.dir} />
				</>
			) : null}
			<div className="flex flex-col gap-1">
				<label htmlFor={id} className="text-sm font-medium text-slate-900">
					{label}
				</label>
				<input id={id} type="search" name="q" defaultValue={q} className={`${width} ${listControlClass}`} />
			</div>
			{children}
			<button type="submit" className={listSubmitClass}>
				Search
			</button>
		</Form>
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
	return (
		<div className="flex flex-col gap-1">
			<label htmlFor={id} className="text-sm font-medium text-slate-900">
				{label}
			</label>
			<select id={id} name={name} defaultValue={value ?? ''} className={listControlClass}>
				{all === undefined ? null : <option value="">{all}</option>}
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
		</div>
	)
}
