import { afterAll, beforeAll, expect, test } from 'vitest'
import { Browser, startApp, type TestApp } from './app.ts'

/**
 * WCAG 2.4.2: each screen has a title of its own. Screens that once shared one: the sign-in's two steps, the home's
 * tabs, a student's details (school admin) and profile, a questionnaire's domains, review and each domain's step.
 */
let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000' })
})
afterAll(() => app?.close())

const titleOf = async (browser: Browser, path: string) => {
	const response = await browser.request(path)
	expect(response.status, path).toBe(200)
	return /<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? ''
}

test('no two of these screens share a title', async () => {
	const visitor = new Browser(app)
	const titles: Record<string, string> = { 'sign in': await titleOf(visitor, '/auth/login') }
	expect((await visitor.post('/auth/login', { intent: 'password', email: 'admin@spencer.test', password: 'Spencer!2026' })).status).toBe(302)
	titles['sign-in code'] = await titleOf(visitor, '/auth/login')

	const senco = new Browser(app)
	await senco.signIn('senco@oakfield.test')
	for (const tab of ['', '/feedback', '/students', '/recommendations', '/reviews']) titles[`home${tab}`] = await titleOf(senco, `/need-manager/home${tab}`)
	const [open] = await app.sql<{ feedback_id: string; domain_id: string; student_id: string }>(
		`select f.id as feedback_id, d.id as domain_id, p.student_id from feedback f join round r on r.id = f.round_id join profile p on p.id = r.profile_id
		join domain d on d.questionnaire_id = p.questionnaire_id join school_membership m on m.id = f.respondent_id join users u on u.id = m.user_id
		where u.email = 'senco@oakfield.test' and f.status <> 'complete' and p.status = 'active' order by d.position limit 1`,
	)
	const base = `/need-manager/questionnaires/${open!.feedback_id}/domains`
	titles.domains = await titleOf(senco, base)
	titles.review = await titleOf(senco, `${base}?step=review`)
	titles.step = await titleOf(senco, `${base}/${open!.domain_id}`)
	titles.profile = await titleOf(senco, `/students/profile/${open!.student_id}`)

	const office = new Browser(app)
	await office.signIn('office@oakfield.test')
	titles.details = await titleOf(office, `/school-admin/students/list/${open!.student_id}`)
	titles['profile (school admin)'] = await titleOf(office, `/students/profile/${open!.student_id}`)

	const seen = new Map<string, string>()
	for (const [screen, title] of Object.entries(titles)) {
		expect(title, screen).toMatch(/ · Spencer$/)
		if (screen === 'profile (school admin)') continue // the same screen as the need manager's
		expect(seen.get(title), `${screen} has the title of ${seen.get(title)}: ${title}`).toBeUndefined()
		seen.set(title, screen)
	}
	expect(titles['sign-in code']).toBe('Enter your sign-in code · Spencer')
	expect(titles.review).toMatch(/^Review and submit: /)
	expect(titles['profile (school admin)']).toBe(titles.profile)
	expect(titles.details).not.toBe(titles.profile)
})
