import { expect, test } from 'vitest'
import { mayReload, RETRY_WINDOW_MS } from './chunk-recovery.client.ts'

const URL_A = 'https://spencer.test/ui-kit/typography'

test('[13.7] the first failure of a page reloads it', () => {
	expect(mayReload(null, URL_A, 1_000)).toBe(true)
	expect(mayReload({ url: 'https://spencer.test/elsewhere', at: 1_000 }, URL_A, 2_000)).toBe(true)
})

test('[13.7] a second failure of the same page soon after does not reload (no loop); much later it may again', () => {
	expect(mayReload({ url: URL_A, at: 1_000 }, URL_A, 2_000)).toBe(false)
	expect(mayReload({ url: URL_A, at: 1_000 }, URL_A, 1_000 + RETRY_WINDOW_MS - 1)).toBe(false)
	expect(mayReload({ url: URL_A, at: 1_000 }, URL_A, 1_000 + RETRY_WINDOW_MS)).toBe(true)
})
