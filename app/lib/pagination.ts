import { data } from 'react-router'

/** Page sizes a list accepts from `?perPage=`; anything else gets the list's default. */
export const PAGE_SIZES = [10, 25, 50, 100]

/** Server-side list state from a URL (read by app/services/list-params.server.ts): search, sort, direction, page and page size. */
export type ListQuery<Sort extends string> = { q: string; sort: Sort; dir: 'asc' | 'desc'; page: number; pageSize: number }

/** A list's search or filter the server refused (ADR 023): the query-string field and what to tell the user. */
export type IllegalInput = { field: string; message: string }

/** The highest page a list may be asked for: far past any list's end, and its offset stays within the database's integers. */
export const MAX_PAGE = 10_000

/** What a list says of a page past MAX_PAGE. */
export const PAGE_TOO_LARGE = `The page number is too large: a list has at most ${MAX_PAGE.toLocaleString('en-GB')} pages.`

/** `?page=` as asked: 1 when absent or not a positive number; it may be past MAX_PAGE (the caller refuses it). */
export function askedPage(params: URLSearchParams): number {
	return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
}

/** `?page=` of a page that is not a list's (an import's refused rows…): past MAX_PAGE is a bad request (400), never a query. */
export function readPage(params: URLSearchParams): number {
	const page = askedPage(params)
	if (page > MAX_PAGE) throw data(PAGE_TOO_LARGE, { status: 400 })
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
