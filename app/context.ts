import { createContext, type RouterContextProvider } from 'react-router'
import type { Auth } from '#app/lib/auth.ts'
import type { HardEnd } from '#app/lib/session-timeout.ts'
import type { MikroORM } from '@mikro-orm/core'
import type { EntityManager, SqlEntityManager } from '@mikro-orm/sql'

/** The ORM (one per process, app/services/database.server.ts) and a request's own EntityManager. */
export type Orm = MikroORM
export type Em = SqlEntityManager & EntityManager

/** A copy of a write request's body, read only when an error report needs it (app/services/monitoring.server.ts). */
export type PayloadCopy = () => Promise<Record<string, unknown> | string>

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
	/**
	 * When the signed-in session ends: without another request (`idleAt`), and regardless (`hardAt`: the session's
	 * absolute end, or the impersonation's when sooner, as `hardEnd` says). Null for a visitor. The shell's warning
	 * reads it (ADR 099).
	 */
	sessionEnds: SessionEnds | null
	clientAddress: string
	/** A HEAD request: only the answer's headers are sent, so nothing is shown and no read is recorded (auditRead). */
	headOnly?: boolean
	/** For error reports: the request's body, kept when error reporting is on. */
	payload?: PayloadCopy | null
}
export const appContext = createContext<AppContext>()

export type SessionEnds = { idleAt: Date; hardAt: Date; hardEnd: HardEnd }

/** Someone not signed in yet: the request's EntityManager and the client's address (for rate limits). */
export type Visitor = Pick<AppContext, 'em' | 'clientAddress'>

export function getAppContext(context: Readonly<RouterContextProvider>): AppContext {
	return context.get(appContext)
}
