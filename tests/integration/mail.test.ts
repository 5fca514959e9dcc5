import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { getEnv, setEnv } from '#app/services/env.server.ts'
import { resetMailTransport, sendMail } from '#app/services/mail.server.ts'

const received: { from: string; to: string[]; data: string }[] = []
let server: SMTPServer

beforeAll(async () => {
	server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			let data = ''
			stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
					data,
				})
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	setEnv({ ...getEnv(), SMTP_URL: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` })
	resetMailTransport()
})

afterAll(async () => {
	setEnv({ ...getEnv(), SMTP_URL: undefined })
	resetMailTransport()
	await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('with SMTP_URL set, mail goes over SMTP to a real server', async () => {
	await sendMail({ to: 'senco@oakfield.test', subject: 'Your Spencer sign-in code', text: 'Your code is 123456.' })
	expect(received).toHaveLength(1)
	expect(received[0]!.to).toEqual(['senco@oakfield.test'])
	expect(received[0]!.from).toBe('no-reply@spencer.test')
	expect(received[0]!.data).toMatch(/^Subject: Your Spencer sign-in code$/m)
	expect(received[0]!.data).toContain('Your code is 123456.')
})

test('without SMTP_URL, mail is written to the outbox and its log line names the file and the subject, never the recipient', async () => {
	setEnv({ ...getEnv(), SMTP_URL: undefined })
	const log = vi.spyOn(console, 'log').mockImplementation(() => {})
	try {
		await sendMail({ to: 'marker-recipient@example.test', subject: 'Your Spencer sign-in code', text: 'Your code is 123456.' })
		const lines = log.mock.calls.map((call) => call.join(' '))
		expect(lines.some((line) => line.includes('Mail written to') && line.includes('"Your Spencer sign-in code"'))).toBe(true)
		expect(lines.join('\n')).not.toContain('marker-recipient')
	} finally {
		log.mockRestore()
		setEnv({ ...getEnv(), SMTP_URL: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` })
		resetMailTransport()
	}
})
