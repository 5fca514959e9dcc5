import { expect, test } from 'vitest'
import { fadesBetween } from './RouteTransition.tsx'

const at = (key: string, pathname: string, search = '') => ({ key, pathname, search })

test('[13.3] a new location fades, even at the same URL (a form’s redirect back to its page)', () => {
	expect(fadesBetween(at('a', '/ui-kit/colors'), at('b', '/ui-kit/misc'))).toBe(true)
	expect(fadesBetween(at('a', '/ui-kit/misc'), at('b', '/ui-kit/misc'))).toBe(true)
	expect(fadesBetween(at('a', '/students', '?page=1'), at('b', '/students', '?page=2'))).toBe(true)
})

test('[13.3] the same location does not fade (a revalidation), nor a URL modal opening, closing or stacking on its page', () => {
	expect(fadesBetween(at('a', '/ui-kit/misc'), at('a', '/ui-kit/misc'))).toBe(false)
	expect(fadesBetween(at('a', '/ui-kit/misc'), at('b', '/ui-kit/misc', '?modal=example'))).toBe(false)
	expect(fadesBetween(at('a', '/ui-kit/misc', '?modal=example'), at('b', '/ui-kit/misc', '?modal=example&modal=stacked'))).toBe(false)
	expect(fadesBetween(at('a', '/ui-kit/misc', '?modal=example'), at('b', '/ui-kit/misc'))).toBe(false)
	expect(fadesBetween(at('a', '/ui-kit/misc', '?modal=example'), at('b', '/ui-kit/colors'))).toBe(true)
})
