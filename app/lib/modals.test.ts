import { describe, expect, test } from 'vitest'
import { closeModalHref, isModalOpen, modalHref, modalLayer, openModals } from './modals.ts'

const at = (href: string) => {
	const url = new URL(href, 'http://localhost')
	return { pathname: url.pathname, search: url.search }
}

describe('openModals', () => {
	test('reads every modal param in order, bottom first', () => {
		expect(openModals('?modal=add-group&page=2&modal=confirm')).toEqual(['add-group', 'confirm'])
		expect(openModals(new URLSearchParams('modal=a'))).toEqual(['a'])
	})

	test('no param or an empty one opens nothing', () => {
		expect(openModals('')).toEqual([])
		expect(openModals('?modal=')).toEqual([])
	})

	test('isModalOpen and modalLayer', () => {
		expect(isModalOpen('?modal=a&modal=b', 'b')).toBe(true)
		expect(isModalOpen('?modal=a', 'b')).toBe(false)
		expect(modalLayer('?modal=a&modal=b', 'a')).toBe(0)
		expect(modalLayer('?modal=a&modal=b', 'b')).toBe(1)
		expect(modalLayer('?modal=a', 'b')).toBe(-1)
	})
})

describe('modalHref', () => {
	test('adds the modal and keeps other params', () => {
		expect(modalHref(at('/ui-kit/misc?sort=name&dir=asc'), 'example')).toBe('/ui-kit/misc?sort=name&dir=asc&modal=example')
	})

	test('stacks on top of an open modal', () => {
		expect(modalHref(at('/groups?modal=add-group'), 'confirm')).toBe('/groups?modal=add-group&modal=confirm')
	})

	test('a modal already open moves to the top instead of opening twice', () => {
		expect(modalHref(at('/groups?modal=a&modal=b'), 'a')).toBe('/groups?modal=b&modal=a')
		expect(modalHref(at('/groups?modal=a'), 'a')).toBe('/groups?modal=a')
	})

	test('encodes names', () => {
		expect(modalHref(at('/x'), 'a b&c')).toBe('/x?modal=a+b%26c')
		expect(openModals('?modal=a+b%26c')).toEqual(['a b&c'])
	})
})

describe('closeModalHref', () => {
	test('removes only that modal', () => {
		expect(closeModalHref(at('/groups?page=2&modal=a&modal=b'), 'b')).toBe('/groups?page=2&modal=a')
		expect(closeModalHref(at('/groups?modal=a&modal=b'), 'a')).toBe('/groups?modal=b')
	})

	test('gives the bare path when nothing else is left', () => {
		expect(closeModalHref(at('/ui-kit/misc?modal=example'), 'example')).toBe('/ui-kit/misc')
	})

	test('round-trips with modalHref', () => {
		const start = at('/students?sort=name&dir=desc')
		const opened = modalHref(start, 'example')
		expect(closeModalHref(at(opened), 'example')).toBe('/students?sort=name&dir=desc')
	})

	test('closing a modal that is not open changes nothing but param order', () => {
		expect(closeModalHref(at('/x?modal=a'), 'b')).toBe('/x?modal=a')
	})
})
