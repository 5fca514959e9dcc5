import type { MiddlewareFunction } from 'react-router'
import { appContext, serverContext, type SessionEnds } from '#app/context.ts'
import { authOf } from './auth.server.ts'
import { carriesImpersonation, clearCarriedImpersonation, impersonationEnded, readImpersonation } from './impersonation.server.ts'
import { forkEm } from './database.server.ts'
import { copyPayload } from './monitoring.server.ts'
import { countQueries, queryStatsEnabled } from './query-stats.server.ts'
import { readSession } from './session.server.ts'

/**
 * Root middleware: forks one EntityManager for the request, loads the session, and hands both to loaders and actions through
 * the router context. Signed-in pages are never cached.
 */
export const requestContextMiddleware: MiddlewareFunction<Response> = async ({ request, context, url }, next) => {
	const { orm, clientAddress } = context.get(serverContext)
	const em = forkEm(orm)
	const lookup = await readSession(em, request, { extend: isStaySignedIn(request, url) })
	let auth = lookup.state === 'active' ? authOf(lookup.user, lookup.memberships, lookup.sessionId, lookup.activeMembershipId) : null
	let sessionEnds: SessionEnds | null =
		lookup.state === 'active' ? { idleAt: lookup.expiresAt, hardAt: lookup.absoluteExpiresAt, hardEnd: 'session' } : null
	if (auth && sessionEnds) {
		const impersonation = await readImpersonation(em, request, auth)
		if (impersonation.state === 'active') {
			auth = impersonation.auth
			if (impersonation.expiresAt < sessionEnds.hardAt) sessionEnds = { ...sessionEnds, hardAt: impersonation.expiresAt, hardEnd: 'impersonation' }
		}
		// Expired or not valid for this session: 10002, the user back as themselves, then the schools list (ADR 018, 026);
		// but signing out goes on as the user themselves, and its answer clears the cookie (routes/auth/logout.ts).
		if (impersonation.state === 'ended' && !isSignOut(request, url)) throw await impersonationEnded(em, request, auth)
	}
	context.set(appContext, { em, auth, sessionExpired: lookup.state === 'expired', sessionEnds, clientAddress, headOnly: request.method === 'HEAD', payload: copyPayload(request) })
	const response = await next()
	if (auth || lookup.state === 'expired') response.headers.set('Cache-Control', 'no-store')
	// Without a session an impersonation cookie points to nothing: it goes too.
	if (!auth && carriesImpersonation(request)) for (const header of await clearCarriedImpersonation(em, request)) response.headers.append('Set-Cookie', header)
	return response
}

/** The sign-out's post, as a form or through React Router's single fetch (`url` is the page either way). */
const isSignOut = (request: Request, url: URL) => request.method === 'POST' && url.pathname === '/auth/logout'
/** The session warning's "Stay signed in" (routes/session-extend.ts): its session slides on now, whenever last touched. */
const isStaySignedIn = (request: Request, url: URL) => request.method === 'POST' && url.pathname === '/session/extend'

/** With QUERY_STATS=1, every response says how many SQL queries it took (X-Query-Count). */
export const queryStatsMiddleware: MiddlewareFunction<Response> = async (_, next) => {
	if (!queryStatsEnabled()) return next()
	const { result: response, count } = await countQueries(() => next())
	response.headers.set('X-Query-Count', String(count))
	return response
}
