import { describe, expect, test } from 'vitest'
import { FILTERED, isSensitiveKey, maskPayload, maskResponseText, Scrubber, scrubEvent } from './report-masking.ts'

describe('fields named like a secret', () => {
	test('password, token, address, code and every secret-like name, at any depth, in any spelling', () => {
		for (const key of ['password', 'currentPassword', 'new_password', 'passwd', 'pwd', 'token', 'resetToken', 'address', 'addressLine1', 'code', 'totp_code', 'otp', 'secret', 'clientSecret', 'auth', 'authorization', 'session', 'sessionId', 'cookie', 'set-cookie', 'csrf', 'x-csrf-token', 'apiKey', 'api_key', 'email', 'sid', 'jwt']) {
			expect(isSensitiveKey(key), key).toBe(true)
		}
		for (const key of ['firstName', 'intent', 'status_code', 'statusCode', 'http.response.status_code', 'code.lineno', 'monkey', 'author']) {
			expect(isSensitiveKey(key), key).toBe(false)
		}
		expect(
			scrubEvent({ extra: { name: 'n', password: 'x', nested: { newPassword: 'y', resetToken: 'z', address: '1 Lane', postcode: 'B1' } } }).extra,
		).toEqual({ name: 'n', password: FILTERED, nested: { newPassword: FILTERED, resetToken: FILTERED, address: FILTERED, postcode: FILTERED } })
	})
})

describe('a payload is reported by its field names and the size of each value, never a value', () => {
	test('form fields, nested JSON, files; an unreadable body by its length', () => {
		expect(maskPayload({ intent: 'password', email: 'a@b.test', password: 'Secret!1', note: 'Sam is anxious', count: 3, on: true })).toEqual({
			intent: '[8 characters]',
			email: FILTERED,
			password: FILTERED,
			note: '[14 characters]',
			count: '[number]',
			on: true,
		})
		expect(maskPayload({ rows: [{ upn: 'A123' }], file: new File(['x,y'], 'Year 6.csv') })).toEqual({
			rows: [{ upn: '[4 characters]' }],
			file: '[file, 3 bytes]',
		})
		expect(maskPayload('\u0000binary')).toBe('[7 characters not reported]')
	})
})

describe('Scrubber takes values out of any text', () => {
	test('the request’s own values, whole and word by word; e-mail addresses; query values', () => {
		const scrubber = new Scrubber(['Sam Okafor', 'mk7q2', 'on'])
		expect(scrubber.text('insert into student values (\'Sam Okafor\') - duplicate')).toBe(`insert into student values ('${FILTERED}') - duplicate`)
		expect(scrubber.text('Key (last_name)=(Okafor) already exists')).toBe(`Key (last_name)=(${FILTERED}) already exists`)
		expect(scrubber.text('mail to jo.bloggs+x@school.sch.uk failed')).toBe('mail to [email] failed')
		expect(scrubber.text('/auth/new-password?token=abc123&email=a%40b.test#top')).toBe(`/auth/new-password?token=${FILTERED}&email=${FILTERED}#top`)
		// Short and trivial values would blank out every text: kept.
		expect(scrubber.text('turned on')).toBe('turned on')
	})

	test('a failed write’s answer loses short posted values too (a child named Ava Li), which other texts keep', () => {
		const answer = '{"status":"error","error":{"dateOfBirth":["Enter a real date"]},"name":"Ava Li","note":"Li on Ava"}'
		const masked = maskResponseText(answer, ['Ava', 'Li', 'on', 'save'])
		expect(masked).not.toMatch(/\bAva\b|\bLi\b/)
		expect(masked).toContain('Enter a real date')
		expect(new Scrubber(['Ava', 'Li']).text('Ava Li')).toBe('Ava Li')
	})

	test('a response text is scrubbed before it is cut short, so no half value is left', () => {
		const text = `${'x'.repeat(1990)} secretvalue123 and more`
		const masked = maskResponseText(text, ['secretvalue123'], 2000)
		expect(masked).not.toContain('secretval')
		expect(masked).toMatch(/… \[\d+ more characters\]$/)
	})
})

describe('scrubEvent: clicks and keys', () => {
	test('a click’s selector keeps its attributes’ names, never their values (a button named after a person)', () => {
		const click = { category: 'ui.click', message: 'div.flex > button.px-3[aria-label="Impersonate Jane Doe"][title=\'Jane\'][name=resend]' }
		expect(scrubEvent(click).message).toBe('div.flex > button.px-3[aria-label][title][name]')
		const event = { message: 'boom', breadcrumbs: [click, { category: 'navigation', message: 'to /a[b="c"]' }] }
		expect(scrubEvent(event).breadcrumbs).toEqual([
			{ category: 'ui.click', message: 'div.flex > button.px-3[aria-label][title][name]' },
			{ category: 'navigation', message: 'to /a[b="c"]' },
		])
	})
})

