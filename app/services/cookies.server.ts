import { createCookie, type Cookie } from 'react-router'
import { getEnv } from './env.server.ts'

/**
 * Secure cookies need HTTPS; in production they also get the __Host- prefix (docs/architecture.md#security). Read when a cookie is made,
 * not when this module loads: the configuration is read at start-up, after the build's modules are loaded.
 */
export const secureCookies = () => getEnv().NODE_ENV === 'production'
export const cookieName = (name: string) => (secureCookies() ? `__Host-${name}` : name)

export const SESSION_COOKIE = 'spencer_session'
export const PENDING_SIGN_IN_COOKIE = 'spencer_pending'

const base = {
	httpOnly: true,
	sameSite: 'lax' as const,
	path: '/',
	get secure() {
		return secureCookies()
	},
}

/** A cookie that modules hold from when they load, made afresh at each use from the configuration of the moment. */
function lazyCookie(cookie: () => Cookie): Cookie {
	return {
		get name() {
			return cookie().name
		},
		get isSigned() {
			return cookie().isSigned
		},
		get expires() {
			return cookie().expires
		},
		parse: (header, options) => cookie().parse(header, options),
		serialize: (value, options) => cookie().serialize(value, options),
	}
}

/** A cookie whose value is a random token; the server keeps only its hash. */
export function tokenCookie(name: string, maxAgeSeconds: number): Cookie {
	return lazyCookie(() => createCookie(cookieName(name), { ...base, maxAge: maxAgeSeconds }))
}

/** The sidebar's state, read on the server so the first paint is right. Not secret. */
export const sidebarCookie = lazyCookie(() => createCookie('sidebar-opened', { ...base, httpOnly: false, maxAge: 60 * 60 * 24 * 365 }))

/** Points to an Impersonation row; signed, HttpOnly, __Host- in production, tied to the admin's session by the row. */
export const impersonationCookieName = () => cookieName('spencer_impersonation')
/** Its name before ADR 018, without the prefix: still recognised, so an impersonation running across the upgrade ends cleanly. */
export const LEGACY_IMPERSONATION_COOKIE = 'impersonateToken'

export function impersonationCookie(secret: string, name = impersonationCookieName()) {
	return createCookie(name, { ...base, secrets: [secret] })
}

/** Whether the request carries a cookie of this name, whatever its value. */
export function hasCookie(request: Request, name: string): boolean {
	return (request.headers.get('Cookie') ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`))
}

/** The toast of the next page, signed so a page cannot be made to show someone else's words. */
export function toastCookie(secret: string) {
	return createCookie(cookieName('spencer_toast'), { ...base, maxAge: 60, secrets: [secret] })
}

/** The token a token cookie carries, or null. */
export async function readTokenCookie(cookie: Cookie, request: Request): Promise<string | null> {
	const value: unknown = await cookie.parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value.length > 0 ? value : null
}
