import { randomBytes } from 'node:crypto'
import { matchRoutes } from 'react-router'
import { afterAll, expect, test, vi } from 'vitest'
import { failWrites } from '../support/failing-writes.ts'
import { ACTING_AS_FIELD } from '#app/lib/acting-as.ts'
import { itemsOf } from '../support/fake-sentry.ts'
import { Browser, startApp, type TestApp } from './app.ts'
import { routeTable, type RouteEntry } from './route-table.ts'

/**
 * Issue 12's sentinel: a unique marker is posted through every field of every
 * form of every action in app/routes.ts while writes fail, and what reaches
 * Sentry holds none of the markers and no cookie.
 *
 * The forms are found, not listed: each role of the demo signs in, opens every
 * page of its areas that the route table names (and the pages and modals they
 * link to, which brings the seed's real ids), and keeps each
 * `<form method="post">` with its fields; every action route must end up with
 * at least one. Each form is posted twice: every field a marker (intent
 * included), and with its hidden fields and submit button kept (so the action
 * goes as far as writing) and every other field a marker. Writes then fail in
 * the database with an error that repeats the row (tests/support/failing-writes.ts).
 */

type Role = { name: string; email?: string; areas: string[]; start: string[]; follow: boolean; prepare?: (browser: Browser) => Promise<void> }
type Field = { name: string; type: string; value: string }
type FormCase = { route: RouteEntry; role: string; action: string; multipart: boolean; fields: Field[]; submitter: Field | null; json?: boolean }

const app: TestApp = await startApp({ AUTH_POSTS_PER_MINUTE: '100000', SENTRY_TRACES_SAMPLE_RATE: '1' })
afterAll(() => app.close())

const table = routeTable()
const matchable = table.map((route) => ({ path: route.pattern, id: route.id }))
const routeOf = (pathname: string) => {
	const id = matchRoutes(matchable, pathname)?.at(-1)?.route.id
	return table.find((route) => route.id === id) ?? null
}
const [oakfield] = await app.sql<{ id: string }>("select id from school where subdomain = 'oakfield'")
const [teacher] = await app.sql<{ id: string }>("select id from users where email = 'teacher@oakfield.test'")

// Links the seed mailed (invitations) and a reset link: the set-password forms only show with a real token.
await new Browser(app).post('/auth/forgot-password', { email: 'senco@oakfield.test' })
// The reset mail leaves after the answer, from the job system.
await app.mail((mail) => mail.to.includes('senco@oakfield.test') && mail.body.includes('/auth/new-password'))
const mailedLinks = app.outbox().flatMap((mail) =>
	[...mail.body.matchAll(/https?:\/\/\S+/g)].map((match) => {
		const link = new URL(match[0])
		return `${link.pathname}${link.search}`
	}),
)

// Forms that show only beside data the demo does not seed: a transfer each way for Oakfield, and a recommendation on a
// student's profile. Made through the app's own forms; their pages open first.
async function prime() {
	const riversideOffice = new Browser(app)
	await riversideOffice.signIn('office@riverside.test')
	const oakfieldOffice = new Browser(app)
	await oakfieldOffice.signIn('office@oakfield.test')
	const first = async (subdomain: string) =>
		(await app.sql<{ id: string }>('select s.id from student s join school on school.id = s.school_id where school.subdomain = ? order by s.upn limit 1', [subdomain]))[0]!.id
	for (const [browser, from, to] of [[riversideOffice, 'riverside', 'oakfield'], [oakfieldOffice, 'oakfield', 'riverside']] as const) {
		const sent = await browser.post(`/school-admin/students/list/${await first(from)}?modal=transfer-student`, { intent: 'transfer', destination: to, note: 'Moving.' })
		expect(sent.status).toBe(302)
	}
	const senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	const list = await (await senco.request('/need-manager/recommendations')).text()
	const review = /href="(\/need-manager\/recommendations\/[0-9a-f-]{36})"/.exec(list)![1]!
	const offered = /name="recommendation"[^>]*value="([0-9a-f-]{36})"/.exec(await (await senco.request(review)).text())![1]!
	expect((await senco.post(review, { intent: 'add', recommendation: offered })).status).toBe(302)
	const [added] = await app.sql<{ student_id: string }>("select student_id from student_recommendation where status = 'active' limit 1")
	return {
		profileWithRecommendation: `/students/profile/${added!.student_id}`,
		needManagerReview: await answeredInFull('senco@oakfield.test', 'need-manager'),
		professionalReview: await answeredInFull('teacher@oakfield.test', 'professional'),
	}
}

