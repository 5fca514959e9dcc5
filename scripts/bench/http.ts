/** What every bench script does over HTTP: wait for the server, and sign in. */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const DEMO_PASSWORD = 'Spencer!2026'

/** Waits up to two minutes for `url` to answer 2xx. */
export async function waitFor(url: string) {
	for (let i = 0; i < 240; i++) {
		try {
			if ((await fetch(url)).ok) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 500))
	}
	throw new Error(`${url} did not answer`)
}

/**
 * Posts the password step of the sign-in form. Returns the cookies set (name=value): the session's for school
 * staff, the pending sign-in's for an account that is sent a code.
 */
export async function postPassword(base: string, email: string, password = DEMO_PASSWORD): Promise<{ cookies: string[]; status: number }> {
	const response = await fetch(`${base}/auth/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
		body: new URLSearchParams({ intent: 'password', email, password }),
	})
	return { cookies: response.headers.getSetCookie().map((value) => value.split(';')[0]!), status: response.status }
}

/** A session cookie for school staff (they sign in with the password alone). */
export async function signIn(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
	const { cookies, status } = await postPassword(base, email, password)
	return sessionOf(cookies, email, status)
}

export function sessionOf(cookies: string[], email: string, status: number): string {
	const session = cookies.find((value) => value.includes('spencer_session='))
	if (!session) throw new Error(`could not sign in as ${email} (${status})`)
	return session
}

/** A session cookie for an account sent a code at sign-in (the platform admin): the code is read from the server's outbox. */
export async function signInWithCode(base: string, outbox: string, email: string): Promise<string> {
	const first = await postPassword(base, email, DEMO_PASSWORD)
	const mail = readdirSync(outbox)
		.filter((file) => file.endsWith('.eml'))
		.sort()
		.map((file) => readFileSync(path.join(outbox, file), 'utf8'))
		.filter((raw) => raw.includes(email) && raw.includes('sign-in code'))
		.at(-1)
	const code = mail ? /\b(\d{6})\b/.exec(mail.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1] : undefined
	if (!code) throw new Error(`no sign-in code for ${email} (${first.status})`)
	const verified = await fetch(`${base}/auth/login`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Cookie: first.cookies.join('; ') },
		body: new URLSearchParams({ intent: 'code', code }),
	})
	return sessionOf(verified.headers.getSetCookie().map((value) => value.split(';')[0]!), email, verified.status)
}
