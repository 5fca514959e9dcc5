/**
 * A request the page itself gave up on is not an error. React Router aborts a fetcher's earlier submission when the
 * same fetcher submits again (an answer changed twice in quick succession, arrowing through a question's choices), and
 * some of its own promises then reject with that abort and nobody to catch them. Such a rejection is marked handled
 * here, so it neither fills the console nor reaches error reports; every other rejection still surfaces.
 */
export function isAbortRejection(reason: unknown): boolean {
	return typeof DOMException !== 'undefined' && reason instanceof DOMException && reason.name === 'AbortError'
}

export function ignoreAbortedRequests() {
	window.addEventListener('unhandledrejection', (event) => {
		if (isAbortRejection(event.reason)) event.preventDefault()
	})
}
