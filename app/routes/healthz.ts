import { getAppContext } from '#app/context.ts'
import { typedSql } from '#app/services/typed-sql.server.ts'
import type { Route } from './+types/healthz.ts'

/** Liveness and database reachability, after a real query. */
export async function loader({ context }: Route.LoaderArgs) {
	const { em } = getAppContext(context)
	try {
		await typedSql(em).selectNoFrom((eb) => eb.lit(1).as('one')).execute()
		return Response.json({ status: 'ok', database: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
	} catch {
		return Response.json(
			{ status: 'error', database: 'unreachable' },
			{ status: 503, headers: { 'Cache-Control': 'no-store' } },
		)
	}
}
