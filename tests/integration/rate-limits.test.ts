import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RATE_LIMITS, SIGN_IN_DELAY, signInDelayMs } from '#app/services/rate-limit.server.ts'
import { Browser, latestCode, startApp, type TestApp } from './app.ts'

// TRUST_PROXY=1: X-Forwarded-For is the client's address, so one test acts from several places.
let app: TestApp
beforeAll(async () => {
	app = await startApp({ AUTH_POSTS_PER_MINUTE: '1000', TRUST_PROXY: '1' })
})
afterAll(() => app?.close())

const PASSWORD = 'Spencer!2026'
const from = (address: string) => new Browser(app, { 'X-Forwarded-For': address })
const signInForm = (email: string, password: string) => ({ intent: 'password', email, password })

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
	const start = performance.now()
	const value = await run()
	return { value, ms: performance.now() - start }
}

function expectLimited(response: Response) {
	expect(response.status).toBe(429)
	const retryAfter = Number(response.headers.get('Retry-After'))
	expect(retryAfter).toBeGreaterThan(0)
	// Never an hour: every window is 15 minutes.
	expect(retryAfter).toBeLessThanOrEqual(15 * 60)
}

describe('sign-in: a stranger is limited where they are; the owner is only slowed', () => {
	test('10 wrong passwords from one address: the 11th try there → 429 even with the right password, known or unknown account; the owner signs in from their own address', async () => {
		const stranger = from('203.0.113.10')
		const attack = async (email: string) => {
			const tries: { status: number; ms: number }[] = []
			for (let i = 0; i < RATE_LIMITS.signInFailures.limit; i++) {
				const { value, ms } = await timed(() => stranger.post('/auth/login', signInForm(email, `Wrong!pass${i}`)))
				tries.push({ status: value.status, ms })
			}
			const limited = await stranger.post('/auth/login', signInForm(email, PASSWORD))
			return { tries, limited }
		}
		const [known, unknown] = await Promise.all([attack('office@riverside.test'), attack('nobody@riverside.test')])

		for (const { tries, limited } of [known, unknown]) {
			expect(tries.map((attempt) => attempt.status)).toEqual(Array(10).fill(400))
			// The account's failures so far set the wait before each check: none for the first 5, then growing.
			tries.forEach((attempt, failuresBefore) => expect(attempt.ms).toBeGreaterThanOrEqual(signInDelayMs(failuresBefore) - 5))
			expect(tries.at(-1)!.ms).toBeGreaterThanOrEqual(SIGN_IN_DELAY.maxMs - 5)
			expect(Math.max(...tries.slice(0, 5).map((attempt) => attempt.ms))).toBeLessThan(SIGN_IN_DELAY.maxMs)
			expectLimited(limited)
			expect(await limited.text()).toContain('Too many attempts')
		}
		// The limiter tells no account apart.
		expect(unknown.tries.map((attempt) => attempt.status)).toEqual(known.tries.map((attempt) => attempt.status))

		const owner = from('198.51.100.20')
		const { value: signedIn, ms } = await timed(() => owner.post('/auth/login', signInForm('office@riverside.test', PASSWORD)))
		expect(signedIn.status).toBe(302)
		expect(owner.cookies.has('__Host-spencer_session')).toBe(true)
		expect(ms).toBeLessThan(SIGN_IN_DELAY.maxMs + 2_000)

		// The owner's success starts no count again but their own address's: the stranger's address stays limited.
		expectLimited(await stranger.post('/auth/login', signInForm('office@riverside.test', PASSWORD)))
	})

	test('failures from many addresses never block and never make the owner wait past the cap; a waiting attempt holds no connection', async () => {
		const email = 'senco@oakfield.test'
		const wrongFrom = (n: number) => timed(() => from(`192.0.2.${n}`).post('/auth/login', signInForm(email, 'Wrong!pass1')))
		// Nine at once see no earlier failure: none waits.
		const first = await Promise.all(Array.from({ length: 9 }, (_, n) => wrongFrom(n + 1)))
		expect(first.map(({ value }) => value.status)).toEqual(Array(9).fill(400))

		const slowed = Promise.all(
			Array.from({ length: 10 }, async (_, n) => {
				const attempt = await wrongFrom(n + 20)
				return { ...attempt, doneAt: performance.now() }
			}),
		)
		// Someone else signs in while the ten wait: PGlite has one connection, so a wait that held it would hold this up.
		const other = await new Browser(app).post('/auth/login', signInForm('teacher@meadowview.test', PASSWORD))
		const othersDoneAt = performance.now()
		expect(other.status).toBe(302)

		const attempts = await slowed
		expect(attempts.map(({ value }) => value.status)).toEqual(Array(10).fill(400))
		for (const attempt of attempts) {
			expect(attempt.ms).toBeGreaterThanOrEqual(SIGN_IN_DELAY.maxMs - 5)
			expect(attempt.doneAt).toBeGreaterThan(othersDoneAt)
		}

		// 19 failures in all: the owner still signs in, after at most the cap.
		const owner = from('198.51.100.21')
		const { value: signedIn, ms } = await timed(() => owner.post('/auth/login', signInForm(email, PASSWORD)))
		expect(signedIn.status).toBe(302)
		expect(ms).toBeGreaterThanOrEqual(SIGN_IN_DELAY.maxMs - 5)
		expect(ms).toBeLessThan(SIGN_IN_DELAY.maxMs + 2_000)
	})
})

