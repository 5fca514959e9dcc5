import { data } from 'react-router'
import { askedPage, MAX_PAGE, PAGE_SIZES, PAGE_TOO_LARGE, type IllegalInput, type ListQuery } from '#app/lib/pagination.ts'
import { isUuid } from './ids.server.ts'

/**
 * The one reader of a list's query string (ADR 023): search, filters, sort,
 * page and page size. A search or filter the server cannot take (a search
 * over MAX_SEARCH_LENGTH, a filter value that is not one of its choices, a
 * page past MAX_PAGE) is not cut, guessed or dropped: it comes back as
 * `illegal`, the list's query is not run (`unlessIllegal`), and the page
 * answers 400 (`listStatus`) with its frame, an empty list labelled
 * "Illegal input" and the field's message.
 */

/** The longest search a list takes: longer than any name, email or UPN a school holds. */
export const MAX_SEARCH_LENGTH = 100

/**
 * A filter of a list's query string: `read` gives its value, `null` for "no
 * filter", or `undefined` when the value is malformed (then `message` is
 * shown beside the field). An empty value is always "no filter".
 */
export type ListFilter<T> = { param: string; read: (value: string) => T | null | undefined; message: string }

/** A filter whose value is one of `values`; each of `none` (e.g. "all") means no filter. */
export function oneOf<T extends string>(param: string, values: readonly T[], message: string, none: readonly string[] = []): ListFilter<T> {
	return {
		param,
		message,
		read: (value) => ((values as readonly string[]).includes(value) ? (value as T) : none.includes(value) ? null : undefined),
	}
}

/** A filter naming a record by id (a group, a questionnaire…); each of `none` means no filter. A record of another school simply matches nothing. */
export function anId(param: string, message: string, none: readonly string[] = []): ListFilter<string> {
	return { param, message, read: (value) => (isUuid(value) ? value : none.includes(value) ? null : undefined) }
}

type Filters = Record<string, ListFilter<unknown>>
export type FilterValues<F extends Filters> = { [K in keyof F]: F[K] extends ListFilter<infer T> ? T | null : never }

export type ListParams<Sort extends string, F extends Filters> = {
	query: ListQuery<Sort>
	filters: FilterValues<F>
	/** The first search or filter the server refused, or null. */
	illegal: IllegalInput | null
}

/** A search box's text (`?q=` or another name): trimmed; longer than MAX_SEARCH_LENGTH is illegal input (kept as typed, to show in the field). */
export function readSearch(params: URLSearchParams, param = 'q'): { q: string; illegal: IllegalInput | null } {
	const q = (params.get(param) ?? '').trim()
	if (q.length <= MAX_SEARCH_LENGTH) return { q, illegal: null }
	return { q, illegal: { field: param, message: `Search for at most ${MAX_SEARCH_LENGTH} characters (this search has ${q.length.toLocaleString('en-GB')}).` } }
}

/**
 * A list's state from its URL. `sorts`/`sort`: the columns it sorts by and the
 * default (another sort or direction falls back to the default: they only
 * order the rows). `search: false` for a list without a search box (its `q`
 * is then ignored, and ''). `filters`: its filters, by the name the service
 * takes them under.
 */
export function readList<Sort extends string, F extends Filters = Record<never, never>>(
	url: URL,
	spec: { sorts: readonly Sort[]; sort: Sort; pageSize?: number; search?: boolean; filters?: F },
): ListParams<Sort, F> {
	const params = url.searchParams
	const problems: IllegalInput[] = []
	const search = spec.search === false ? { q: '', illegal: null } : readSearch(params)
	if (search.illegal) problems.push(search.illegal)

	const { filters, illegal } = readFilters(url, spec.filters ?? ({} as F))
	if (illegal) problems.push(illegal)

	const sortParam = params.get('sort') ?? ''
	const sort = (spec.sorts as readonly string[]).includes(sortParam) ? (sortParam as Sort) : spec.sort
	const dir = params.get('dir') === 'desc' ? 'desc' : 'asc'
	// A page that is not a positive number is page 1; one past MAX_PAGE could only be a hand-made address.
	let page = askedPage(params)
	if (page > MAX_PAGE) {
		problems.push({ field: 'page', message: PAGE_TOO_LARGE })
		page = 1
	}
	// A longer page when asked for (?perPage=50), from a short list so no request can ask for the whole table.
	const perPage = Number(params.get('perPage'))
	const pageSize = PAGE_SIZES.includes(perPage) ? perPage : (spec.pageSize ?? 25)
	return { query: { q: search.q, sort, dir, page, pageSize }, filters, illegal: problems[0] ?? null }
}

/**
 * A list's filters alone, for a list that is neither searched, sorted nor paginated (the platform admin's
 * recommendations): its other parameters, `page` included, are ignored as any unknown parameter is.
 */
export function readFilters<F extends Filters>(url: URL, spec: F): { filters: FilterValues<F>; illegal: IllegalInput | null } {
	const filters: Record<string, unknown> = {}
	let illegal: IllegalInput | null = null
	for (const [name, filter] of Object.entries(spec)) {
		const raw = url.searchParams.get(filter.param) ?? ''
		const value = raw === '' ? null : filter.read(raw)
		if (value === undefined) illegal ??= { field: filter.param, message: filter.message }
		filters[name] = value ?? null
	}
	return { filters: filters as FilterValues<F>, illegal }
}

/**
 * A list without a search or filters (a home tab, a group's students): only
 * its sort and pages. A page past MAX_PAGE is its one illegal input: a 400
 * page, as `readPage` answers (there is no field to show the message beside).
 */
export function readPlainList<Sort extends string>(url: URL, spec: { sorts: readonly Sort[]; sort: Sort; pageSize?: number }): ListQuery<Sort> {
	const list = readList(url, { ...spec, search: false })
	if (list.illegal) throw data(list.illegal.message, { status: 400 })
	return list.query
}

/**
 * The list's rows from `load`, or `empty` without running it when the list's input is illegal (`empty` may be a
 * function, for what the page still needs then: a filter's options, say).
 */
export function unlessIllegal<T>(list: { illegal: IllegalInput | null }, load: () => Promise<T>, empty: T | (() => Promise<T>)): Promise<T> {
	if (!list.illegal) return load()
	return typeof empty === 'function' ? (empty as () => Promise<T>)() : Promise.resolve(empty)
}

/** The status of a list's page: 400 when its input is illegal (the page still renders, with the field's message), else 200. */
export function listStatus(list: { illegal: IllegalInput | null }): ResponseInit | undefined {
	return list.illegal ? { status: 400 } : undefined
}

/** An empty page of a list, for `unlessIllegal`. */
export const NO_ROWS = { rows: [] as never[], total: 0 }
