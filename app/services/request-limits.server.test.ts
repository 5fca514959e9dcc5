import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { bodyLimitFor, FORM_BODY_LIMIT, MULTI_LINE_FIELDS, UNREADABLE, UNREADABLE_IN_TEXT } from './request-limits.server.ts'
import { MAX_IMPORT_REQUEST_BYTES } from './upload.server.ts'

const APP = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return sources(full)
		return entry.name.endsWith('.tsx') ? [full] : []
	})
}

test('every textarea posts under a name the guard lets keep its line breaks', () => {
	const names: string[] = []
	for (const file of sources(APP)) {
		for (const match of readFileSync(file, 'utf8').matchAll(/<TextArea\b([\s\S]*?)\/>/g)) {
			const props = match[1] as string
			const name = /textFieldProps\(fields\.(\w+)\)/.exec(props)?.[1] ?? /name=\{fields\.(\w+)\.name\}/.exec(props)?.[1] ?? /name="(\w+)"/.exec(props)?.[1]
			if (name) names.push(name)
		}
	}
	expect(names.length).toBeGreaterThan(5)
	for (const name of names) expect(MULTI_LINE_FIELDS, name).toContain(name)
})

test('control characters and U+FFFD are unreadable; a textarea keeps tab, CR and LF', () => {
	for (const text of ['a\u0000b', 'a\u0007', '\u001b[31m', 'a\u007f', 'a\u0085', 'caf\uFFFD']) {
		expect(UNREADABLE.test(text), JSON.stringify(text)).toBe(true)
		expect(UNREADABLE_IN_TEXT.test(text), JSON.stringify(text)).toBe(true)
	}
	for (const text of ['line\r\nbreak', 'tab\there', 'new\nline']) {
		expect(UNREADABLE.test(text)).toBe(true)
		expect(UNREADABLE_IN_TEXT.test(text)).toBe(false)
	}
	expect(UNREADABLE.test('Zoë Ó Briain — “café” ✓ 😀')).toBe(false)
})

test('uploads get their own limit; every other path the form limit', () => {
	expect(bodyLimitFor('/school-admin/students/import')).toBe(MAX_IMPORT_REQUEST_BYTES)
	expect(bodyLimitFor('/school-admin/directory/import.data')).toBe(MAX_IMPORT_REQUEST_BYTES)
	expect(bodyLimitFor('/school-admin/students/import/template.csv')).toBe(FORM_BODY_LIMIT)
	expect(bodyLimitFor('/auth/login')).toBe(FORM_BODY_LIMIT)
})
