import { describe, expect, test } from 'vitest'
import { parseRichText } from './rich-text.ts'

describe('parseRichText', () => {
	test('blank lines separate paragraphs; a single line break stays inside one', () => {
		expect(parseRichText('First line\nsecond line\n\n  \nSecond paragraph')).toEqual([
			[{ kind: 'text', text: 'First line' }, { kind: 'break' }, { kind: 'text', text: 'second line' }],
			[{ kind: 'text', text: 'Second paragraph' }],
		])
	})

	test('http and https addresses become links, without the sentence’s punctuation', () => {
		expect(parseRichText('See https://www.nhs.uk/mental-health/. Or (http://example.org/a).')).toEqual([
			[
				{ kind: 'text', text: 'See ' },
				{ kind: 'link', href: 'https://www.nhs.uk/mental-health/', text: 'https://www.nhs.uk/mental-health/' },
				{ kind: 'text', text: '. Or (' },
				{ kind: 'link', href: 'http://example.org/a', text: 'http://example.org/a' },
				{ kind: 'text', text: ').' },
			],
		])
	})

	test('markup and other schemes stay text', () => {
		expect(parseRichText('<script>alert(1)</script> javascript:alert(1) <a href="https://x.org">x</a>')).toEqual([
			[
				{ kind: 'text', text: '<script>alert(1)</script> javascript:alert(1) <a href="' },
				{ kind: 'link', href: 'https://x.org', text: 'https://x.org' },
				{ kind: 'text', text: '">x</a>' },
			],
		])
	})

	test('an empty text has no paragraphs', () => {
		expect(parseRichText('\n\n  \n')).toEqual([])
	})
})
