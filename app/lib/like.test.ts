import { describe, expect, test } from 'vitest'
import { containsPattern, escapeLike } from './like.ts'

describe('like patterns', () => {
	test.each([
		['%', '\\%'],
		['_', '\\_'],
		['\\', '\\\\'],
		['a_c', 'a\\_c'],
		['100%', '100\\%'],
		['offic_@oakfield.test', 'offic\\_@oakfield.test'],
		['plain text', 'plain text'],
	])('%s is escaped as %s', (text, escaped) => {
		expect(escapeLike(text)).toBe(escaped)
	})

	test('contains: lower case, escaped, between wildcards', () => {
		expect(containsPattern('Ada_L%')).toBe('%ada\\_l\\%%')
	})
})
