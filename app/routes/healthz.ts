import { getAppContext } from '#app/context.ts'
import type { Route } from './+types/healthz.ts'

/** Liveness and database reachability, after a real query. */
export async function loader({ context }: Route.LoaderArgs) {
	const { em } = getAppContext(context)
	try {
		await em.execute('select 1')
		return Response.json({ status: 'ok', database: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
	} catch {
		return Response.json(
			{ status: 'error', database: 'unreachable' },
			{ status: 503, headers: { 'Cache-Control': 'no-store' } },
		)
	}
}
