import { createCookie, type Cookie } from 'react-router'

/** Secure cookies need HTTPS; in production they also get the __Host- prefix (DESIGN.md §8). */
export const secureCookies = process.env.NODE_ENV === 'production'
const prefix = secureCookies ? '__Host-' : ''

export const SESSION_COOKIE = `${prefix}spencer_session`
export const PENDING_SIGN_IN_COOKIE = `${prefix}spencer_pending`

const base = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: secureCookies }

/** A cookie whose value is a random token; the server keeps only its hash. */
export function tokenCookie(name: string, maxAgeSeconds: number) {
	return createCookie(name, { ...base, maxAge: maxAgeSeconds })
}

/** The sidebar's state, read on the server so the first paint is right. Not secret. */
export const sidebarCookie = createCookie('sidebar-opened', { ...base, httpOnly: false, maxAge: 60 * 60 * 24 * 365 })

/** Points to an Impersonation row; signed, HttpOnly, __Host- in production, tied to the admin's session by the row. */
export const impersonationCookieName = () => `${prefix}spencer_impersonation`
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
	return createCookie(`${prefix}spencer_toast`, { ...base, maxAge: 60, secrets: [secret] })
}

/** The token a token cookie carries, or null. */
export async function readTokenCookie(cookie: Cookie, request: Request): Promise<string | null> {
	const value: unknown = await cookie.parse(request.headers.get('Cookie'))
	return typeof value === 'string' && value.length > 0 ? value : null
}
