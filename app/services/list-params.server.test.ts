import { expect, test } from 'vitest'
import { MAX_PAGE } from '#app/lib/pagination.ts'
import { anId, MAX_SEARCH_LENGTH, oneOf, readList, readPlainList, readSearch } from './list-params.server.ts'

const FILTERS = {
	yearGroup: oneOf('yearGroup', ['Year 1', 'Year 2'] as const, 'Choose a year group from the list.'),
	groupId: anId('group', 'Choose a group from the list.', ['all']),
}
const read = (search: string) => readList(new URL(`http://x/list${search}`), { sorts: ['name', 'upn'] as const, sort: 'name', filters: FILTERS })
const UUID = '0b6f2a44-8a8c-4b55-9d3e-1f2a3b4c5d6e'

test('a list reads its search, filters, sort, page and page size from the URL', () => {
	expect(read('')).toEqual({ query: { q: '', sort: 'name', dir: 'asc', page: 1, pageSize: 25 }, filters: { yearGroup: null, groupId: null }, illegal: null })
	expect(read(`?q=%20ada%20&sort=upn&dir=desc&page=3&perPage=50&yearGroup=Year+2&group=${UUID}`)).toEqual({
		query: { q: 'ada', sort: 'upn', dir: 'desc', page: 3, pageSize: 50 },
		filters: { yearGroup: 'Year 2', groupId: UUID },
		illegal: null,
	})
	// Only the offered page sizes: nobody asks for the whole table. Sort and direction only order: any other is the default.
	expect(read('?perPage=100000').query.pageSize).toBe(25)
	expect(read('?sort=password&dir=sideways&page=-2').query).toMatchObject({ sort: 'name', dir: 'asc', page: 1 })
	// An empty value, or a filter's own "all", is no filter.
	expect(read('?yearGroup=&group=all')).toMatchObject({ filters: { yearGroup: null, groupId: null }, illegal: null })
})

test('[13.8] an over-long search is illegal input: kept as typed, never cut to fit', () => {
	const long = 'a'.repeat(MAX_SEARCH_LENGTH + 1)
	expect(read(`?q=${'a'.repeat(MAX_SEARCH_LENGTH)}`).illegal).toBeNull()
	const list = read(`?q=${long}`)
	expect(list.query.q).toBe(long)
	expect(list.illegal).toEqual({ field: 'q', message: `Search for at most ${MAX_SEARCH_LENGTH} characters (this search has ${MAX_SEARCH_LENGTH + 1}).` })
	expect(readSearch(new URLSearchParams(`findStaff=${long}`), 'findStaff').illegal?.field).toBe('findStaff')
})

test('[13.8] a malformed filter value is illegal input with its field’s message, never silently “all”', () => {
	expect(read('?yearGroup=Year+99')).toMatchObject({ filters: { yearGroup: null }, illegal: { field: 'yearGroup', message: 'Choose a year group from the list.' } })
	expect(read('?group=not-a-uuid').illegal).toEqual({ field: 'group', message: 'Choose a group from the list.' })
})

test('[13.8] a page past the last a list can have is illegal input on a list, and a 400 on a list without a search', () => {
	expect(read(`?page=${MAX_PAGE}`).query.page).toBe(MAX_PAGE)
	expect(read('?page=99999999999999999999')).toMatchObject({ query: { page: 1 }, illegal: { field: 'page' } })
	const plain = (search: string) => readPlainList(new URL(`http://x/list${search}`), { sorts: ['due'] as const, sort: 'due' })
	expect(plain('?q=ignored').q).toBe('')
	expect(() => plain('?page=99999999999999999999')).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 400 }) }))
})