/**
 * The review step's Submit shows only once every question is answered: one feedback the user owes gets an answer to
 * each of its questions (as the stepper would save them), and its review page opens first.
 */
async function answeredInFull(email: string, area: string) {
	const [owed] = await app.sql<{ id: string }>(
		`select f.id from feedback f
		join round r on r.id = f.round_id
		join profile p on p.id = r.profile_id
		join school_membership m on m.id = f.respondent_id
		join users u on u.id = m.user_id
		where u.email = ? and f.status <> 'complete' and p.status = 'active' and r.opens_on <= current_date
		order by f.id limit 1`,
		[email],
	)
	await app.sql(
		`insert into answer (id, created_at, updated_at, feedback_id, question_id, value)
		select gen_random_uuid(), now(), now(), f.id, q.id, 2
		from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id
		join domain d on d.questionnaire_id = p.questionnaire_id join question q on q.domain_id = d.id
		where f.id = ?
		on conflict do nothing`,
		[owed!.id],
	)
	await app.sql("update feedback set status = 'inProgress' where id = ?", [owed!.id])
	return `/${area}/questionnaires/${owed!.id}/domains?step=review`
}
const primed = await prime()

const ROLES: Role[] = [
	{ name: 'visitor', areas: ['auth', 'ui-kit'], start: mailedLinks, follow: true },
	{
		name: 'admin waiting for the code',
		areas: ['auth'],
		start: ['/auth/login'],
		follow: false,
		prepare: async (browser) => void (await browser.post('/auth/login', { intent: 'password', email: 'admin@spencer.test', password: 'Spencer!2026' })),
	},
	{ name: 'platform admin', email: 'admin@spencer.test', areas: ['spencer-admin'], start: [], follow: true },
	{ name: 'school admin', email: 'office@oakfield.test', areas: ['school-admin', 'settings'], start: [], follow: true },
	{ name: 'need manager', email: 'senco@oakfield.test', areas: ['need-manager', 'students'], start: [primed.profileWithRecommendation, primed.needManagerReview], follow: true },
	{ name: 'professional', email: 'teacher@oakfield.test', areas: ['professional', 'students'], start: [primed.professionalReview], follow: true },
	// Staff of two schools: the header's school switcher.
	{ name: 'staff of two schools', email: 'cover@meadowview.test', areas: ['need-manager'], start: ['/need-manager'], follow: false },
	{
		name: 'platform admin impersonating',
		email: 'admin@spencer.test',
		areas: ['professional'],
		start: ['/professional'],
		follow: false,
		prepare: async (browser) => void (await browser.post(`/spencer-admin/schools/${oakfield!.id}`, { intent: 'impersonate', userId: teacher!.id })),
	},
]

