import { redirect, type RouterContextProvider } from 'react-router'
import { getAppContext, type AppContext, type SessionEnds } from '#app/context.ts'
import type { Auth, Role } from '#app/lib/auth.ts'
import { homeFor } from './auth.server.ts'
import { RATE_LIMITS, hit, TOO_MANY_REQUESTS } from './rate-limit.server.ts'
import { clearSessionCookie } from './session.server.ts'
import { toastHeader } from './toast.server.ts'

type Context = Readonly<RouterContextProvider>
export type SignedIn = AppContext & { auth: Auth; sessionEnds: SessionEnds }

/**
 * The page a request is for, where signing in returns to. A client-side navigation or a submission with
 * JavaScript asks React Router's single fetch for `/path.data?_routes=…` (`/_.data` for `/`): the page is
 * `/path`, without the suffix and the routes it asked for. (Loaders and actions get it as `url`; the guards
 * take the request, which every route module passes them.)
 */
export function pagePath(request: Request): string {
	const url = new URL(request.url)
	const pathname = url.pathname.replace(/(^|\/)_\.data$/, '$1').replace(/\.data$/, '') || '/'
	url.searchParams.delete('_routes')
	return `${pathname}${url.search}`
}

/**
 * A signed-in user, or a redirect to the login screen that remembers where
 * they were going (and says so when their session has just expired).
 */
export async function requireUser(context: Context, request: Request): Promise<SignedIn> {
	const app = getAppContext(context)
	if (app.auth) return app as SignedIn
	const params = new URLSearchParams({ redirectTo: pagePath(request) })
	const headers = new Headers()
	if (app.sessionExpired) {
		headers.append('Set-Cookie', await clearSessionCookie())
		headers.append(
			'Set-Cookie',
			await toastHeader(app.em, { type: 'warning', title: 'Session expired', description: 'Please sign in again.' }),
		)
	}
	throw redirect(`/auth/login?${params}`, { headers })
}

/**
 * What a form sent for another role is answered with: the sender's home, and why nothing was saved. A page's form is
 * drawn for the school and role the session acts in; another tab may have switched school since (ADR 105).
 */
const NOT_SENT_FOR_THIS_ROLE = {
	type: 'warning',
	title: 'Not sent',
	description: 'Nothing was saved: since that page was opened, you have started working in another school or role (perhaps in another tab).',
} as const

/** A signed-in user with one of the roles; anyone else goes to their own home, told so when they had sent a form. */
export async function requireRole(context: Context, request: Request, ...roles: Role[]): Promise<SignedIn> {
	const app = await requireUser(context, request)
	if (app.auth.role && roles.includes(app.auth.role)) return app
	const home = homeFor(app.auth.role)
	if (request.method === 'GET' || request.method === 'HEAD') throw redirect(home)
	throw redirect(home, { headers: { 'Set-Cookie': await toastHeader(app.em, NOT_SENT_FOR_THIS_ROLE) } })
}

/** Auth screens are for visitors: a signed-in user goes to `/`. */
export function requireAnonymous(context: Context): AppContext {
	const app = getAppContext(context)
	if (app.auth) throw redirect('/')
	return app
}

/** 10 auth posts per IP address per minute; past that, the 429 the caller returns. */
export async function authPostLimit(app: AppContext): Promise<{ message: string; headers: Headers } | null> {
	const result = await hit(app.em, RATE_LIMITS.authPosts, app.clientAddress)
	if (result.allowed) return null
	return { message: TOO_MANY_REQUESTS, headers: new Headers({ 'Retry-After': String(result.retryAfterSeconds) }) }
}

/** Middleware for an area's layout route: the same rule as requireRole, for every screen below it. */
export function roleMiddleware(...roles: Role[]) {
	return async ({ context, request }: { context: Context; request: Request }, next: () => Promise<Response>) => {
		await requireRole(context, request, ...roles)
		return next()
	}
}
