import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'
import { textOf } from './pages.ts'

/**
 * A form carries the school and role it was drawn for (ADR 108). cover@meadowview.test (demo) is need manager at Meadow
 * View, her oldest membership, and school admin at Riverside. Her session acts as one of them for every tab, so a form
 * opened as Riverside's school admin may be sent after another tab has switched to Meadow View: it is not run, and
 * what was typed is kept, to send again after switching back in one press.
 */
let app: TestApp
let meadow = ''
let riverside = ''
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
	const memberships = await app.sql<{ id: string; subdomain: string }>(
		`select m.id, s.subdomain from school_membership m join school s on s.id = m.school_id join users u on u.id = m.user_id
		where u.email = 'cover@meadowview.test'`,
	)
	meadow = memberships.find((row) => row.subdomain === 'meadowview')!.id
	riverside = memberships.find((row) => row.subdomain === 'riverside')!.id
})
afterAll(() => app?.close())

const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
/** The hidden fields of the page's forms, in order (React writes type, then name, then value). */
const hiddenFields = (html: string) => [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"\/>/g)].map(([, name, value]) => [decode(name!), decode(value!)] as [string, string])
const groupsNamed = async (name: string) =>
	(await app.sql<{ school: string }>('select s.subdomain as school from student_group g join school s on s.id = g.school_id where g.name = ?', [name])).map((row) => row.school)

async function signedInAtRiverside() {
	const cover = new Browser(app)
	await cover.signIn('cover@meadowview.test')
	expect((await cover.post('/switch-school', { membershipId: riverside })).status).toBe(302)
	return cover
}

/** The add-group form as Riverside's school admin drew it: its `_as` field. */
async function openAddGroup(cover: Browser) {
	const html = await (await cover.request('/school-admin/groups?modal=add-group')).text()
	const actingAs = hiddenFields(html).find(([name]) => name === '_as')?.[1]
	expect(actingAs).toBe(`${riverside}:schoolAdmin`)
	return actingAs!
}

describe('a form sent after the session switched school in another tab', () => {
	test('is not run: 409, the page says why, keeps the text, and sends it again as Riverside in one press', async () => {
		const cover = await signedInAtRiverside()
		const actingAs = await openAddGroup(cover)
		// Another tab switches to Meadow View.
		expect((await cover.post('/switch-school', { membershipId: meadow })).status).toBe(302)

		const name = 'Kept group <after a switch>'
		const sent = await cover.post('/school-admin/groups', { _as: actingAs, intent: 'create-group', name, description: 'Meets on Fridays\nin the library' })
		expect(sent.status).toBe(409)
		const html = await sent.text()
		const text = textOf(html)
		expect(text).toContain('Not sent: you have switched school or role')
		expect(text).toContain('This form was opened while you were working in Riverside Academy as a school admin.')
		expect(text).toContain('Since then you have started working in Meadow View School as a SENCo / need manager, perhaps in another tab. Nothing was saved.')
		expect(text).toContain('What you typed')
		expect(text).toContain(name)
		expect(text).toContain('Stay in Meadow View School: go to your home page')
		expect(await groupsNamed(name)).toEqual([])
		// Reported as a failed write, as every refused form is, without what was typed (ADR 015).
		const [report] = await app.sentry.waitFor(1, (item) => JSON.stringify(item).includes('POST /school-admin/groups answered 409'))
		expect(JSON.stringify(report)).not.toContain('Kept group')
		expect(app.sentry.envelopes.map((envelope) => envelope.raw).join('\n')).not.toContain('Meets on Fridays')

		// The page's form: the fields as sent, and the switch back.
		expect(html).toContain('action="/school-admin/groups"')
		const resend = hiddenFields(html)
		expect(resend).toEqual([
			['_as', actingAs],
			['intent', 'create-group'],
			['name', name],
			['description', 'Meets on Fridays\nin the library'],
			['_switchBack', '1'],
		])
		const again = await cover.post('/school-admin/groups', Object.fromEntries(resend))
		expect(again.status).toBe(302)
		expect(again.headers.get('Location')).toMatch(/^\/school-admin\/groups\/[0-9a-f-]{36}$/)
		expect(await groupsNamed(name)).toEqual(['riverside'])
		// The session works at Riverside again, and the switch is audited as the header's is.
		expect((await cover.request('/')).headers.get('Location')).toBe('/school-admin')
		const [event] = await app.sql<{ entity_id: string }>("select entity_id from audit_event where action = 'session.switch-school' order by at desc limit 1")
		expect(event!.entity_id).toBe(riverside)
	})

	test('a form for a role since changed, or a membership not the user’s, keeps the text but offers no switch', async () => {
		const cover = await signedInAtRiverside()
		const actingAs = await openAddGroup(cover)
		const name = 'Kept group, role changed'
		await app.sql("update school_membership set role = 'professional' where id = ?", [riverside])
		try {
			// Signed in again, the session reads the new role.
			const again = await signedInAtRiverside()
			for (const [browser, as] of [
				[again, actingAs],
				[again, `00000000-0000-4000-8000-000000000000:schoolAdmin`],
			] as const) {
				const sent = await browser.post('/school-admin/groups', { _as: as, intent: 'create-group', name })
				expect(sent.status).toBe(409)
				const html = await sent.text()
				expect(textOf(html)).toContain('This form was opened for a school or role you no longer have.')
				expect(textOf(html)).toContain(name)
				expect(html).not.toContain('_switchBack')
				// Asking to switch anyway changes nothing.
				expect((await browser.post('/school-admin/groups', { _as: as, _switchBack: '1', intent: 'create-group', name })).status).toBe(409)
			}
			expect(await groupsNamed(name)).toEqual([])
		} finally {
			await app.sql("update school_membership set role = 'schoolAdmin' where id = ?", [riverside])
		}
	})

	test('a password is never written back into the page', async () => {
		const cover = await signedInAtRiverside()
		const actingAs = await openAddGroup(cover)
		expect((await cover.post('/switch-school', { membershipId: meadow })).status).toBe(302)
		const marker = 'Secret-Marker-77!'
		const sent = await cover.post('/school-admin/groups', { _as: actingAs, intent: 'create-group', name: 'Group with a password', newPassword: marker })
		expect(sent.status).toBe(409)
		const html = await sent.text()
		expect(html).not.toContain(marker)
		expect(textOf(html)).toContain('Not kept here, for safety: new password (type it again).')
	})
})

describe('a form sent as the session acts', () => {
	test('runs as before: the same school and role, or no field at all (a page drawn before this field existed)', async () => {
		const cover = await signedInAtRiverside()
		const actingAs = await openAddGroup(cover)
		for (const [name, fields] of [
			['Group sent as drawn', { _as: actingAs }],
			['Group sent without the field', {}],
		] as const) {
			const sent = await cover.post('/school-admin/groups', { ...fields, intent: 'create-group', name })
			expect(sent.status, name).toBe(302)
			expect(await groupsNamed(name)).toEqual(['riverside'])
		}
	})

	test('the account’s own settings and the header’s switcher carry no school', async () => {
		const cover = await signedInAtRiverside()
		const settings = await (await cover.request('/settings/profile')).text()
		expect(hiddenFields(settings).map(([name]) => name)).not.toContain('_as')
		const list = await (await cover.request('/school-admin/groups')).text()
		const switcher = list.slice(list.indexOf('action="/switch-school"'), list.indexOf('</form>', list.indexOf('action="/switch-school"')))
		expect(switcher).not.toContain('name="_as"')
	})
})

describe('a form sent once its session has ended (ADR 114)', () => {
	test('is not run: 401, the page says why and keeps the text; signed in again, one press sends it as drawn', async () => {
		const cover = await signedInAtRiverside()
		const actingAs = await openAddGroup(cover)
		// Another tab signs out.
		expect((await cover.post('/auth/logout', {})).status).toBe(302)

		const name = 'Kept group after signing out'
		const sent = await cover.post('/school-admin/groups', { _as: actingAs, intent: 'create-group', name, description: 'Typed before the session ended' })
		expect(sent.status).toBe(401)
		const html = await sent.text()
		const text = textOf(html)
		expect(text).toContain('Not sent: you are signed out')
		expect(text).toContain('Your session has ended since (you signed out in another tab, or it timed out), so nothing was saved.')
		expect(text).toContain('Typed before the session ended')
		// Nothing of the session's schools is said to a visitor.
		expect(text).not.toContain('Riverside')
		expect(html).toContain('href="/auth/login" target="_blank"')
		expect(await groupsNamed(name)).toEqual([])

		// Signed in again (her session starts at Meadow View, her oldest membership), the page's one press sends it.
		await cover.signIn('cover@meadowview.test')
		const resend = hiddenFields(html)
		expect(resend.at(-1)).toEqual(['_switchBack', '1'])
		const again = await cover.post('/school-admin/groups', Object.fromEntries(resend))
		expect(again.status).toBe(302)
		expect(await groupsNamed(name)).toEqual(['riverside'])
	})

	test('a visitor’s post without the field is sent to sign in, as before', async () => {
		const visitor = new Browser(app)
		const sent = await visitor.post('/school-admin/groups', { intent: 'create-group', name: 'From nowhere' })
		expect(sent.status).toBe(302)
		expect(sent.headers.get('Location')).toMatch(/^\/auth\/login\?redirectTo=/)
	})
})
