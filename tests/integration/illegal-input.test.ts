import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'
import { fillPattern, routeTable, type RouteEntry } from './route-table.ts'

/**
 * Issue 13, item 8: a search or filter the server refuses answers the list's
 * page (400, its frame rendered) with an empty list labelled "Illegal input"
 * and the field's message; never a 5xx, never the list's query (ADR 023).
 *
 * The lists are found in app/routes.ts: every route whose module reads its
 * query string with `readList` (with a search box) or `readSearch`, so a list
 * added later is covered without editing this file.
 */

const APP_DIR = path.resolve(import.meta.dirname, '../../app')
/** A route module's text, with the server modules of its own `+parts/` that it reads its list through. */
function source(route: RouteEntry): string {
	const file = path.join(APP_DIR, route.file)
	const text = readFileSync(file, 'utf8')
	const parts = [...text.matchAll(/from '(\.\/\+parts\/[\w-]+\.server\.ts)'/g)].map((match) => readFileSync(path.join(path.dirname(file), match[1] as string), 'utf8'))
	return [text, ...parts].join('\n')
}

/** The search parameters a route's module reads: `q` for a list with a search box, and each `readSearch(…, 'name')`. */
function searchParamsOf(route: RouteEntry): string[] {
	const text = source(route)
	const names = [...text.matchAll(/readSearch\(\w+, '(\w+)'\)/g)].map((match) => match[1] as string)
	if (/\breadList\(/.test(text) && !/search: false/.test(text)) names.unshift('q')
	return names
}

/** The demo user of each area (README.md). */
const AREA_USERS: [prefix: string, email: string][] = [
	['/spencer-admin', 'admin@spencer.test'],
	['/school-admin', 'office@oakfield.test'],
	['/need-manager', 'senco@oakfield.test'],
	['/professional', 'teacher@oakfield.test'],
	['/students', 'teacher@oakfield.test'],
]
/** What a search parameter needs beside it to be read: the group's modals search only while open. */
const ALONGSIDE: Record<string, string> = { findStudent: 'modal=add-student', findStaff: 'modal=add-staff' }

const SEARCHED = routeTable().flatMap((route) => searchParamsOf(route).map((param) => ({ route, param })))
const TOO_LONG = 'x'.repeat(101)

let app: TestApp
const browsers = new Map<string, Browser>()
let ids: Record<string, string>

beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', QUERY_STATS: '1' })
	for (const email of new Set(AREA_USERS.map(([, user]) => user))) {
		const browser = new Browser(app)
		await browser.signIn(email)
		browsers.set(email, browser)
	}
	const [group] = await app.sql<{ id: string }>(
		"select g.id from student_group g join school s on s.id = g.school_id where s.subdomain = 'oakfield' order by g.name limit 1",
	)
	ids = { id: group!.id }
})
afterAll(() => app?.close())

function request(route: RouteEntry, query: string) {
	const email = AREA_USERS.find(([prefix]) => route.pattern.startsWith(prefix))?.[1]
	if (!email) throw new Error(`no user for ${route.pattern}`)
	return browsers.get(email)!.request(`${fillPattern(route.pattern, ids)}?${query}`)
}
const queryCount = (response: Response) => Number(response.headers.get('X-Query-Count'))

