import { describe, expect, test } from 'vitest'
import { safeRedirect } from './redirects.server.ts'
import { pagePath } from './guards.server.ts'

const FALLBACK = '/fallback'

/** Redirect targets an attacker might post, and what each must become: the fallback, or this local path. */
const REDIRECT_VECTORS: [vector: string, expected: string][] = [
	['https://evil.example/', FALLBACK],
	['http:evil.example', FALLBACK],
	['//evil.example', FALLBACK],
	['///evil.example', FALLBACK],
	['/\\evil.example', FALLBACK],
	['/\\/evil.example', FALLBACK],
	['/\t/evil.example', FALLBACK],
	['/\n/evil.example', FALLBACK],
	['/\r\nSet-Cookie: a=b', FALLBACK],
	['/%0d%0aSet-Cookie:%20a=b', FALLBACK],
	['/%09/evil.example', FALLBACK],
	['/%2F%2Fevil.example', FALLBACK],
	['%2F%2Fevil.example', FALLBACK],
	['/%5C/evil.example', FALLBACK],
	['/%2e%2e//evil.example', FALLBACK],
	['/a/../..//evil.example', FALLBACK],
	['/.//evil.example', FALLBACK],
	['/\u0000/evil.example', FALLBACK],
	['/%00', FALLBACK],
	['/%', FALLBACK],
	['javascript:alert(1)', FALLBACK],
	['data:text/html,<script>alert(1)</script>', FALLBACK],
	[' /school-admin', FALLBACK],
	['', FALLBACK],
	[`/${'a'.repeat(5000)}`, FALLBACK],
	// Unicode look-alikes of the slash are only characters of a local path.
	['/\u2215\u2215evil.example', '/%E2%88%95%E2%88%95evil.example'],
	['/\uFF0F\uFF0Fevil.example', '/%EF%BC%8F%EF%BC%8Fevil.example'],
	['/javascript:alert(1)', '/javascript:alert(1)'],
	['/school-admin/students/list?page=2&q=ann#results', '/school-admin/students/list?page=2&q=ann#results'],
	['/settings/profile', '/settings/profile'],
	['/a b', '/a%20b'],
]

describe('safeRedirect', () => {
	test.each(REDIRECT_VECTORS)('%j → %s', (vector, expected) => {
		const result = safeRedirect(vector, FALLBACK)
		expect(result).toBe(expected)
		// Whatever it returns, a browser resolves it on this origin, and it is a valid header value.
		expect(new URL(result, 'https://spencer.test').origin).toBe('https://spencer.test')
		expect(result).toMatch(/^\/(?![/\\])[\x21-\x7E]*$/)
	})

	test('anything but a string is the fallback', () => {
		expect(safeRedirect(null, FALLBACK)).toBe(FALLBACK)
		expect(safeRedirect(undefined, FALLBACK)).toBe(FALLBACK)
		expect(safeRedirect(new File(['/x'], 'x.txt'), FALLBACK)).toBe(FALLBACK)
	})
})

describe('pagePath', () => {
	test.each([
		['http://localhost/school-admin/students/list.data?_routes=root%2Croutes%2Fshell', '/school-admin/students/list'],
		['http://localhost/school-admin/students/list.data?page=2&_routes=root', '/school-admin/students/list?page=2'],
		['http://localhost/_.data?_routes=root', '/'],
		['http://localhost/school-admin/_.data', '/school-admin/'],
		['http://localhost/need-manager/home/tasks?tab=1', '/need-manager/home/tasks?tab=1'],
		['http://localhost/', '/'],
	])('%s → %s', (url, expected) => {
		expect(pagePath(new Request(url))).toBe(expected)
	})
})
