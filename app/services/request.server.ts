import type { MiddlewareFunction } from 'react-router'
import { appContext, serverContext } from '#app/context.ts'
import { loadAuth } from './auth.server.ts'
import { forkEm } from './database.server.ts'
import { copyPayload } from './monitoring.server.ts'
import { readSession } from './session.server.ts'

/**
 * Root middleware: forks one EntityManager for the request, loads the session, and hands both to loaders and actions through
 * the router context. Signed-in pages are never cached.
 */
export const requestContextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const { orm, clientAddress } = context.get(serverContext)
	const em = forkEm(orm)
	const lookup = await readSession(em, request)
	const auth = lookup.state === 'active' ? await loadAuth(em, lookup.user, lookup.session.id) : null
	context.set(appContext, { em, auth, sessionExpired: lookup.state === 'expired', clientAddress, payload: copyPayload(request) })
	const response = await next()
	if (auth || lookup.state === 'expired') response.headers.set('Cache-Control', 'no-store')
	return response
}
