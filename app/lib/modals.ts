/**
 * URL-addressable modals (docs/architecture.md#routes): a modal is open while the URL's
 * search has `modal=<name>`. Several `modal=` params stack, the last on top, so
 * a modal opens and closes without JavaScript and Back closes it.
 */
export const MODAL_PARAM = 'modal'

type LocationLike = { pathname: string; search: string }

function paramsOf(search: string | URLSearchParams): URLSearchParams {
	return typeof search === 'string' ? new URLSearchParams(search) : search
}

function hrefOf(pathname: string, params: URLSearchParams): string {
	const query = params.toString()
	return query ? `${pathname}?${query}` : pathname
}

/** The open modals' names, bottom first. */
export function openModals(search: string | URLSearchParams): string[] {
	return paramsOf(search)
		.getAll(MODAL_PARAM)
		.filter((name) => name.length > 0)
}

export function isModalOpen(search: string | URLSearchParams, name: string): boolean {
	return openModals(search).includes(name)
}

/** Where `name` sits in the stack (0 = bottom), or -1 when it is not open. */
export function modalLayer(search: string | URLSearchParams, name: string): number {
	return openModals(search).lastIndexOf(name)
}

/**
 * The same URL with `name` open on top of any open modals. Other params are
 * kept; a modal already open moves to the top rather than opening twice.
 */
export function modalHref(location: LocationLike, name: string): string {
	const params = new URLSearchParams(location.search)
	const stack = openModals(params).filter((open) => open !== name)
	params.delete(MODAL_PARAM)
	for (const open of [...stack, name]) params.append(MODAL_PARAM, open)
	return hrefOf(location.pathname, params)
}

/** The same URL without `name` (modals above and below it, and every other param, are kept). */
export function closeModalHref(location: LocationLike, name: string): string {
	const params = new URLSearchParams(location.search)
	const stack = openModals(params).filter((open) => open !== name)
	params.delete(MODAL_PARAM)
	for (const open of stack) params.append(MODAL_PARAM, open)
	return hrefOf(location.pathname, params)
}

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

/** The same URL with only modal `name` open (any other closed) and `params` set. */
export function replaceModal(location: LocationLike, name: string, params: Record<string, string> = {}): string {
	const search = new URLSearchParams(location.search)
	search.delete(MODAL_PARAM)
	search.set(MODAL_PARAM, name)
	for (const [key, value] of Object.entries(params)) search.set(key, value)
	return `${location.pathname}?${search}`
}
