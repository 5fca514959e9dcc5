import { expect, test } from 'vitest'
import { MAX_PAGE, pageHref, readListQuery } from './pagination.ts'

const read = (search: string) => readListQuery(new URL(`http://x/list${search}`), ['name', 'upn'] as const, 'name')

test('a list reads its search, sort, page and page size from the URL', () => {
	expect(read('')).toEqual({ q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 25 })
	expect(read('?q=%20ada%20&sort=upn&dir=desc&page=3&perPage=50')).toEqual({ q: 'ada', sort: 'upn', dir: 'desc', page: 3, pageSize: 50 })
	// Only the offered page sizes: nobody asks for the whole table.
	expect(read('?perPage=100000').pageSize).toBe(25)
	expect(read('?sort=password&page=-2').sort).toBe('name')
	expect(read('?page=-2').page).toBe(1)
})

test('another page keeps the rest of the query', () => {
	expect(pageHref('?q=ada&perPage=50', 2)).toBe('?q=ada&perPage=50&page=2')
	expect(pageHref('?q=ada&page=2', 1)).toBe('?q=ada')
})

test('a page past the last a list can have is a bad request, never an offset the database cannot hold', () => {
	expect(read(`?page=${MAX_PAGE}`).page).toBe(MAX_PAGE)
	expect(() => read('?page=99999999999999999999')).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 400 }) }))
})
