import { expect, test } from 'vitest'
import { fillPattern, routeTable } from './route-table.ts'

test('the route table lists every screen of app/routes.ts with its full pattern, params and exports', () => {
	const table = routeTable()
	const byPattern = new Map(table.map((entry) => [entry.pattern, entry]))
	expect(byPattern.get('/auth/login')).toMatchObject({ file: 'routes/auth/login.tsx', hasLoader: true, hasAction: true, layouts: ['routes/auth/layout.tsx'] })
	expect(byPattern.get('/school-admin/students/list/:id')).toMatchObject({ params: ['id'], hasLoader: true })
	expect(byPattern.get('/need-manager/home/:tab?')?.params).toEqual(['tab'])
	expect(byPattern.get('/*')?.file).toBe('routes/catch-all.ts')
	expect(byPattern.has('/')).toBe(true)
	// Layout routes are not screens of their own.
	expect(table.some((entry) => entry.file === 'routes/shell.tsx')).toBe(false)
	expect(new Set(table.map((entry) => entry.id)).size).toBe(table.length)
	expect(table.length).toBeGreaterThan(60)
})

test('fillPattern fills params, leaves out an empty optional one and fills the splat', () => {
	expect(fillPattern('/students/profile/:id/analysis', { id: 'a b' })).toBe('/students/profile/a%20b/analysis')
	expect(fillPattern('/need-manager/home/:tab?', {})).toBe('/need-manager/home')
	expect(fillPattern('/*', () => undefined, 'x/y')).toBe('/x/y')
	expect(() => fillPattern('/groups/:id', {})).toThrow(/:id/)
})
