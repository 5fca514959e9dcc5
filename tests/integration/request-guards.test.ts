import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

// Issue 12 items 6 and 7: bodies limited before they are read, and hostile input answered 4xx with a clear message.

let app: TestApp
let office: Browser
let admin: Browser
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
	admin = new Browser(app)
	await admin.signIn('admin@spencer.test')
}, 120_000)
afterAll(() => app?.close())

const FORM_LIMIT = 128 * 1024
const FORM = 'application/x-www-form-urlencoded'
const sessions = async () => Number((await app.sql<{ n: number }>('select count(*)::int as n from session'))[0]?.n)

/**
 * Declares a body of `declared` bytes but sends only its first kilobyte,
 * then waits for the answer: a server that reads on before answering never
 * answers.
 */
function declareHuge(path: string, declared: number, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
		const request = httpRequest(`${app.url}${path}`, { method: 'POST', agent: false, headers: { 'Content-Type': FORM, 'Content-Length': declared, ...headers } }, (response) => {
			const chunks: Buffer[] = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('end', () => {
				resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') })
				request.destroy()
			})
		})
		request.on('error', reject)
		request.write(Buffer.alloc(1024, 'a'))
	})
}

function chunked(text: string) {
	const bytes = new TextEncoder().encode(text)
	return new ReadableStream<Uint8Array>({
		start(controller) {
			for (let at = 0; at < bytes.byteLength; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024))
			controller.close()
		},
	})
}

