import type { MiddlewareFunction } from 'react-router'
import { appContext, ormContext } from '#app/context.ts'
import { forkEm } from './database.server.ts'

/** Root middleware: one forked EntityManager per request, handed to loaders and actions through the context. */
export const requestContextMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	context.set(appContext, { em: forkEm(context.get(ormContext)) })
	return next()
}
