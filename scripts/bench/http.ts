/** What every bench script does over HTTP: wait for the server, and sign in. */

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
