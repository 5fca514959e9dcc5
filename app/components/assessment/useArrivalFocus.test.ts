import { describe, expect, test } from 'vitest'
import { idOfHash } from './useArrivalFocus.ts'

describe('idOfHash', () => {
	test('decodes the id a link names', () => {
		expect(idOfHash('#question-1')).toBe('question-1')
		expect(idOfHash('#caf%C3%A9')).toBe('café')
	})
	test('a malformed escape is taken as typed, not thrown (a hand-edited address must not break the page)', () => {
		expect(idOfHash('#%')).toBe('%')
		expect(idOfHash('#question-%E0%A4%A')).toBe('question-%E0%A4%A')
	})
})
