/** A fetch that never got an answer (the connection lost, an instance restarting), as each browser words it. */
const UNDELIVERED = /failed to fetch|networkerror|load failed/i

export function isUndelivered(error: unknown): error is TypeError {
	return error instanceof TypeError && UNDELIVERED.test(error.message)
}

/**
 * A background post (a fetcher's) that the browser could not deliver answers `instead`, rather than throw: a fetcher's
 * error takes the page to its error boundary, and what was typed on the page with it (ADR 118). Any other error is
 * thrown as before.
 */
export async function unlessUndelivered<T, U>(send: () => Promise<T>, instead: U): Promise<T | U> {
	try {
		return await send()
	} catch (error) {
		if (isUndelivered(error)) return instead
		throw error
	}
}
