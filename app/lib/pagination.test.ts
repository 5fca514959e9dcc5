import { expect, test } from 'vitest'
import { askedPage, MAX_PAGE, pageHref, readPage } from './pagination.ts'

test('another page keeps the rest of the query', () => {
	expect(pageHref('?q=ada&perPage=50', 2)).toBe('?q=ada&perPage=50&page=2')
	expect(pageHref('?q=ada&page=2', 1)).toBe('?q=ada')
})

test('a page that is not a positive number is page 1', () => {
	expect(askedPage(new URLSearchParams('page=-2'))).toBe(1)
	expect(askedPage(new URLSearchParams('page=x'))).toBe(1)
	expect(askedPage(new URLSearchParams('page=3'))).toBe(3)
})

test('a page past the last a list can have is a bad request, never an offset the database cannot hold', () => {
	expect(readPage(new URLSearchParams(`page=${MAX_PAGE}`))).toBe(MAX_PAGE)
	expect(() => readPage(new URLSearchParams('page=99999999999999999999'))).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 400 }) }))
})
