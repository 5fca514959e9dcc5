import { createContext, type RouterContextProvider } from 'react-router'
import type { Auth } from '#app/services/auth.server.ts'
import type { Em, Orm } from '#app/services/database.server.ts'
import type { PayloadCopy } from '#app/services/monitoring.server.ts'

/** What the server hands to each request: the ORM and the client's address (as Express saw it). */
export type ServerContext = { orm: Orm; clientAddress: string }
export const serverContext = createContext<ServerContext>()

/**
 * What route modules work with: this request's own EntityManager, and who is
 * signed in (null for a visitor). `sessionExpired` says a session cookie came
 * with the request but its session is over.
 */
export type AppContext = {
	em: Em
	auth: Auth | null
	sessionExpired: boolean
	clientAddress: string
	/** For error reports: the request's body, kept when error reporting is on. */
	payload?: PayloadCopy | null
}
export const appContext = createContext<AppContext>()

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
	return context.get(appContext)
}