function multipart(fields: Record<string, string>, file: { name: string; bytes: number }) {
	const boundary = 'spencer-test-boundary'
	const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
	const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`
	const body = Buffer.concat([Buffer.from(head), Buffer.alloc(file.bytes, 'a'), Buffer.from(`\r\n--${boundary}--\r\n`)])
	return { body, type: `multipart/form-data; boundary=${boundary}` }
}

describe('bodies are limited before they are read (item 6)', () => {
	test('a declared body over its limit is refused at once: 413 arrives while the body is still unsent, and the connection closes', async () => {
		const before = await sessions()
		const answer = await declareHuge('/auth/login', 1024 * 1024 * 1024)
		expect(answer.status).toBe(413)
		expect(answer.headers.connection).toBe('close')
		expect(answer.headers['content-type']).toMatch(/^text\/html/)
		expect(textOf(answer.text)).toContain('A form sent here may carry up to 128 KB. This one is larger, so it was not read.')
		expect(await sessions()).toBe(before)
	})

	test('the 413 is `{ code, message }` under /api, and plain text to single fetch (which its error boundary shows)', async () => {
		const api = await declareHuge('/api/auth/password', 10 * 1024 * 1024, { 'Content-Type': 'application/json' })
		expect(api.status).toBe(413)
		expect(JSON.parse(api.text)).toEqual({ code: 413, message: 'A form sent here may carry up to 128 KB. This one is larger, so it was not read.' })
		const data = await declareHuge('/auth/login.data', 10 * 1024 * 1024)
		expect(data.status).toBe(413)
		expect(data.headers['content-type']).toMatch(/^text\/plain/)
		expect(data.text).toContain('may carry up to 128 KB')
	})

	test('a chunked body is counted as it arrives and cut off past the limit: the sign-in at its start is never read as a whole form', async () => {
		const before = await sessions()
		const visitor = new Browser(app)
		const response = await visitor.request('/auth/login', {
			method: 'POST',
			headers: { 'Content-Type': FORM, Origin: app.url },
			body: chunked(`intent=password&email=teacher%40oakfield.test&password=Spencer!2026&pad=${'x'.repeat(FORM_LIMIT * 2)}`),
			duplex: 'half',
		} as RequestInit)
		expect(response.status).toBe(413)
		expect(response.headers.get('Connection')).toBe('close')
		expect(textOf(await response.text())).toContain('may carry up to 128 KB')
		expect(visitor.cookies.has('__Host-spencer_session')).toBe(false)
		expect(await sessions()).toBe(before)
	})

	test('a chunked body within the limit reads as sent', async () => {
		const visitor = new Browser(app)
		const response = await visitor.request('/auth/login', {
			method: 'POST',
			headers: { 'Content-Type': FORM, Origin: app.url },
			body: chunked('intent=password&email=teacher%40oakfield.test&password=Spencer!2026'),
			duplex: 'half',
		} as RequestInit)
		expect(response.status).toBe(302)
		expect(visitor.cookies.has('__Host-spencer_session')).toBe(true)
	})

	test('the largest real form fits: a recommendation whose 10,000-character description is all 3-byte characters (about 90 KB posted) is saved', async () => {
		const [theme] = await app.sql<{ id: string }>('select id from theme limit 1')
		const form = { intent: 'create-recommendation', title: '€'.repeat(255), description: '€'.repeat(10_000), themeId: theme?.id ?? '', severity: 'high' }
		const posted = new URLSearchParams(form).toString().length
		expect(posted).toBeGreaterThan(64 * 1024)
		expect(posted).toBeLessThan(FORM_LIMIT)
		const response = await admin.post('/spencer-admin/questionnaires/recommendations', form)
		expect(response.status).toBe(302)
		expect(await app.sql('select id from recommendation where title = ?', ['€'.repeat(255)])).toHaveLength(1)
	})

	test('an import screen takes its 5 MB file (the screen itself refuses a larger file); past its limit the guard refuses it unread, in the same words', async () => {
		const within = multipart({ intent: 'check' }, { name: 'students.csv', bytes: 6 * 1024 * 1024 })
		const screen = await office.request('/school-admin/students/import', { method: 'POST', body: within.body, headers: { 'Content-Type': within.type, Origin: app.url } })
		expect(screen.status).toBe(413)
		expect(textOf(await screen.text())).toContain('The file is larger than 5 MB. Split it into smaller files and import each one.')

		const over = multipart({ intent: 'check' }, { name: 'students.csv', bytes: 7 * 1024 * 1024 })
		const guard = await office.request('/school-admin/students/import', { method: 'POST', body: over.body, headers: { 'Content-Type': over.type, Origin: app.url } })
		expect(guard.status).toBe(413)
		const refused = await guard.text()
		expect(textOf(refused)).toContain('The file is larger than 5 MB. Split it into smaller files and import each one.')
		expect(refused).toContain('<a href="/school-admin/students/import">Back to the page</a>')
	})
})

describe('hostile input answers 4xx with a clear message (item 7)', () => {
	test.each([
		['text/plain', 'intent=password'],
		['application/json', '{"intent":"password"}'],
		['multipart/form-data', '--x--'],
		[null, 'intent=password'],
	])('a form posted as %s → 415, nothing read', async (type, body) => {
		const headers: Record<string, string> = { Origin: app.url }
		if (type) headers['Content-Type'] = type
		const response = await new Browser(app).request('/auth/login', { method: 'POST', body, headers })
		expect(response.status).toBe(415)
		expect(textOf(await response.text())).toContain('Forms are sent as application/x-www-form-urlencoded or multipart/form-data.')
	})

	test('JSON endpoints take JSON only: a form → 415 `{ code, message }`', async () => {
		const response = await new Browser(app).request('/api/auth/password', { method: 'POST', body: 'email=a', headers: { 'Content-Type': FORM } })
		expect(response.status).toBe(415)
		expect(await response.json()).toEqual({ code: 415, message: 'The request body must be JSON, sent with Content-Type: application/json.' })
	})

	test('NUL, control characters and bytes that are not UTF-8 in the address → 400', async () => {
		for (const path of ['/school-admin/students/list?q=%00', '/school-admin/students/list?q=a%1Fb', '/school-admin/students/list?q=%FF', '/school-admin/%00', '/auth/login?redirectTo=%0D%0ASet-Cookie:a=b']) {
			const response = await office.request(path)
			expect(response.status, path).toBe(400)
			expect(textOf(await response.text()), path).toContain('The address contains characters that are not allowed.')
		}
	})

	test('NUL in a form field → 400, nothing written; in JSON → 400 `{ code, message }`', async () => {
		const before = await app.sql('select id from student_group')
		const response = await office.post('/school-admin/groups', { intent: 'create-group', name: 'Chess\u0000club', description: '' })
		expect(response.status).toBe(400)
		expect(textOf(await response.text())).toContain('The form contains characters that are not allowed')
		expect(await app.sql('select id from student_group')).toEqual(before)

		const api = await new Browser(app).request('/api/auth/send-reset-password-email', { method: 'POST', json: { email: 'office@oakfield.test\u0000' } })
		expect(api.status).toBe(400)
		expect(await api.json()).toMatchObject({ code: 400 })
	})

	test('JSON nested 60,000 deep (120 KB, under the size limit) → 400 `{ code, message }`, not a stack overflow; 32 deep is read', async () => {
		const post = (body: string) =>
			new Browser(app).request('/api/auth/send-reset-password-email', { method: 'POST', body, headers: { 'Content-Type': 'application/json', Origin: app.url } })
		const deep = await post(`${'['.repeat(60_000)}${']'.repeat(60_000)}`)
		expect(deep.status).toBe(400)
		expect(await deep.json()).toEqual({ code: 400, message: "The request nests its data more than 32 levels deep, which no form or API of Spencer's sends." })
		// A shallower body passes the guard and is answered by the route, as any body it cannot use.
		const shallow = await post(JSON.stringify({ email: JSON.parse(`${'['.repeat(31)}"a"${']'.repeat(31)}`) }))
		expect(shallow.status).toBeGreaterThanOrEqual(400)
		expect(shallow.status).toBeLessThan(500)
		expect((await shallow.json()).message).not.toContain('levels deep')
	})

	test('line breaks and tabs belong in a textarea only: a description may have them, a name may not', async () => {
		const refused = await office.post('/school-admin/groups', { intent: 'create-group', name: 'Chess\r\nclub', description: '' })
		expect(refused.status).toBe(400)
		const tab = await office.post('/school-admin/groups', { intent: 'create-group', name: 'Chess\tclub', description: '' })
		expect(tab.status).toBe(400)
		const saved = await office.post('/school-admin/groups', { intent: 'create-group', name: 'Chess club', description: 'Tuesdays.\r\n\r\n\tIn the library.' })
		expect(saved.status).toBe(302)
		expect(await app.sql('select description from student_group where name = ?', ['Chess club'])).toEqual([{ description: 'Tuesdays.\r\n\r\n\tIn the library.' }])
	})

	test('CR/LF in redirectTo at sign-in → 400, and no session row is left behind', async () => {
		const before = await sessions()
		const visitor = new Browser(app)
		const response = await visitor.post('/auth/login', {
			intent: 'password',
			email: 'teacher@oakfield.test',
			password: 'Spencer!2026',
			redirectTo: '/professional\r\nSet-Cookie: evil=1',
		})
		expect(response.status).toBe(400)
		expect(visitor.cookies.has('__Host-spencer_session')).toBe(false)
		expect(await sessions()).toBe(before)
	})

	test('a non-UUID id: 404 in the path, 400 when posted (the directory’s membership ids)', async () => {
		const path = await admin.request('/spencer-admin/schools/not-a-uuid')
		expect(path.status).toBe(404)
		expect(textOf(await path.text())).toContain('Page not found')

		const posted = await office.post('/school-admin/directory', { intent: 'set-role', id: 'not-a-uuid', role: 'professional' })
		expect(posted.status).toBe(400)
		expect(textOf(await posted.text())).toContain('The form names a record that does not exist.')
	})

	test('a page past the last a list can have → 400 with a message', async () => {
		const response = await office.request('/school-admin/students/list?page=99999999999999999999')
		expect(response.status).toBe(400)
		expect(textOf(await response.text())).toContain('The page number is too large: a list has at most 10,000 pages.')
	})

	test('PUT, PATCH, DELETE and OPTIONS → 405 before any route: a page’s action never runs for them, and nothing is written', async () => {
		const [student] = await app.sql<{ id: string }>(
			"select s.id from student s join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' and not s.archived order by s.upn limit 1",
		)
		const path = `/school-admin/students/list/${student!.id}`
		const audits = async () => Number((await app.sql<{ n: number }>("select count(*)::int as n from audit_event where action = 'student.archive'"))[0]?.n)
		const before = await audits()
		for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
			const response = await office.request(path, { method, form: { intent: 'archive' } })
			expect(response.status, method).toBe(405)
			expect(response.headers.get('Allow'), method).toBe('GET, HEAD, POST')
			expect(textOf(await response.text()), method).toContain('takes forms sent with POST')
			// The same from the router's own data address, and under /api as JSON.
			expect((await office.request(`${path}.data`, { method, form: { intent: 'archive' } })).status, method).toBe(405)
		}
		const api = await office.request('/api/me/', { method: 'DELETE' })
		expect(api.status).toBe(405)
		expect(api.headers.get('Allow')).toBe('GET, HEAD')
		expect(await audits()).toBe(before)
		expect((await app.sql<{ archived: boolean }>('select archived from student where id = ?', [student!.id]))[0]?.archived).toBe(false)
		// The page itself still answers a read, and a form's POST.
		expect((await office.request(path)).status).toBe(200)
	})

	test('a POST where no form is handled → 405 in our words, never the route’s module: a page, a CSV, the health check', async () => {
		const expected = 'Nothing can be sent to this address. Go back and try again from the page you were on.'
		const page = await office.post('/school-admin/students/list', { q: 'a' })
		expect(page.status).toBe(405)
		const text = textOf(await page.text())
		expect(text).toContain(expected)
		expect(text).not.toMatch(/action|routes\//)
		for (const path of ['/school-admin/what-helps.csv', '/healthz']) {
			const response = await office.post(path, { q: 'a' })
			expect(response.status, path).toBe(405)
			expect(await response.json(), path).toEqual({ code: 405, message: expected })
		}
	})
})