describe('forgot password', () => {
	const mailsTo = (email: string) => app.outbox().filter((mail) => mail.to.includes(email) && /Reset/.test(mail.subject)).length

	test('a stranger’s requests for the owner’s address are limited at the stranger; the owner’s own request still sends the mail', async () => {
		const email = 'office@meadowview.test'
		const stranger = from('203.0.113.30')
		for (let i = 0; i < RATE_LIMITS.resetMails.limit; i++) {
			expect((await stranger.post('/auth/forgot-password', { email })).status).toBe(200)
		}
		const limited = await stranger.post('/auth/forgot-password', { email })
		expectLimited(limited)
		expect(await limited.text()).toContain('Too many attempts')
		const json = await from('203.0.113.30').request('/api/auth/send-reset-password-email', { method: 'POST', json: { email } })
		expectLimited(json)
		expect(await json.json()).toMatchObject({ code: 429 })

		await app.jobs.settled()
		const before = mailsTo(email)
		const owner = await from('198.51.100.30').post('/auth/forgot-password', { email })
		expect(owner.status).toBe(200)
		// The mail goes out after the answer (ADR 019).
		await app.jobs.settled()
		expect(mailsTo(email)).toBe(before + 1)
	})

	test('one client cannot spread requests over many addresses either', async () => {
		const client = from('203.0.113.31')
		for (let i = 0; i < RATE_LIMITS.resetMailsPerClient.limit; i++) {
			expect((await client.post('/auth/forgot-password', { email: `someone${i}@elsewhere.test` })).status).toBe(200)
		}
		expectLimited(await client.post('/auth/forgot-password', { email: 'office@oakfield.test' }))
		// Another client asking for the same address is not held up.
		expect((await from('203.0.113.32').post('/auth/forgot-password', { email: 'office@oakfield.test' })).status).toBe(200)
	})
})

describe('the e-mailed code', () => {
	test('wrong codes are limited per user: signing in again or a new code gives no fresh attempts; a password reset ends the hold', async () => {
		const email = 'senco@meadowview.test'
		await app.sql('update users set mfa_enabled = true where email = ?', [email])
		const browser = from('198.51.100.40')
		const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000')

		// Two pending sign-ins, 5 wrong codes each (the most one pending sign-in allows).
		for (let round = 0; round < RATE_LIMITS.codeAttempts.limit / 5; round++) {
			expect((await browser.post('/auth/login', signInForm(email, PASSWORD))).status).toBe(302)
			const code = latestCode(app, email)
			for (let i = 0; i < 5; i++) expect((await browser.post('/auth/login', { intent: 'code', code: wrongCode(code) })).status).toBe(400)
		}
		expect((await browser.post('/auth/login', signInForm(email, PASSWORD))).status).toBe(302)
		const limited = await browser.post('/auth/login', { intent: 'code', code: latestCode(app, email) })
		expectLimited(limited)
		expect(await limited.text()).toContain('Too many attempts')
		expect((await browser.post('/auth/login', { intent: 'resend' })).status).toBe(302)
		expectLimited(await browser.post('/auth/login', { intent: 'code', code: latestCode(app, email) }))
		expect(browser.cookies.has('__Host-spencer_session')).toBe(false)

		// The owner resets the password (whoever spent the attempts had the old one) and signs in at once.
		await from('198.51.100.41').post('/auth/forgot-password', { email })
		const mail = await app.mail((message) => message.to.includes(email) && /Reset/.test(message.subject))
		const token = new URL(/https?:\/\/\S+new-password\?\S+/.exec(mail.body)![0]).searchParams.get('token')!
		const owner = from('198.51.100.41')
		expect((await owner.post('/auth/new-password', { email, token, password: 'Meadow-Fresh!27' })).status).toBe(302)
		await owner.signIn(email, 'Meadow-Fresh!27')
		expect(owner.cookies.has('__Host-spencer_session')).toBe(true)
	})
})

describe('the current password on /settings/profile', () => {
	test('is limited per user: after 5 wrong ones even the right one → 429, in every session of the user', async () => {
		const email = 'teacher@oakfield.test'
		const laptop = new Browser(app)
		const phone = new Browser(app)
		await laptop.signIn(email)
		await phone.signIn(email)
		const change = (browser: Browser, currentPassword: string) =>
			browser.post('/settings/profile', { intent: 'password', currentPassword, newPassword: 'Another!Pass9' })

		for (let i = 0; i < RATE_LIMITS.currentPassword.limit; i++) {
			const wrong = await change(laptop, `Guess!${i}`)
			expect(wrong.status).toBe(400)
			expect(await wrong.text()).toContain('That is not your current password.')
		}
		const limited = await change(laptop, PASSWORD)
		expectLimited(limited)
		expect(await limited.text()).toContain('Too many attempts')
		expectLimited(await change(phone, PASSWORD))

		// Nothing changed: the old password still signs in.
		expect((await new Browser(app).post('/auth/login', signInForm(email, PASSWORD))).status).toBe(302)
	})
})
