/** Route `headers` export: passes an action's Retry-After (rate limits) on to the document response. */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : {}
}
