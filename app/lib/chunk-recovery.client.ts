import { showToast, type Toast } from './toast.ts'

/**
 * A screen's code that fails to load — a deploy replaced the chunks under an open tab — is recovered by loading
 * the page again, once (ADR 025): the new page comes with the new deploy's chunks. A second failure of the same
 * page within RETRY_WINDOW_MS is not one a reload fixes (the chunk is missing for good, or the network is down):
 * the page stays, and a toast says to refresh. The attempt is remembered in sessionStorage (URL and time), so the
 * reloaded page knows it was one and there is never a loop.
 */
export const RETRY_WINDOW_MS = 5 * 60_000
const STORAGE_KEY = 'spencer-chunk-reload'

export type ReloadAttempt = { url: string; at: number }

export const CHUNK_FAILED_TOAST: Toast = {
	id: 'chunk-failed',
	type: 'error',
	title: 'This page could not be loaded',
	description: 'Spencer may have been updated since you opened it. Refresh the page to load the new version.',
}

/** Whether a failure on `url` at `now` may reload, given the last attempt remembered (pure, for the tests). */
export function mayReload(last: ReloadAttempt | null, url: string, now: number): boolean {
	return !last || last.url !== url || now - last.at >= RETRY_WINDOW_MS || now < last.at
}

function readAttempt(): ReloadAttempt | null {
	try {
		const value: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null')
		if (value && typeof value === 'object' && 'url' in value && 'at' in value && typeof value.url === 'string' && typeof value.at === 'number') {
			return { url: value.url, at: value.at }
		}
	} catch {
		// Unreadable: as if there were none.
	}
	return null
}

/** Records the attempt and says to reload, or says not to; without sessionStorage there is no reload (no loop guard). */
function claimReload(): boolean {
	const url = window.location.href
	const now = Date.now()
	if (!mayReload(readAttempt(), url, now)) return false
	try {
		window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ url, at: now } satisfies ReloadAttempt))
		return true
	} catch {
		return false
	}
}

// The Navigation API (Chromium, Safari 26, Firefox 147); TypeScript's DOM library does not describe it yet.
type NavigateEventLike = Event & { navigationType: 'push' | 'replace' | 'reload' | 'traverse'; userInitiated: boolean }
type NavigationLike = { addEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void }

/** Installs the recovery; entry.client.tsx calls it before hydrating. */
export function recoverFromChunkLoadErrors() {
	let reloading = false
	const failed = (): boolean => {
		if (reloading) return true
		if (claimReload()) return (reloading = true)
		showToast(CHUNK_FAILED_TOAST)
		return false
	}

	// Vite's dynamic imports (lazy components: the toast regions, charts, error reporting) say when a chunk fails.
	window.addEventListener('vite:preloadError', () => {
		if (failed()) window.location.reload()
	})

	// A route's module that fails to import makes React Router reload the page by itself, every time. The reload a
	// script asks for (never the browser's Reload button) is a navigation the Navigation API lets us hold back: the
	// router's then goes through the same once-per-page rule. Browsers without that API keep the router's own reload.
	const navigation = (window as Window & { navigation?: NavigationLike }).navigation
	navigation?.addEventListener('navigate', (event) => {
		if (event.navigationType !== 'reload' || event.userInitiated || reloading) return
		if (!failed()) event.preventDefault()
	})
}