describe('scrubEvent', () => {
	const event = {
		event_id: 'abc123abc123',
		message: 'failed for sarah@oakfield.test',
		request: {
			url: 'https://spencer.test/auth/new-password?token=tok-value-1&email=sarah%40oakfield.test',
			query_string: 'token=tok-value-1&email=sarah%40oakfield.test',
			method: 'POST',
			data: 'password=Very-Secret!99&firstName=Sarahmarker',
			cookies: { '__Host-spencer_session': 'session-value-1' },
			headers: {
				Cookie: '__Host-spencer_session=session-value-1',
				Authorization: 'Bearer auth-value-1',
				'User-Agent': 'Mozilla/5.0',
				'X-Forwarded-For': '203.0.113.9',
				Referer: 'https://spencer.test/auth/login?redirectTo=%2Fstudents',
			},
		},
		user: { id: 'user-1', email: 'sarah@oakfield.test', ip_address: '203.0.113.9' },
		tags: { impersonated: 'yes', impersonated_email: 'teacher@oakfield.test' },
		contexts: { response: { status_code: 400, headers: { 'Set-Cookie': 'x=set-cookie-value-1' } } },
		exception: { values: [{ value: 'duplicate key (first_name)=(Sarahmarker)', stacktrace: { frames: [{ vars: { password: 'x' }, lineno: 3 }] } }] },
		breadcrumbs: [{ category: 'console', message: 'Mail written: "Reset" to sarah@oakfield.test' }],
		spans: [{ span_id: 'span1', data: { 'http.request.header.cookie': 'session-value-1', 'http.request.header.user_agent': 'x', 'url.full': '/x?token=tok-value-1', 'http.query': 'token=tok-value-1' } }],
	}

	test('drops bodies, cookies and credentials; masks values, addresses and query values; keeps the user id and the tags', () => {
		const scrubbed = scrubEvent(event)
		const sent = JSON.stringify(scrubbed)
		for (const secret of ['Very-Secret!99', 'Sarahmarker', 'session-value-1', 'auth-value-1', 'tok-value-1', 'sarah@oakfield.test', 'sarah%40oakfield.test', '203.0.113.9', 'set-cookie-value-1']) {
			expect(sent).not.toContain(secret)
		}
		expect(scrubbed.request).not.toHaveProperty('data')
		expect(scrubbed.request).not.toHaveProperty('cookies')
		expect(scrubbed.request.headers).toEqual({ 'User-Agent': 'Mozilla/5.0', Referer: `https://spencer.test/auth/login?redirectTo=${FILTERED}` })
		expect(scrubbed.request.url).toBe(`https://spencer.test/auth/new-password?token=${FILTERED}&email=${FILTERED}`)
		expect(scrubbed.user).toEqual({ id: 'user-1' })
		expect(scrubbed.tags).toEqual({ impersonated: 'yes', impersonated_email: 'teacher@oakfield.test' })
		expect(scrubbed.event_id).toBe('abc123abc123')
		expect(scrubbed.contexts.response).toEqual({ status_code: 400, headers: {} })
		expect(scrubbed.exception.values[0]!.stacktrace.frames[0]).toEqual({ lineno: 3 })
	})

	test('values given by the caller (what a request posted) are taken out too', () => {
		expect(JSON.stringify(scrubEvent({ message: 'no such school: zq81marker' }, ['zq81marker']))).not.toContain('zq81marker')
	})
})

describe('what database errors repeat', () => {
	test('the rows and keys PostgreSQL quotes, the literals of a statement, password hashes', () => {
		const scrubber = new Scrubber()
		expect(scrubber.text('null value in column "x" violates not-null constraint. Failing row contains (1, Sam, Okafor, null).')).toBe(
			`null value in column "x" violates not-null constraint. Failing row contains (${FILTERED}).`,
		)
		expect(scrubber.text('duplicate key value violates unique constraint "u". Key (upn)=(A123456789012) already exists.')).toBe(
			`duplicate key value violates unique constraint "u". Key (upn)=(${FILTERED}) already exists.`,
		)
		expect(scrubber.text(`update "student" set "first_name" = 'Sam', "note" = 'it''s' where "id" = '1' - deadlock`)).toBe(
			`update "student" set "first_name" = '${FILTERED}', "note" = '${FILTERED}' where "id" = '${FILTERED}' - deadlock`,
		)
		expect(scrubber.text("Cannot read properties of undefined (reading 'name')")).toBe("Cannot read properties of undefined (reading 'name')")
		expect(scrubber.text('hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA, ok')).toBe(`hash ${FILTERED}, ok`)
	})

	test('a one-word value is taken out as a word, not from inside other names', () => {
		expect(new Scrubber(['name']).text('first_name is missing: name')).toBe(`first_name is missing: ${FILTERED}`)
	})
})
