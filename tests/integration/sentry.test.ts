import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { failWrites } from '../support/failing-writes.ts'
import { itemsOf, type EnvelopeItem } from '../support/fake-sentry.ts'
import { Browser, startApp, type TestApp } from './app.ts'

// The production configuration (tests/integration/app.ts), every transaction sampled so each can be checked.
let app: TestApp
let office: Browser
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', SENTRY_TRACES_SAMPLE_RATE: '1' })
	office = new Browser(app)
	await office.signIn('office@oakfield.test')
})
afterAll(() => app?.close())

const userId = async (email: string) => (await app.sql<{ id: string }>('select id from users where email = ?', [email]))[0]!.id
const sessionCookie = (browser: Browser) => browser.cookies.get('__Host-spencer_session')!

/** The events and transactions sent so far, as Sentry would store them. */
function sent() {
	return { events: itemsOf(app.sentry.envelopes, 'event'), transactions: itemsOf(app.sentry.envelopes, 'transaction'), all: JSON.stringify(app.sentry.envelopes.map((envelope) => envelope.raw)) }
}

async function eventWith(message: RegExp) {
	const [item] = await app.sentry.waitFor(1, (candidate) => candidate.type === 'event' && message.test(JSON.stringify(candidate.payload)))
	return item!.payload as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('a failed write (4xx)', () => {
	test('is reported with the user id, the payload by field names and sizes, and the answer: no value, no cookie', async () => {
		const response = await office.post('/settings/profile', {
			intent: 'password',
			currentPassword: 'Spencer!2026',
			newPassword: 'weakmarkerq1',
			confirmPassword: 'weakmarkerq2',
		})
		expect(response.status).toBe(400)
		const event = await eventWith(/POST \/settings\/profile answered 400/)
		expect(event.level).toBe('warning')
		expect(event.user).toEqual({ id: await userId('office@oakfield.test') })
		expect(event.environment).toBe('prod')
		expect(event.release).toBe('test')
		expect(event.tags).toMatchObject({ impersonated: 'no', route: '/settings/profile' })
		expect(event.extra.payload).toEqual({ intent: '[8 characters]', currentPassword: '[Filtered]', newPassword: '[Filtered]', confirmPassword: '[Filtered]' })
		expect(event.contexts.response.status_code).toBe(400)
		expect(event.contexts.response.text).toContain('Add at least 1 uppercase letter')
		expect(event.request.headers).not.toHaveProperty('cookie')
		const { all } = sent()
		for (const secret of ['Spencer!2026', 'weakmarkerq1', 'weakmarkerq2', sessionCookie(office)]) expect(all).not.toContain(secret)
	})

	test('of a form: the answer without what it echoes of the form, so a short name (Ava Li) is not sent either', async () => {
		const [student] = await app.sql<{ id: string }>("select s.id from student s join school sc on sc.id = s.school_id where sc.subdomain = 'oakfield' order by s.upn limit 1")
		const response = await office.post(`/school-admin/students/list/${student!.id}`, { intent: 'save', firstName: 'Ava', lastName: 'Li', dateOfBirth: '2026-13-01' })
		expect(response.status).toBe(400)
		const event = await eventWith(/POST \/school-admin\/students\/list\/\[id\] answered 400|POST \/school-admin\/students\/list\/[^ ]+ answered 400/)
		const text = event.contexts.response.text as string
		expect(text).toContain('Enter a real date')
		expect(text).not.toContain('initialValue')
		expect(text).not.toMatch(/\bAva\b|\bLi\b/)
	})

	test('of the JSON API: the masked answer, never the e-mail or the password', async () => {
		const response = await new Browser(app).request('/api/auth/reset-password', {
			method: 'POST',
			json: { email: 'apimarker@oakfield.test', password: 'Apimarker!pass', token: 'tokenmarker-0123456789' },
		})
		expect(response.status).toBeGreaterThanOrEqual(400)
		const event = await eventWith(/POST \/api\/auth\/reset-password answered 4\d\d/)
		expect(event.extra.payload).toEqual({ email: '[Filtered]', password: '[Filtered]', token: '[Filtered]' })
		expect(event.contexts.response.text.length).toBeGreaterThan(0)
		const { all } = sent()
		for (const secret of ['apimarker', 'Apimarker!pass', 'tokenmarker']) expect(all).not.toContain(secret)
	})
})

describe('a server error during a write', () => {
	test('is reported with its exception, the masked payload, and the values the database error repeats taken out', async () => {
		vi.spyOn(console, 'error').mockImplementation(() => undefined)
		const lift = await failWrites(app.sql, ['users'])
		try {
			const response = await office.post('/settings/profile', { intent: 'name', firstName: 'Zedmarkerfirst', lastName: 'Okafor Zedmarkerlast' })
			expect(response.status).toBe(500)
		} finally {
			await lift()
		}
		const event = await eventWith(/forced failure for the error-report tests/)
		expect(event.exception.values[0].value).toContain('[Filtered]')
		expect(event.user).toEqual({ id: await userId('office@oakfield.test') })
		expect(event.extra.payload).toEqual({ intent: '[4 characters]', firstName: '[14 characters]', lastName: '[20 characters]' })
		const { all } = sent()
		for (const secret of ['Zedmarkerfirst', 'Zedmarkerlast', 'office@oakfield.test', sessionCookie(office)]) expect(all).not.toContain(secret)
	})
})

describe('while a platform admin impersonates', () => {
	test('the user is the impersonated one (by id), a tag says so, another names them', async () => {
		const admin = new Browser(app)
		await admin.signIn('admin@spencer.test')
		const [school] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
		await admin.post(`/spencer-admin/schools/${school!.id}`, { intent: 'impersonate', userId: await userId('teacher@oakfield.test') })
		const response = await admin.post('/settings/profile', { intent: 'name', firstName: '', lastName: '' })
		expect(response.status).toBe(400)
		const event = await eventWith(/"impersonated":"yes"/)
		expect(event.user).toEqual({ id: await userId('teacher@oakfield.test') })
		expect(event.tags).toMatchObject({ impersonated: 'yes', impersonated_email: 'teacher@oakfield.test', impersonator_id: await userId('admin@spencer.test') })
		expect(sent().all).not.toContain(admin.cookies.get('__Host-spencer_impersonation'))
	})
})

describe('transactions', () => {
	test('carry no cookie, no credential header, no query value and no e-mail address', async () => {
		const visitor = new Browser(app, { Authorization: 'Bearer authmarkerq' })
		await visitor.request('/auth/new-password?token=tokenmarkerq&email=querymarker%40oakfield.test')
		await office.request('/school-admin/students/list?search=searchmarkerq')
		const named = (pattern: RegExp) => (item: EnvelopeItem) => item.type === 'transaction' && pattern.test((item.payload as { transaction: string }).transaction)
		await app.sentry.waitFor(1, named(/^GET \/auth\/new-password/))
		await app.sentry.waitFor(1, named(/^GET \/school-admin\/students\/list/))
		const { all } = sent()
		for (const secret of ['tokenmarkerq', 'querymarker', 'searchmarkerq', 'authmarkerq', sessionCookie(office), 'spencer_session']) {
			expect(all).not.toContain(secret)
		}
	})
})
