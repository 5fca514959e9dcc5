import { createContext, type RouterContextProvider } from 'react-router'
import type { Em, Orm } from '#app/services/database.server.ts'

/** The ORM, set by the server on each request's context. */
export const ormContext = createContext<Orm>()

/** What route modules work with: this request's own EntityManager. */
export type AppContext = { em: Em }
export const appContext = createContext<AppContext>()

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
	return context.get(appContext)
}
