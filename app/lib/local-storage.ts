/**
 * Writes to this browser's localStorage, which may refuse (switched off by policy, full, a private window): what is
 * kept there is a convenience for the next page or another tab, so a refusal is left at that, never an error that
 * breaks the page.
 */
export function storeLocally(key: string, value: string): void {
	try {
		window.localStorage.setItem(key, value)
	} catch {
		// Not kept: the page works on without it.
	}
}
