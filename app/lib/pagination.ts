import { data } from 'react-router'

/** Page sizes a list accepts from `?perPage=`; anything else gets the list's default. */
export const PAGE_SIZES = [10, 25, 50, 100]

/** Server-side list state from a URL: search, sort, direction, page and page size. */
export type ListQuery<Sort extends string> = { q: string; sort: Sort; dir: 'asc' | 'desc'; page: number; pageSize: number }

export function readListQuery<Sort extends string>(
	url: URL,
	sorts: readonly Sort[],
	fallback: Sort,
	pageSize = 25,
): ListQuery<Sort> {
	const params = url.searchParams
	const sort = (sorts as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as Sort) : fallback
	const dir = params.get('dir') === 'desc' ? 'desc' : 'asc'
	const page = readPage(params)
	// A longer page when asked for (?perPage=50), from a short list so no request can ask for the whole table.
	const perPage = Number(params.get('perPage'))
	return { q: (params.get('q') ?? '').trim().slice(0, 100), sort, dir, page, pageSize: PAGE_SIZES.includes(perPage) ? perPage : pageSize }
}

/** The highest page a list may be asked for: far past any list's end, and its offset stays within the database's integers. */
export const MAX_PAGE = 10_000

/** `?page=`: 1 when absent or not a positive number; a page past MAX_PAGE is a bad request (400), never a query. */
export function readPage(params: URLSearchParams): number {
	const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
	if (page > MAX_PAGE) throw data(`The page number is too large: a list has at most ${MAX_PAGE.toLocaleString('en-GB')} pages.`, { status: 400 })
	return page
}

/** The URL of another page of the same list, keeping search and sort. */
export function pageHref(search: string, page: number): string {
	const params = new URLSearchParams(search)
	if (page <= 1) params.delete('page')
	else params.set('page', String(page))
	const query = params.toString()
	return query ? `?${query}` : '?'
}

/** The 1-based positions of a page's first and last rows ("26–50 of 120"); 0–0 when the list is empty. */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number } {
	return { first: total === 0 ? 0 : (page - 1) * pageSize + 1, last: Math.min(total, page * pageSize) }
}
