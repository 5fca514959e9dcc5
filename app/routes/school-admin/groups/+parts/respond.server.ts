/**
 * The group page a write returns to: the posted URL (page, open modals and
 * searches kept, so several students can be added in a row) minus `drop`.
 * A submission with JavaScript arrives at the single-fetch URL, normalised first.
 */
export function pageAfter(request: Request, drop: string[] = []): string {
	const url = new URL(request.url)
	const pathname = url.pathname.replace(/\.data$/, '')
	for (const key of ['_routes', ...drop]) url.searchParams.delete(key)
	const query = url.searchParams.toString()
	return query ? `${pathname}?${query}` : pathname
}
