import { MODAL_PARAM, modalHref } from '#app/lib/modals.ts'

type LocationLike = { pathname: string; search: string }

/** The same URL with modal `name` open and its target in the query (e.g. `?modal=edit-theme&id=…`). */
export function modalWith(location: LocationLike, name: string, params: Record<string, string> = {}): string {
	const search = new URLSearchParams(location.search)
	for (const [key, value] of Object.entries(params)) search.set(key, value)
	return modalHref({ pathname: location.pathname, search: `?${search}` }, name)
}

/** The same URL with no modal open and without the given target params. */
export function withoutModals(location: LocationLike, drop: string[] = []): string {
	const search = new URLSearchParams(location.search)
	search.delete(MODAL_PARAM)
	for (const key of drop) search.delete(key)
	const query = search.toString()
	return query ? `${location.pathname}?${query}` : location.pathname
}