describe('[13.8] "Illegal input" on every list with a search', () => {
	test('the lists are found in the route table', () => {
		const patterns = SEARCHED.map(({ route, param }) => `${route.pattern} ${param}`)
		for (const expected of [
			'/school-admin/students/list q',
			'/school-admin/students/transfer-students/incoming q',
			'/school-admin/students/transfer-students/outgoing q',
			'/school-admin/directory q',
			'/school-admin/groups q',
			'/school-admin/groups/:id findStudent',
			'/school-admin/groups/:id findStaff',
			'/need-manager/students q',
			'/professional/questionnaires q',
			'/professional/feedback q',
			'/need-manager/students/manage-students q',
			'/spencer-admin/schools q',
			'/students q',
		]) {
			expect(patterns).toContain(expected)
		}
	})

	test.each(SEARCHED.map(({ route, param }) => [`${route.pattern} ?${param}=`, route, param] as const))(
		'%s over 100 characters: 400, the list’s frame with "Illegal input" and the field’s message, and its query not run',
		async (_, route, param) => {
			const alongside = ALONGSIDE[param] ? `${ALONGSIDE[param]}&` : ''
			const legal = `${alongside}${param}=${'x'.repeat(100)}`
			const illegal = `${alongside}${param}=${TOO_LONG}`
			// Twice each, interleaved: a session's occasional sliding-expiry write lands in at most one of them.
			const answers = [await request(route, illegal), await request(route, legal), await request(route, illegal), await request(route, legal)]
			const [refused, accepted] = [answers[0]!, answers[1]!]
			expect(refused.status).toBe(400)
			expect(accepted.status).toBe(200)
			const html = await refused.text()
			const text = textOf(html)
			expect(text).toContain('Illegal input')
			expect(text).toContain('Search for at most 100 characters (this search has 101).')
			// The frame: the shell, and the search field with what was typed, marked invalid.
			expect(html).toContain('aria-label="Main"')
			const field = [...html.matchAll(/<input\b[^>]*>/g)].map((match) => match[0]).find((tag) => tag.includes(`name="${param}"`))
			expect(field).toContain(`value="${TOO_LONG}"`)
			expect(field).toContain('aria-invalid="true"')
			expect(textOf(await accepted.text())).not.toContain('Illegal input')
			const refusedQueries = Math.min(queryCount(answers[0]!), queryCount(answers[2]!))
			const acceptedQueries = Math.min(queryCount(answers[1]!), queryCount(answers[3]!))
			expect(refusedQueries).toBeLessThan(acceptedQueries)
		},
	)
})

describe('[13.8] "Illegal input" for a malformed filter', () => {
	test.each([
		['/school-admin/students/list?yearGroup=Year+99', 'Choose a year group from the list.'],
		['/school-admin/students/list?group=not-a-group', 'Choose a group from the list.'],
		['/need-manager/students?sen=maybe', 'Choose an SEN status from the list.'],
		['/professional/questionnaires?status=finished', 'Choose a status from the list.'],
		['/need-manager/feedback?questionnaire=42', 'Choose a questionnaire from the list.'],
		['/spencer-admin/questionnaires/recommendations?severity=extreme', 'Choose a severity from the list.'],
		['/spencer-admin/questionnaires/recommendations?theme=1%20or%201%3D1', 'Choose a theme from the list.'],
		['/school-admin/directory?page=99999999999999999999', 'The page number is too large: a list has at most 10,000 pages.'],
	])('%s: 400 with "Illegal input" and "%s"', async (url, message) => {
		const email = AREA_USERS.find(([prefix]) => url.startsWith(prefix))![1]
		const response = await browsers.get(email)!.request(url)
		expect(response.status).toBe(400)
		const text = textOf(await response.text())
		expect(text).toContain('Illegal input')
		expect(text).toContain(message)
	})

	test('a refused search keeps the other filters as chosen: the group filter still offers (and selects) its group', async () => {
		for (const [prefix, email] of [['/school-admin/students/list', 'office@oakfield.test'], ['/need-manager/students', 'senco@oakfield.test']] as const) {
			const response = await browsers.get(email)!.request(`${prefix}?group=${ids.id}&q=${TOO_LONG}`)
			expect(response.status, prefix).toBe(400)
			const html = await response.text()
			expect(textOf(html), prefix).toContain('Illegal input')
			expect(html, prefix).toMatch(new RegExp(`<option[^>]*value="${ids.id}"[^>]*selected`))
		}
	})

	test('a list without pages ignores ?page as any unknown parameter: no “page too large” where there is no page', async () => {
		const response = await browsers.get('admin@spencer.test')!.request('/spencer-admin/questionnaires/recommendations?page=10001&severity=high')
		expect(response.status).toBe(200)
		const text = textOf(await response.text())
		expect(text).not.toContain('Illegal input')
		expect(text).not.toContain('The page number is too large')
	})

	test('a filter’s “all” and an empty value are no filter, not illegal', async () => {
		for (const url of ['/school-admin/students/list?yearGroup=&group=&sen=', '/spencer-admin/questionnaires/recommendations?theme=all&severity=all']) {
			const email = AREA_USERS.find(([prefix]) => url.startsWith(prefix))![1]
			const response = await browsers.get(email)!.request(url)
			expect(response.status, url).toBe(200)
			expect(textOf(await response.text()), url).not.toContain('Illegal input')
		}
	})
})
