import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
import { getEnv } from './env.server.ts'

export type Mail = { to: string; subject: string; text: string; html?: string }

let smtp: Transporter | null = null

/**
 * Sends a message: over SMTP when SMTP_URL is set, otherwise written as an
 * .eml file to MAIL_OUTBOX_DIR so the demo and the tests work offline.
 */
export async function sendMail(mail: Mail): Promise<void> {
	const { SMTP_URL: smtpUrl, MAIL_OUTBOX_DIR: outbox, MAIL_FROM: from } = getEnv()
	// Loaded with the first message, not at start: about 4 MB of heap a server that sends no mail need not hold (ADR 056).
	const { default: nodemailer } = await import('nodemailer')
	if (smtpUrl) {
		smtp ??= nodemailer.createTransport(smtpUrl)
		await smtp.sendMail({ from, ...mail })
		return
	}
	const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
	const info = await stream.sendMail({ from, ...mail })
	await mkdir(outbox, { recursive: true })
	const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`)
	await writeFile(file, info.message as Buffer)
	// The file and the subject only: the recipient's address is personal data, which never reaches a log; the file holds it.
	console.log(`Mail written to ${file}: "${mail.subject}"`)
}

/** For tests: forget the SMTP transport so a new SMTP_URL takes effect. */
export function resetMailTransport() {
	smtp?.close()
	smtp = null
}

/**
 * Where emailed links point: APP_URL, else this machine's own address (trying Spencer on one machine). Never the
 * request's Host header, which the sender of a request chooses: a reset link built from it could send its token to
 * any host.
 */
export function appUrl(): string {
	const { APP_URL, PORT } = getEnv()
	if (APP_URL) return APP_URL.replace(/\/$/, '')
	return `http://localhost:${PORT}`
}

/** Whole URLs printed on a page for the person reading it: APP_URL, else the address they opened the page at. */
export function printedUrlBase(request: Request): string {
	return getEnv().APP_URL ? appUrl() : new URL(request.url).origin
}