function decode(value: string) {
	return value
		.replace(/&quot;/g, '"')
		.replace(/&#x27;|&#39;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&')
}

/** A tag's attributes: React writes them regularly (double quotes, escaped), so a pattern reads them. */
function attributes(tag: string): Record<string, string> {
	const found: Record<string, string> = {}
	for (const [, name, value] of tag.matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) found[name!.toLowerCase()] = decode(value ?? '')
	return found
}

/** Every `<form method="post">` of a page, with its fields and each of its named submit buttons. */
function formsOf(html: string, pageUrl: URL): { action: URL; multipart: boolean; fields: Field[]; submitters: Field[] }[] {
	const forms = []
	for (const [, open = '', inner = ''] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
		const form = attributes(open)
		if ((form.method ?? 'get').toLowerCase() !== 'post') continue
		const fields: Field[] = []
		const submitters: Field[] = []
		for (const [tag = '', kind = ''] of inner.matchAll(/<(input|select|textarea|button)\b[^>]*>/g)) {
			const field = attributes(tag)
			if (!field.name) continue
			const type = kind === 'input' ? (field.type ?? 'text') : kind
			if (kind === 'button' ? (field.type ?? 'submit') === 'submit' : type === 'submit') submitters.push({ name: field.name, type: 'submit', value: field.value ?? '' })
			else if (kind !== 'button') fields.push({ name: field.name, type, value: field.value ?? '' })
		}
		forms.push({ action: new URL(form.action ?? pageUrl.href, pageUrl), multipart: form.enctype === 'multipart/form-data' || fields.some((field) => field.type === 'file'), fields, submitters })
	}
	return forms
}

const browsers = new Map<string, Browser>()
const cases = new Map<string, FormCase>()

/** Opens a role's pages (its areas' routes from the table, then what they link to) and keeps the forms it finds. */
async function crawl(role: Role) {
	const browser = new Browser(app)
	if (role.email) await browser.signIn(role.email)
	await role.prepare?.(browser)
	browsers.set(role.name, browser)
	const inArea = (pathname: string) => role.areas.some((area) => pathname === `/${area}` || pathname.startsWith(`/${area}/`))
	const fromTable = role.follow
		? table.filter((route) => route.hasLoader && route.params.every((param) => route.pattern.includes(`:${param}?`)) && inArea(route.pattern)).map((route) => route.pattern.replace(/\/:[A-Za-z]+\?/g, ''))
		: []
	const queue = [...role.start, ...fromTable]
	const seen = new Set<string>()
	while (queue.length > 0) {
		const url = new URL(queue.shift()!, app.url)
		const route = routeOf(url.pathname)
		// A modal, or a step of a screen (the questionnaire's review), is a page of its own.
		const search = new URLSearchParams(url.search)
		const key = `${route?.pattern}?${search.getAll('modal').sort().join(',')}&${search.get('step') ?? ''}`
		if (!route || seen.has(key) || url.origin !== app.url || url.pathname.endsWith('.csv')) continue
		seen.add(key)
		const response = await browser.request(`${url.pathname}${url.search}`)
		const location = response.headers.get('Location')
		if (location) queue.unshift(location)
		if (response.status !== 200 || !response.headers.get('Content-Type')?.includes('text/html')) {
			await response.body?.cancel()
			continue
		}
		const html = await response.text()
		for (const form of formsOf(html, url)) {
			const target = routeOf(form.action.pathname)
			if (!target?.hasAction) continue
			for (const submitter of form.submitters.length > 0 ? form.submitters : [null]) {
				const id = `${target.pattern} ${form.fields.map((field) => field.name).sort().join(',')} ${submitter ? `${submitter.name}=${submitter.value}` : ''}`
				if (cases.has(id)) continue
				cases.set(id, { route: target, role: role.name, action: `${form.action.pathname}${form.action.search}`, multipart: form.multipart, fields: form.fields, submitter })
			}
		}
		if (!role.follow) continue
		for (const [, href = ''] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
			const link = new URL(decode(href), url)
			if (link.origin === app.url && inArea(link.pathname)) queue.push(`${link.pathname}${link.search}`)
		}
	}
}

for (const role of ROLES) await crawl(role)
// The JSON endpoints have no page: their fields are the API's (README, api/auth).
for (const route of table.filter((entry) => entry.hasAction && entry.pattern.startsWith('/api/'))) {
	const fields = ['email', 'password', 'token'].map((name) => ({ name, type: name === 'email' ? 'email' : 'text', value: '' }))
	cases.set(route.pattern, { route, role: 'visitor', action: route.pattern, multipart: false, fields, submitter: null, json: true })
}
// The session warning's "Stay signed in" is drawn by JavaScript, when it is due (ADR 099): its fields as it posts them,
// and the plain form's redirectTo.
for (const route of table.filter((entry) => entry.pattern === '/session/extend')) {
	const fields = ['background', 'redirectTo'].map((name) => ({ name, type: 'text', value: '' }))
	cases.set(route.pattern, { route, role: 'professional', action: route.pattern, multipart: false, fields, submitter: null })
}
// Signing out and leaving impersonation end the session the later cases post with: they go last.
const ENDS_SESSION = ['/auth/logout', '/impersonation/exit']
const ordered = [...cases.values()].sort((a, b) => Number(ENDS_SESSION.includes(a.route.pattern)) - Number(ENDS_SESSION.includes(b.route.pattern)))

const markers: string[] = []
function marker() {
	const value = `zq${randomBytes(5).toString('hex')}`
	markers.push(value)
	return value
}

function bodyOf(formCase: FormCase, keepHidden: boolean): { body: BodyInit; contentType?: string } {
	const value = (field: Field) => {
		// The school and role a form was drawn for (ADR 108) is the page's, never typed: changed, the post is not run.
		if (field.name === ACTING_AS_FIELD) return field.value
		if (keepHidden && (field.type === 'hidden' || field.type === 'submit')) return field.value
		return field.type === 'email' ? `${marker()}@marker.test` : marker()
	}
	const fields = [...formCase.fields, ...(formCase.submitter ? [formCase.submitter] : [])]
	if (formCase.json) return { body: JSON.stringify(Object.fromEntries(fields.map((field) => [field.name, value(field)]))), contentType: 'application/json' }
	if (formCase.multipart) {
		const form = new FormData()
		for (const field of fields) {
			if (field.type === 'file') form.append(field.name, new Blob([`${marker()},${marker()}\n${marker()},${marker()}\n`], { type: 'text/csv' }), `${marker()}.csv`)
			else form.append(field.name, value(field))
		}
		return { body: form }
	}
	return { body: new URLSearchParams(fields.map((field) => [field.name, value(field)])), contentType: 'application/x-www-form-urlencoded' }
}

/** Signed in again (with writes allowed for the moment) when a case ended the role's session. */
async function stillSignedIn(formCase: FormCase, restore: () => Promise<() => Promise<void>>, lift: () => Promise<void>) {
	const role = ROLES.find((candidate) => candidate.name === formCase.role)!
	const browser = browsers.get(role.name)!
	if (!role.email) return { browser, lift }
	const home = await browser.request('/')
	await home.body?.cancel()
	if (!home.headers.get('Location')?.startsWith('/auth/login')) return { browser, lift }
	await lift()
	const fresh = new Browser(app)
	await fresh.signIn(role.email)
	await role.prepare?.(fresh)
	browsers.set(role.name, fresh)
	return { browser: fresh, lift: await restore() }
}

test(`no marker posted through any field of any form of any action, and no cookie, reaches Sentry (${ordered.length} route × form cases)`, async () => {
	vi.spyOn(console, 'error').mockImplementation(() => undefined)
	// Every action route has forms to post (the catch-all's action only sends home).
	const covered = new Set(ordered.map((formCase) => formCase.route.pattern))
	const uncovered = table.filter((route) => route.hasAction && route.pattern !== '/*' && !covered.has(route.pattern)).map((route) => route.pattern)
	expect(uncovered, 'action routes whose forms no role found').toEqual([])

	const tables = (await app.sql<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'"))
		.map((row) => row.name)
		.filter((name) => !['session', 'rate_limit', 'mikro_orm_migrations'].includes(name))
	const restore = () => failWrites(app.sql, tables)
	let lift = await restore()
	let failed = 0
	const cookies = new Set<string>()
	try {
		for (const formCase of ordered) {
			for (const keepHidden of formCase.fields.some((field) => field.type === 'hidden') || formCase.submitter ? [false, true] : [false]) {
				const signedIn = await stillSignedIn(formCase, restore, lift)
				lift = signedIn.lift
				for (const value of signedIn.browser.cookies.values()) if (value.length >= 8) cookies.add(value)
				const { body, contentType } = bodyOf(formCase, keepHidden)
				const headers: Record<string, string> = { Origin: app.url }
				if (contentType) headers['Content-Type'] = contentType
				const response = await signedIn.browser.request(formCase.action, { method: 'POST', body, headers })
				await response.body?.cancel()
				if (response.status >= 400) failed++
			}
		}
	} finally {
		await lift()
	}
	// Each failed post is one report: a failed write (4xx) or an error (5xx). They must have been sent.
	expect(failed).toBeGreaterThan(ordered.length / 2)
	await app.sentry.waitFor(failed, (item) => item.type === 'event', 60_000)

	const raw = app.sentry.envelopes.map((envelope) => envelope.raw).join('\n').toLowerCase()
	const leaked = markers.filter((value) => raw.includes(value))
	expect(leaked, `markers in the reports: ${leaked.length} of ${markers.length}`).toEqual([])
	expect(cookies.size).toBeGreaterThan(0)
	for (const cookie of cookies) expect(raw).not.toContain(cookie.toLowerCase())
	const reported = [...itemsOf(app.sentry.envelopes, 'event'), ...itemsOf(app.sentry.envelopes, 'transaction')]
	for (const item of reported) {
		const request = item.request as { cookies?: unknown; headers?: Record<string, string> } | undefined
		expect(request?.cookies).toBeUndefined()
		expect(Object.keys(request?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain('cookie')
	}
})
